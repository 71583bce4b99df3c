/** Prisma's error codes that mean a constraint or a missing row, not a broken database. */
enum PrismaErrorCode {
  UniqueViolation = 'P2002',
  ForeignKeyViolation = 'P2003',
  /** A raw query failed; the driver's error (and its SQLSTATE) is under meta.driverAdapterError. */
  RawQueryFailed = 'P2010',
  RecordNotFound = 'P2025',
}

/** PostgreSQL SQLSTATEs of the integrity violations a feature can give a meaning to. */
enum PgErrorCode {
  UniqueViolation = '23505',
  ForeignKeyViolation = '23503',
}

const UNREACHABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH']);
// 08xxx connection exceptions, admin/crash shutdown, "cannot connect now", missing database, too many connections,
// and 57014, a statement cancelled (statement_timeout): the database did not do the work in time.
const UNREACHABLE_SQLSTATES = /^(08...|57P0[123]|3D000|53300|57014)$/;
// P1008: operation timed out.
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1003', 'P1008', 'P1017', 'P2024']);
// pg's own timeouts: 'Query read timeout' (query_timeout, a server that stopped answering), 'Connection terminated
// due to connection timeout' (connectionTimeoutMillis), 'timeout exceeded when trying to connect' (pool wait).
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Query read timeout|DatabaseNotReachable|ConnectionClosed|Cannot use a pool after calling end/i;

/** True when the error says the database cannot be reached, however deeply a driver wrapped it. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const e = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      kind?: unknown;
      originalCode?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    const code = typeof e.code === 'string' ? e.code : typeof e.originalCode === 'string' ? e.originalCode : '';
    if (UNREACHABLE_NODE_CODES.has(code) || UNREACHABLE_SQLSTATES.test(code) || UNREACHABLE_PRISMA_CODES.has(code)) return true;
    if (
      typeof e.kind === 'string' &&
      /DatabaseNotReachable|DatabaseDoesNotExist|ConnectionClosed|SocketTimeout|TooManyConnections/.test(e.kind)
    )
      return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
    // Raw queries fail as P2010 ("raw query failed") with the driver's error under meta, not as P1001.
    current = e.cause ?? e.meta?.driverAdapterError;
  }
  return false;
}

/**
 * What the database's refusals mean to one feature: a violated unique or foreign-key constraint,
 * by the constraint's name, and a write to a row that is not there (Prisma's P2025). Declared by
 * each repository next to its statements.
 */
interface DatabaseErrorMap {
  readonly constraints?: Readonly<Record<string, () => Error>>;
  readonly recordNotFound?: () => Error;
}

/**
 * The one mapper from database errors to domain errors, for `.catch()` or a catch block:
 * throws the feature's error when the map names the refusal, the original error otherwise
 * (so an outage still reaches the filter as 503 and anything unforeseen as a logged 500).
 * Reads pg's own errors (the pool's hot paths) and Prisma's (which carry pg's under `meta`).
 */
export function mapDatabaseErrors(map: DatabaseErrorMap): (error: unknown) => never {
  return (error: unknown): never => {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === PrismaErrorCode.RecordNotFound && map.recordNotFound) throw map.recordNotFound();
    const constraint = violatedConstraint(error);
    // Own properties only: a constraint named like an Object.prototype member must not match.
    if (constraint !== undefined && map.constraints && Object.hasOwn(map.constraints, constraint)) throw map.constraints[constraint]();
    throw error;
  };
}

const INTEGRITY_SQLSTATES: ReadonlySet<unknown> = new Set(Object.values(PgErrorCode));
const PRISMA_WRAPPERS: ReadonlySet<unknown> = new Set([
  PrismaErrorCode.UniqueViolation,
  PrismaErrorCode.ForeignKeyViolation,
  PrismaErrorCode.RawQueryFailed,
]);

/** The name of the unique or foreign-key constraint the statement violated, if that is what failed. */
function violatedConstraint(error: unknown): string | undefined {
  const e = error as {
    code?: unknown;
    constraint?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; constraint?: { index?: unknown } } } };
  } | null;
  if (!e) return undefined;
  if (INTEGRITY_SQLSTATES.has(e.code)) return typeof e.constraint === 'string' ? e.constraint : undefined;
  const driverError = PRISMA_WRAPPERS.has(e.code) ? e.meta?.driverAdapterError?.cause : undefined;
  if (!driverError || !INTEGRITY_SQLSTATES.has(driverError.originalCode)) return undefined;
  return typeof driverError.constraint?.index === 'string' ? driverError.constraint.index : undefined;
}

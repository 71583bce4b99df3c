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

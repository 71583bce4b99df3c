const UNREACHABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH']);
// 08xxx connection exceptions, admin/crash shutdown, "cannot connect now", missing database, too many connections,
// and 57014, a statement cancelled (statement_timeout): the database did not do the work in time.
const UNREACHABLE_SQLSTATES = /^(08...|57P0[123]|3D000|53300|57014)$/;
// P1008: operation timed out.
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1003', 'P1008', 'P1017', 'P2024']);
// pg's own timeouts: 'Query read timeout' (query_timeout, a server that stopped answering), 'Connection terminated
// due to connection timeout' (connectionTimeoutMillis), 'timeout exceeded when trying to connect' (pool wait);
// Prisma's interactive transaction that could not start, or outlived its timeout, in time (P2028).
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Query read timeout|DatabaseNotReachable|ConnectionClosed|Cannot use a pool after calling end|Unable to start a transaction in the given time|cannot be executed on an expired transaction/i;

/**
 * True when the error says the database cannot be reached, however deeply a driver wrapped it.
 * In common/ because the error mapper turns it into 503 database_unavailable for every layer.
 */
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

import { SECRET_KEY } from './redaction.js';

/**
 * SQL for a hot management write that inserts its own sapi entry: one autocommit statement that
 * changes the row and logs it is atomic like a request transaction, in one round trip instead of
 * three (BEGIN, the statement, the entry with COMMIT).
 *
 * Everything here is plain SQL inside the statement, so PostgreSQL plans it once per connection
 * with the named statement (PrismaService.sql). Calling tenant_log_write / tenant_log_change
 * instead (PL/pgSQL, each query in them a separate executor run) cost a PATCH ~145 µs of database
 * CPU against ~50 µs inline (bench/NOTES.md, "Third pass"). The capture trigger keeps building its
 * changes with tenant_log_change; an e2e test holds both to the same shape.
 */

/** Parameters the INSERT takes after the statement's own, in SapiEntry.take() order. */
export const SAPI_PARAMS = 7;

/**
 * The INSERT of the request's entry, to end a statement's CTEs with. `first` is the number of the
 * first entry parameter; `changes` a jsonb array expression over `from`, which yields one row
 * when the entry is due. An entry already taken (all NULL) inserts nothing.
 */
export function insertSapiSql(first: number, changes: string, from: string): string {
  const [description, clientId, ip, userAgent, hostname, userId, details] = Array.from({ length: SAPI_PARAMS }, (_, i) => `$${first + i}`);
  return `INSERT INTO tenant_logs (type, description, client_id, client_name, ip, user_agent, hostname, user_id, details)
         SELECT 'sapi', ${description}, ${clientId}, (SELECT name FROM clients WHERE client_id = ${clientId}),
                ${ip}, ${userAgent}, ${hostname}, ${userId},
                ${details}::jsonb || jsonb_build_object('changes', c.changes, 'changes_total', jsonb_array_length(c.changes))
           FROM ${from} CROSS JOIN LATERAL (SELECT ${changes} AS changes) c
          WHERE ${details}::text IS NOT NULL`;
}

interface RowShape {
  table: string;
  /** The primary key's columns, as the change's `key`. */
  key: readonly string[];
}

/**
 * A deleted row as one change: `before` holds `columns` of the row `alias` (all of its columns;
 * the statement's column list is typed against the model), `after` is null.
 */
export function deletedRowSql({ table, key }: RowShape, columns: readonly string[], alias: string): string {
  const before = objectSql(columns, alias);
  return `jsonb_build_object('table', '${table}', 'op', 'delete', 'key', ${objectSql(key, alias)}, 'before', ${before}, 'after', NULL)`;
}

/**
 * An updated row as a jsonb array of at most one change: `before` and `after` hold the `changed`
 * columns (those the statement sets; no other can differ) whose values differ between `oldAlias`
 * and `newAlias`; no change at all when none does.
 */
export function updatedRowSql({ table, key }: RowShape, changed: readonly string[], oldAlias: string, newAlias: string): string {
  guard(changed);
  const differs = (column: string) => `${oldAlias}.${column} IS DISTINCT FROM ${newAlias}.${column}`;
  const side = (alias: string) =>
    changed.map((c) => `CASE WHEN ${differs(c)} THEN jsonb_build_object('${c}', ${alias}.${c}) ELSE '{}'::jsonb END`).join(' || ');
  return `CASE WHEN ${changed.map(differs).join(' OR ')}
           THEN jsonb_build_array(jsonb_build_object('table', '${table}', 'op', 'update', 'key', ${objectSql(key, newAlias)},
                  'before', ${side(oldAlias)}, 'after', ${side(newAlias)}))
           ELSE '[]'::jsonb END`;
}

function objectSql(columns: readonly string[], alias: string): string {
  guard(columns);
  return `jsonb_build_object(${columns.map((c) => `'${c}', ${alias}.${c}`).join(', ')})`;
}

/**
 * tenant_log_change redacts any value under a secret-named key; these statements skip that work,
 * so they refuse such a column at boot rather than log its value. Names are SQL identifiers here.
 */
function guard(columns: readonly string[]): void {
  for (const column of columns) {
    if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`not a column name: ${column}`);
    if (SECRET_KEY.test(column)) throw new Error(`column ${column} names a secret: log it through tenant_log_change, which redacts it`);
  }
}

import { SECRET_KEY } from './redaction.js';

/**
 * SQL for a hot management write that inserts its own sapi entry: one autocommit statement that
 * changes the row and logs it is atomic like a request transaction, in one round trip instead of
 * three (BEGIN, the statement, the entry with COMMIT).
 *
 * Everything here is plain SQL inside the statement, so PostgreSQL plans it once per connection
 * with the named statement (PrismaService.sql). The entry's details are put together as JSON
 * text: the service sends the members it knows, the statement adds the changed row, and the text is
 * stored as written (a text column: a json column parsed it again on every write). Built as jsonb (a
 * jsonb parse of the service's part, jsonb_build_object re-encoding every nested level, a
 * concatenation) the entry cost PostgreSQL more than the write itself (bench/NOTES.md, "Issue 11: a
 * cheaper entry"). The capture trigger keeps building its changes with tenant_log_change; an e2e
 * test holds both to the same shape.
 */

/** Parameters the INSERT takes after the statement's own, in SapiEntry.take() order. */
export const SAPI_PARAMS = 7;

/** An entry's changes as SQL: `list` a JSON array as text, `total` how many it holds. */
interface ChangesSql {
  list: string;
  total: string;
}

/** For a statement that changes no row. */
export const NO_CHANGES: ChangesSql = { list: `'[]'`, total: '0' };

/**
 * The INSERT of the request's entry, to end a statement's CTEs with. `first` is the number of the
 * first entry parameter; `changes` are expressions over `from`, which yields one row when the entry
 * is due. An entry already taken (all NULL) inserts nothing. The details parameter is the details
 * object's members without its braces (SapiEntry), so the changes join them as text.
 */
export function insertSapiSql(first: number, changes: ChangesSql, from: string): string {
  const [description, clientId, ip, userAgent, hostname, userId, details] = Array.from({ length: SAPI_PARAMS }, (_, i) => `$${first + i}`);
  return `INSERT INTO tenant_logs (type, description, client_id, client_name, ip, user_agent, hostname, user_id, details)
         SELECT 'sapi', ${description}, ${clientId}, (SELECT name FROM clients WHERE client_id = ${clientId}),
                ${ip}, ${userAgent}, ${hostname}, ${userId},
                ('{' || CASE WHEN ${details} = '' THEN '' ELSE ${details} || ',' END
                     || '"changes":' || ${changes.list} || ',"changes_total":' || ${changes.total} || '}')
           FROM ${from}
          WHERE ${details}::text IS NOT NULL`;
}

interface RowShape {
  table: string;
  /** The primary key's columns, as the change's `key`. */
  key: readonly string[];
}

/**
 * The rows the CTE `deleted` removed, as changes: `before` is each row whole, `after` is null.
 * `deleted` must be a DELETE ... RETURNING `returning` (`columns`, typed against the model by the
 * caller), so the row holds exactly those columns and row_to_json renders it in one call: built
 * with json_build_object, each value's type was looked up again on every row, the largest part of
 * what the change cost (bench/NOTES.md, "Issue 11: cheaper changes, one index fewer, details as
 * text"). `from` is the one-row FROM item, named `alias`, the changes read.
 */
export function deletedRowsSql(
  { table, key }: RowShape,
  columns: readonly string[],
  deleted: string,
  alias: string,
): { returning: string; changes: ChangesSql; from: string } {
  guard([table, ...columns]);
  const change = `'{"table":"${table}","op":"delete","key":' || ${objectSql(key, 'r')}::text || ',"before":' || row_to_json(r)::text || ',"after":null}'`;
  return {
    returning: columns.join(', '),
    changes: { list: `${alias}.list`, total: `${alias}.total` },
    from: `(SELECT coalesce('[' || string_agg(${change}, ',') || ']', '[]') AS list, count(*) AS total FROM ${deleted} r) ${alias}`,
  };
}

/**
 * An updated row as at most one change: `before` and `after` hold the `changed` columns (those the
 * statement sets; no other can differ) whose values differ between `oldAlias` and `newAlias`; no
 * change at all when none does.
 */
export function updatedRowSql({ table, key }: RowShape, changed: readonly string[], oldAlias: string, newAlias: string): ChangesSql {
  guard([table, ...changed]);
  const differs = (column: string) => `${oldAlias}.${column} IS DISTINCT FROM ${newAlias}.${column}`;
  const any = changed.map(differs).join(' OR ');
  // concat_ws skips the NULL of each column that did not change.
  const side = (alias: string) =>
    `'{' || concat_ws(',', ${changed.map((c) => `CASE WHEN ${differs(c)} THEN '"${c}":' || to_json(${alias}.${c})::text END`).join(', ')}) || '}'`;
  return {
    list: `CASE WHEN ${any}
             THEN '[{"table":"${table}","op":"update","key":' || ${objectSql(key, newAlias)}::text
                  || ',"before":' || ${side(oldAlias)} || ',"after":' || ${side(newAlias)} || '}]'
             ELSE '[]' END`,
    total: `CASE WHEN ${any} THEN 1 ELSE 0 END`,
  };
}

function objectSql(columns: readonly string[], alias: string): string {
  guard(columns);
  return `json_build_object(${columns.map((c) => `'${c}', ${alias}.${c}`).join(', ')})`;
}

/**
 * tenant_log_change redacts any value under a secret-named key; these statements skip that work,
 * so they refuse such a column at boot rather than log its value. Names are SQL identifiers here,
 * which also makes them JSON strings without escapes.
 */
function guard(names: readonly string[]): void {
  for (const name of names) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a column name: ${name}`);
    if (SECRET_KEY.test(name)) throw new Error(`column ${name} names a secret: log it through tenant_log_change, which redacts it`);
  }
}

import { SECRET_KEY } from './redaction.js';

/**
 * SQL for a hot management write that inserts its own sapi entry: one autocommit statement that
 * changes at most one row, found by its key, and logs it is atomic like a request transaction, in
 * one round trip instead of three (BEGIN, the statement, the entry with COMMIT).
 *
 * The statement inserts the entry only when it changed the row; otherwise RETURNING yields nothing
 * and the repository hands the entry back (SapiEntry.release), for RequestLogHook to write it with
 * no changes. The service knows everything in the entry's details but the row's values: it sends
 * them as text cut around those values (SapiEntry.take), and the statement only joins the pieces.
 * PostgreSQL sets up a statement's expressions again on every execution: built in SQL (a CASE for
 * the empty details, the change's key, an aggregate for "any number of rows", a CASE for "no
 * change") the entry's expressions cost more than its row and its four index entries
 * (bench/NOTES.md, "Issue 11: the true cost of logging, and a smaller statement").
 */

/** The entry's columns a statement fills from parameters, in SapiEntry.take() order, before the details' pieces. */
const FIELDS = ['description', 'client_id', 'ip', 'user_agent', 'hostname', 'user_id'] as const;
export const SAPI_FIELDS = FIELDS.length;

interface RowShape {
  table: string;
  /** The primary key's columns, as the change's `key`. */
  key: readonly string[];
}

/** The change a statement's entry records, but the row's values: what the service renders. */
export interface ChangeFrame {
  table: string;
  op: 'update' | 'delete';
  key: Record<string, string>;
}

/** How many parameters an entry takes: its fields, then its details' pieces. */
export function sapiParams(op: ChangeFrame['op']): number {
  return FIELDS.length + changePieces('', { table: '', op, key: {} }).length;
}

/**
 * The details as text cut where the statement adds the row's values: `members` (the details
 * object's members, without braces) and the change around `before` (and `after` for an update).
 * The JSON must be storable (storableJson): the key's values come from the request.
 */
export function changePieces(members: string, { table, op, key }: ChangeFrame, json = JSON.stringify): string[] {
  const head = `{${members === '' ? '' : `${members},`}"changes":[{"table":${json(table)},"op":"${op}","key":${json(key)},"before":`;
  const tail = '],"changes_total":1}';
  return op === 'delete' ? [head, `,"after":null}${tail}`] : [head, ',"after":', `}${tail}`];
}

/**
 * The INSERT of the entry, to end a statement's CTEs with; `first` is the number of the first entry
 * parameter, `details` an expression over them (`piece(i)` is the i-th piece of the details) and
 * `from`, which yields one row when the entry is due. A taken entry (all NULL) inserts nothing.
 */
function insertSql(first: number, details: (piece: (i: number) => string) => string, from: string, where = ''): string {
  const field = (i: number) => `$${first + i}`;
  const piece = (i: number) => field(FIELDS.length + i);
  return `INSERT INTO tenant_logs (type, ${FIELDS.join(', ')}, client_name, details)
         SELECT 'sapi', ${FIELDS.map((_, i) => field(i)).join(', ')}, (SELECT name FROM clients WHERE client_id = ${field(1)}),
                ${details(piece)}
           FROM ${from}
          WHERE ${piece(0)}::text IS NOT NULL ${where}
         RETURNING 1`;
}

/**
 * The entry of a DELETE of one row by its key (the CTE `deleted`, `DELETE ... RETURNING
 * returning`): the row whole as `before`. row_to_json renders it in one call, so the DELETE returns
 * exactly the model-typed, secret-guarded columns given.
 */
export function deletedRowSql(
  shape: RowShape,
  columns: readonly string[],
  first: number,
): { returning: string; insert: string; change: (keyValues: readonly string[]) => ChangeFrame } {
  guard([shape.table, ...shape.key, ...columns]);
  return {
    returning: columns.join(', '),
    insert: insertSql(first, (piece) => `${piece(0)} || row_to_json(d)::text || ${piece(1)}`, 'deleted d'),
    change: frame(shape, 'delete'),
  };
}

/**
 * The entry of an UPDATE of one row by its key (`newAlias` the updated row, `oldAlias` the row as it
 * was): `before` and `after` hold the `changed` columns (those the statement sets; no other can
 * differ) whose values differ; no entry from the statement when none does.
 */
export function updatedRowSql(
  shape: RowShape,
  changed: readonly string[],
  { first, from, oldAlias, newAlias }: { first: number; from: string; oldAlias: string; newAlias: string },
): { insert: string; change: (keyValues: readonly string[]) => ChangeFrame } {
  guard([shape.table, ...shape.key, ...changed]);
  const differs = (column: string) => `${oldAlias}.${column} IS DISTINCT FROM ${newAlias}.${column}`;
  // concat_ws skips the NULL of each column that did not change.
  const side = (alias: string) =>
    `'{' || concat_ws(',', ${changed.map((c) => `CASE WHEN ${differs(c)} THEN '"${c}":' || to_json(${alias}.${c})::text END`).join(', ')}) || '}'`;
  return {
    insert: insertSql(
      first,
      (piece) => `${piece(0)} || ${side(oldAlias)} || ${piece(1)} || ${side(newAlias)} || ${piece(2)}`,
      from,
      `AND (${changed.map(differs).join(' OR ')})`,
    ),
    change: frame(shape, 'update'),
  };
}

/** The key's values in the order of the shape's columns, as the change's frame. */
function frame({ table, key }: RowShape, op: ChangeFrame['op']): (keyValues: readonly string[]) => ChangeFrame {
  return (keyValues) => ({ table, op, key: Object.fromEntries(key.map((column, i) => [column, keyValues[i]])) });
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

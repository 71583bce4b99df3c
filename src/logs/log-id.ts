/*
 * An entry's log_id is a rendering of its place in commit-visibility order, (tx_id, seq): '900',
 * then each as 20 digits. So log_ids sort as (tx_id, seq) do, and paging or looking up by log_id
 * goes through the (tx_id, seq) index. Kept as a column of its own, filled by a trigger and held
 * unique by a third index, it cost every logged write a tenth of PostgreSQL's work for it
 * (docs/performance.md, "log_id from (tx_id, seq)").
 */
const PREFIX = '900';
const DIGITS = 20;
const LENGTH = PREFIX.length + 2 * DIGITS;
const PATTERN = new RegExp(`^${PREFIX}\\d{${2 * DIGITS}}$`);
const MAX = 2n ** 63n - 1n;

/** The same rendering in SQL, over tenant_logs. */
export const LOG_ID_SQL = `('${PREFIX}' || lpad(tenant_logs.tx_id::text, ${DIGITS}, '0') || lpad(tenant_logs.seq::text, ${DIGITS}, '0'))`;

/** A (tx_id, seq) position; seq may be -1 in a bound, to include the whole of a transaction. */
export interface LogPosition {
  tx: bigint;
  seq: bigint;
}

/** Before every entry. */
export const FIRST: LogPosition = { tx: -1n, seq: -1n };

export function logId(tx: bigint | string, seq: bigint | string): string {
  return PREFIX + String(tx).padStart(DIGITS, '0') + String(seq).padStart(DIGITS, '0');
}

/** The entry a log_id names, when it is one this service can have written. */
export function parseLogId(id: string): LogPosition | undefined {
  if (!PATTERN.test(id)) return undefined;
  const position = toPosition(id);
  return position.tx > MAX || position.seq > MAX ? undefined : position;
}

/**
 * The bound B such that the entries whose log_id sorts after `from` (code unit order, like the
 * ids themselves) are exactly those with (tx_id, seq) > B, for any string a client sends: the
 * first place where `from` leaves the log_id pattern decides whether every id with the prefix
 * matched so far sorts before it or after it.
 */
export function positionAfter(from: string): LogPosition {
  let i = 0;
  for (; i < LENGTH && i < from.length; i++) {
    const c = from[i];
    const [low, high] = i < PREFIX.length ? [PREFIX[i], PREFIX[i]] : ['0', '9'];
    if (c < low) return boundAt(from.slice(0, i) + fill(i, 'min'), true);
    if (c > high) return boundAt(from.slice(0, i) + fill(i, 'max'), false);
  }
  // `from` is a proper prefix of ids (every id with it sorts after it), or an id itself, or an
  // id followed by more (which sorts after that id).
  return i < LENGTH ? boundAt(from + fill(i, 'min'), true) : boundAt(from.slice(0, LENGTH), false);
}

/** The rest of an id from position i, the smallest or the largest it can be. */
function fill(i: number, end: 'min' | 'max'): string {
  const prefixRest = i < PREFIX.length ? PREFIX.slice(i) : '';
  return prefixRest + (end === 'min' ? '0' : '9').repeat(LENGTH - Math.max(i, PREFIX.length));
}

/** The bound for the entries after `id`, or from `id` on when `inclusive` (a pattern-shaped id, possibly past bigint). */
function boundAt(id: string, inclusive: boolean): LogPosition {
  const { tx, seq } = toPosition(id);
  if (tx > MAX) return { tx: MAX, seq: MAX };
  if (seq > MAX) return { tx, seq: MAX };
  return { tx, seq: inclusive ? seq - 1n : seq };
}

function toPosition(id: string): LogPosition {
  return { tx: BigInt(id.slice(PREFIX.length, PREFIX.length + DIGITS)), seq: BigInt(id.slice(PREFIX.length + DIGITS)) };
}

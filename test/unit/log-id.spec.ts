import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIRST, logId, parseLogId, positionAfter, type LogPosition } from '../../src/logs/log-id.js';

const MAX = 2n ** 63n - 1n;
const after = (p: LogPosition, bound: LogPosition) => p.tx > bound.tx || (p.tx === bound.tx && p.seq > bound.seq);

// Positions near the ones the strings below are built around, and the extremes.
const positions: LogPosition[] = [];
for (const tx of [0n, 1n, 9n, 10n, 11n, 700n, 701n, 799n, MAX - 1n, MAX]) {
  for (const seq of [0n, 1n, 9n, 10n, 99n, 100n, 101n, 555n, MAX]) positions.push({ tx, seq });
}

/** Strings around the ids of `positions`: ids, their prefixes, ids with a character changed or added. */
function probes(random: () => number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const chars = ['0', '1', '5', '8', '9', '-', '/', ' ', ':', 'a', 'Z', '~', 'é'];
  const out = ['', '8', '9', '90', '900', '901', '89', '9000', 'a', '0', logId(0n, 0n), logId(MAX, MAX)];
  for (let i = 0; i < 3000; i++) {
    let s = logId(pick(positions).tx, pick(positions).seq);
    const cut = Math.floor(random() * (s.length + 2));
    const kind = pick(['prefix', 'replace', 'append', 'replace-tail']);
    if (kind === 'prefix') s = s.slice(0, cut);
    else if (kind === 'replace') s = s.slice(0, cut) + pick(chars) + s.slice(cut + 1);
    else if (kind === 'append') s = s + pick(chars) + pick(chars);
    else s = s.slice(0, cut) + pick(chars) + '9'.repeat(Math.floor(random() * 45));
    out.push(s);
  }
  return out;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('log ids: a rendering of (tx_id, seq)', () => {
  it("renders '900' and both numbers as 20 digits, and reads back only what it renders", () => {
    assert.equal(logId(42n, 7n), '900' + '42'.padStart(20, '0') + '7'.padStart(20, '0'));
    assert.equal(logId('42', '7'), logId(42n, 7n));
    for (const p of positions) assert.deepEqual(parseLogId(logId(p.tx, p.seq)), p);
    const valid = logId(42n, 7n);
    for (const invalid of [
      '',
      valid.slice(1),
      valid + '0',
      '8' + valid.slice(1),
      valid.slice(0, -1) + 'x',
      logId(MAX + 1n, 1n),
      logId(1n, MAX + 1n),
    ]) {
      assert.equal(parseLogId(invalid), undefined, invalid);
    }
  });

  it('sorts as (tx_id, seq) do', () => {
    const sorted = [...positions].sort((a, b) => (a.tx === b.tx ? Number(a.seq - b.seq) : a.tx < b.tx ? -1 : 1));
    const ids = sorted.map((p) => logId(p.tx, p.seq));
    assert.deepEqual([...ids].sort(), ids);
  });

  it('positionAfter(s): exactly the ids that sort after s, for any string', () => {
    let checked = 0;
    for (const from of probes(seeded(7))) {
      const bound = positionAfter(from);
      assert.ok(
        bound.tx >= -1n && bound.tx <= MAX && bound.seq >= -1n && bound.seq <= MAX,
        `${from}: ${bound.tx}/${bound.seq} out of bigint`,
      );
      for (const p of positions) {
        assert.equal(
          after(p, bound),
          logId(p.tx, p.seq) > from,
          `from ${JSON.stringify(from)}, entry ${p.tx}/${p.seq}, bound ${bound.tx}/${bound.seq}`,
        );
        checked++;
      }
    }
    assert.ok(checked > 200_000);
  });

  it('FIRST is before every entry, an id itself is after its own entry', () => {
    assert.ok(positions.every((p) => after(p, FIRST)));
    assert.deepEqual(positionAfter(logId(5n, 3n)), { tx: 5n, seq: 3n });
    assert.ok(positions.every((p) => after(p, positionAfter(''))));
  });
});

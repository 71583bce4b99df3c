import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoundedMap } from '../../src/common/bounded-map.js';

// The bound of the in-process caches: verified bearer tokens (JwtStrategy) and proven client secrets.
describe('bounded map', () => {
  it('answers by exact key only', () => {
    const tokens = new BoundedMap<string, string>(10);
    tokens.set('a.b.c', 'a');
    assert.equal(tokens.get('a.b.c'), 'a');
    assert.equal(tokens.get('a.b.d'), undefined);
    assert.equal(tokens.get('a.b.c '), undefined);
  });

  it('stays within its capacity, the oldest going first', () => {
    const tokens = new BoundedMap<string, string>(3);
    for (const t of ['t1', 't2', 't3', 't4']) tokens.set(t, t);
    assert.equal(tokens.get('t1'), undefined);
    assert.deepEqual(
      ['t2', 't3', 't4'].map((t) => tokens.get(t)),
      ['t2', 't3', 't4'],
    );
    assert.equal(tokens.size, 3);
    // Setting a known key again evicts nothing.
    tokens.set('t3', 't3 again');
    assert.equal(tokens.get('t2'), 't2');
    assert.equal(tokens.get('t3'), 't3 again');
  });

  it('forgets a key on demand', () => {
    const tokens = new BoundedMap<string, string>(10);
    tokens.set('t', 't');
    tokens.delete('t');
    assert.equal(tokens.get('t'), undefined);
  });
});

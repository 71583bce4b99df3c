import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { takeToken, toRecord, type BucketState } from '../../src/rate-limit/token-bucket.js';

// limit 3, whole bucket refills in 3000 ms: one token per second.
const LIMIT = 3;
const TTL = 3_000;

function run(times: number[]) {
  let state: BucketState | undefined;
  return times.map((now) => {
    const step = takeToken(state, now, LIMIT, TTL);
    state = step.state;
    return { ...toRecord(step.state.tokens, step.allowed, LIMIT, TTL), tokens: step.state.tokens };
  });
}

describe('takeToken', () => {
  it('a new bucket is full: the first take leaves limit - 1 and reports one hit', () => {
    const [first] = run([0]);
    assert.deepEqual(first, { totalHits: 1, timeToExpire: 1, isBlocked: false, timeToBlockExpire: 0, tokens: 2 });
  });

  it('a burst of `limit` passes, the next is blocked with the time to the next token', () => {
    const records = run([0, 0, 0, 0]);
    assert.deepEqual(
      records.map((r) => r.totalHits),
      [1, 2, 3, 4],
    );
    assert.deepEqual(
      records.map((r) => r.isBlocked),
      [false, false, false, true],
    );
    assert.deepEqual(
      records.map((r) => r.timeToExpire),
      [1, 2, 3, 3],
    );
    assert.equal(records[3].timeToBlockExpire, 1);
    assert.equal(records[3].tokens, 0);
  });

  it('refills evenly: one token per ttl/limit ms', () => {
    const records = run([0, 0, 0, 999, 1_000, 1_000]);
    assert.equal(records[3].isBlocked, true, '999 ms is not yet a whole token');
    assert.equal(records[4].isBlocked, false, 'a token after 1000 ms');
    assert.equal(records[5].isBlocked, true);
  });

  it('Retry-After rounds the partial token up to whole seconds', () => {
    const records = run([0, 0, 0, 250]);
    assert.equal(records[3].isBlocked, true);
    assert.equal(records[3].tokens, 0.25);
    assert.equal(records[3].timeToBlockExpire, 1); // 750 ms → 1 s
    assert.equal(records[3].timeToExpire, 3); // 2750 ms → 3 s
  });

  it('never holds more than `limit` tokens, however long it was idle', () => {
    const records = run([0, 1_000_000, 1_000_000, 1_000_000, 1_000_000]);
    assert.deepEqual(
      records.map((r) => r.isBlocked),
      [false, false, false, false, true],
    );
  });

  it('a blocked request does not consume anything', () => {
    let state: BucketState = { tokens: 0.5, updatedAt: 0 };
    for (let i = 0; i < 3; i++) state = takeToken(state, 0, LIMIT, TTL).state;
    assert.equal(state.tokens, 0.5);
    assert.equal(takeToken(state, 500, LIMIT, TTL).allowed, true);
  });

  it('a cost of 0 reads the bucket, refilled to now, and spends nothing', () => {
    assert.deepEqual(takeToken({ tokens: 0.5, updatedAt: 0 }, 500, LIMIT, TTL, 0), { state: { tokens: 1, updatedAt: 500 }, allowed: true });
    assert.equal(takeToken({ tokens: 0, updatedAt: 0 }, 0, LIMIT, TTL, 0).state.tokens, 0);
    assert.equal(takeToken(undefined, 0, LIMIT, TTL, 0).state.tokens, LIMIT);
  });

  it('works with a bucket that refills slowly (60 per minute, burst 100)', () => {
    const { state, allowed } = takeToken({ tokens: 0, updatedAt: 0 }, 0, 100, 100_000);
    assert.deepEqual(toRecord(state.tokens, allowed, 100, 100_000), {
      totalHits: 101,
      timeToExpire: 100,
      isBlocked: true,
      timeToBlockExpire: 1,
    });
  });
});

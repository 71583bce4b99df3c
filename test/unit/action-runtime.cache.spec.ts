import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ActionCache } from '../../src/action-runtime/child/action-cache.js';

const HOUR = 60 * 60_000;

describe('api.cache limits (Auth0: 20 entries, 64-byte keys, 4 KB values, 8 KB in all, 24 h at most)', () => {
  it('refuses a 21st live entry, but counts neither expired entries nor the key being replaced', () => {
    const now = Date.now();
    const cache = new ActionCache({ old: { value: 'x', expires_at: now - 1 } });
    for (let i = 0; i < 20; i++) assert.deepEqual(cache.set(`k${i}`, 'v'), { type: 'success' });
    assert.deepEqual(cache.set('k20', 'v'), { type: 'error', code: 'too_many_entries' });
    assert.deepEqual(cache.set('k3', 'again'), { type: 'success' });
    assert.equal(cache.get('old'), undefined);
    assert.equal(cache.ops.length, 21);
  });

  it('refuses what would take keys and values past 8 KB in all', () => {
    const cache = new ActionCache({});
    assert.deepEqual(cache.set('a', 'x'.repeat(4000)), { type: 'success' });
    assert.deepEqual(cache.set('b', 'x'.repeat(4000)), { type: 'success' });
    assert.deepEqual(cache.set('c', 'x'.repeat(400)), { type: 'error', code: 'cache_full' });
    assert.deepEqual(cache.set('a', 'x'.repeat(4096)), { type: 'success' }, 'replacing a value counts only the new one');
  });

  it('measures keys and values in bytes, not characters', () => {
    const cache = new ActionCache({});
    assert.deepEqual(cache.set('é'.repeat(32), 'v'), { type: 'success' });
    assert.deepEqual(cache.set('é'.repeat(33), 'v'), { type: 'error', code: 'key_too_large' });
    assert.deepEqual(cache.set('k', '€'.repeat(1366)), { type: 'error', code: 'value_too_large' });
  });

  it('caps a lifetime at 24 hours; ttl wins over expires_at; a past expires_at is refused', () => {
    const cache = new ActionCache({});
    const before = Date.now();
    cache.set('far', 'v', { ttl: 48 * HOUR });
    cache.set('both', 'v', { ttl: 1000, expires_at: before + HOUR });
    assert.deepEqual(cache.set('past', 'v', { expires_at: before - 1 }), { type: 'error', code: 'invalid_options' });
    const after = Date.now();
    const far = cache.get('far')?.expires_at ?? 0;
    assert.ok(far >= before + 24 * HOUR && far <= after + 24 * HOUR, `${far - before}`);
    assert.ok((cache.get('both')?.expires_at ?? 0) - before <= 2000);
  });

  it('returns a copy: changing what get returned changes nothing', () => {
    const cache = new ActionCache({ k: { value: 'v', expires_at: Date.now() + 1000 } });
    const record = cache.get('k');
    if (record) record.value = 'changed';
    assert.equal(cache.get('k')?.value, 'v');
    assert.equal(cache.get(42), undefined);
  });
});

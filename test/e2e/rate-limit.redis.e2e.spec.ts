import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { expectTooManyRequests, rateLimitHeaders } from '../support/rate-limit.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { redisUrl } from '../support/shared-redis.js';

const LIMIT = 3;

describe('rate limits shared through Redis by two instances', () => {
  const prefix = `tma-test:${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;

  before(async () => {
    const env = { REDIS_URL: redisUrl(), RATE_LIMIT_KEY_PREFIX: prefix, RATE_LIMIT_BURST: String(LIMIT), RATE_LIMIT_PER_MINUTE: '6' };
    a = await startTestApp(env);
    b = await startTestApp(env, { tokens: a.tokens });
    redis = new Redis(redisUrl());
  });
  after(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    // Either is unset when before() failed part way.
    const started: (TestApp | undefined)[] = [a, b];
    for (const app of started) await app?.close();
  });

  const remove = (app: TestApp, auth: string) => app.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth);

  it("requests to instance A use up instance B's budget for the same client", async () => {
    const [onA, onB] = [
      await a.bearer('delete:token_exchange_profiles', { azp: 'shared' }),
      await b.bearer('delete:token_exchange_profiles', { azp: 'shared' }),
    ];
    const remaining: number[] = [];
    for (const [app, auth] of [
      [a, onA],
      [b, onB],
      [a, onA],
    ] as const) {
      const res = await remove(app, auth);
      assert.equal(res.status, 204);
      remaining.push(rateLimitHeaders(res, LIMIT).remaining);
    }
    assert.deepEqual(remaining, [2, 1, 0]);
    expectTooManyRequests(await remove(b, onB), LIMIT);
    expectTooManyRequests(await remove(a, onA), LIMIT);
  });

  it('keeps the bucket in Redis under the configured prefix', async () => {
    assert.deepEqual(await redis.keys(`${prefix}*`), [`${prefix}client:shared`]);
    const { tokens } = await redis.hgetall(`${prefix}client:shared`);
    assert.ok(Number(tokens) < 1, `tokens ${tokens}`);
    assert.ok((await redis.pttl(`${prefix}client:shared`)) > 0, 'the key expires once full again');
  });

  it('another client has its own bucket', async () => {
    const res = await remove(b, await b.bearer('delete:token_exchange_profiles', { azp: 'other' }));
    assert.equal(res.status, 204);
    assert.equal(rateLimitHeaders(res, LIMIT).remaining, 2);
  });

  it('addresses are shared across instances too', async () => {
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await app.api.delete('/api/v2/token-exchange-profiles/tep_x')).status);
    assert.deepEqual(statuses, [401, 401, 401, 429]);
  });
});

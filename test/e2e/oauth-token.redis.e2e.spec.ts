import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { expectLimitedWithin, expectTooManyFailures, requestTokenFrom, wrongSecretsAtOnce } from '../support/failed-attempts.js';
import { clientWithGrant } from '../support/issuer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { redisUrl } from '../support/shared-redis.js';

describe('POST /oauth/token: failed-attempt limits shared through Redis by two instances', () => {
  const prefix = `tma-test:${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;

  before(async () => {
    const env = { REDIS_URL: redisUrl(), RATE_LIMIT_KEY_PREFIX: prefix };
    a = await startTestApp(env);
    b = await startTestApp(env, { tokens: a.tokens, databaseUrl: a.databaseUrl });
    redis = new Redis(redisUrl());
  });
  after(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    // Either is unset when before() failed part way.
    const started: (TestApp | undefined)[] = [b, a];
    for (const app of started) await app?.close();
  });

  // Each instance counts only its own checks in flight, so the first burst can reach each bucket's
  // limit on both before their failures are recorded; every failure is, and then both refuse.
  it('40 wrong secrets at once, half to each instance: 10 to 20 × 401, then 429 on both', async () => {
    const client = await clientWithGrant(a, ['read:clients']);
    expectLimitedWithin(await wrongSecretsAtOnce([a, b], '127.0.0.41', 40, () => client.client_id), 10, 20);
    expectTooManyFailures(await requestTokenFrom(a, '127.0.0.41', client));
    expectTooManyFailures(await requestTokenFrom(b, '127.0.0.41', client));
    assert.equal((await requestTokenFrom(a, '127.0.0.42', client)).status, 200, 'another address is not locked out');
  });

  it('rotating client_id across both instances: 20 to 40 failures per address, then 429 on both', async () => {
    expectLimitedWithin(await wrongSecretsAtOnce([a, b], '127.0.0.43', 80, (i) => `rotated-${i}`), 20, 40);
    for (const app of [a, b])
      expectTooManyFailures(await requestTokenFrom(app, '127.0.0.43', { client_id: 'rotated-x', client_secret: 'x' }));
  });

  it('keeps the failure buckets in Redis under the configured prefix, and a success spends nothing', async () => {
    const client = await clientWithGrant(a, ['read:clients']);
    assert.equal((await requestTokenFrom(b, '127.0.0.44', client)).status, 200);
    const key = `${prefix}oauth-failures:client-at-address:127.0.0.44 ${client.client_id}`;
    assert.equal(Number(await redis.hget(key, 'tokens')), 10, 'the success spent nothing');
    expectLimitedWithin(await wrongSecretsAtOnce([a, b], '127.0.0.44', 12, () => client.client_id), 10, 12);
    assert.ok(Number(await redis.hget(key, 'tokens')) < 1);
    assert.ok((await redis.pttl(key)) > 0, 'the key expires once full again');
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, expectTooManyAttempts, VALIDATING, type ExchangeClient } from '../support/token-exchange.js';
import { UserFactories } from '../support/user-factories.js';
import { redisUrl } from '../support/shared-redis.js';

describe('POST /oauth/token (custom token exchange): invalid subject tokens counted in Redis across two instances', () => {
  const prefix = `tma-test:${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  let client: ExchangeClient;
  let type: string;
  let good: string;
  before(async () => {
    const env = { REDIS_URL: redisUrl(), RATE_LIMIT_KEY_PREFIX: prefix, TOKEN_EXCHANGE_INVALID_TOKEN_LIMIT: '4' };
    a = await startTestApp(env);
    b = await startTestApp(env, { tokens: a.tokens, databaseUrl: a.databaseUrl });
    redis = new Redis(redisUrl());
    const kit = await ExchangeKit.start(a);
    client = await kit.client();
    type = await kit.profileRunning(VALIDATING);
    const users = new UserFactories(a.prisma);
    good = `good:${(await users.user((await users.connection()).id)).user_id}`;
  });
  after(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    const started: (TestApp | undefined)[] = [b, a];
    for (const app of started) await app?.close();
  });

  it('4 rejections alternating between the instances, then 429 on both; the bucket lives in Redis under the prefix', async () => {
    const address = '127.0.0.31';
    for (let i = 0; i < 4; i++) {
      expectOAuthError(
        await exchange(i % 2 ? b : a, client, { subject_token_type: type, subject_token: 'bad' }, { address }),
        400,
        'invalid_request',
        'Invalid subject_token',
      );
    }
    expectTooManyAttempts(await exchange(a, client, { subject_token_type: type, subject_token: good }, { address }));
    expectTooManyAttempts(await exchange(b, client, { subject_token_type: type, subject_token: good }, { address }));
    const key = `${prefix}cte-invalid-subject-token:${address}`;
    assert.ok(Number(await redis.hget(key, 'tokens')) < 1, 'the bucket is empty in Redis');
    assert.ok((await redis.pttl(key)) > 0, 'the key expires once full again');
    assert.equal((await exchange(b, client, { subject_token_type: type, subject_token: good }, { address: '127.0.0.32' })).status, 200);
  });
});

import 'reflect-metadata';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../../src/common/oauth-error.js';
import { loadConfig } from '../../src/config/app-config.js';
import { FailedAttemptsLimiter } from '../../src/oauth/failed-attempts.limiter.js';
import { RateLimitStorage } from '../../src/rate-limit/rate-limit.storage.js';
import { redisUrl } from '../support/shared-redis.js';

type Outcome = 'authenticated' | 'failed' | 429;

// Two instances: each its own limiter and storage, sharing the buckets through one Redis.
describe('FailedAttemptsLimiter: attempts at once spread over two instances sharing Redis', () => {
  let storages: RateLimitStorage[];
  let limiters: FailedAttemptsLimiter[];
  let checking: number[];
  let mostAtOnce: number[];

  beforeEach(async () => {
    const prefix = `fal-instances:${randomBytes(6).toString('hex')}:`;
    storages = [0, 1].map(() => new RateLimitStorage(loadConfig({ REDIS_URL: redisUrl(), RATE_LIMIT_KEY_PREFIX: prefix })));
    for (const storage of storages) await storage.onModuleInit();
    limiters = storages.map((storage) => new FailedAttemptsLimiter(storage));
    checking = [0, 0];
    mostAtOnce = [0, 0];
  });
  afterEach(async () => {
    for (const storage of storages) await storage.onApplicationShutdown();
  });

  async function attempt(instance: number, rightSecret: boolean): Promise<Outcome> {
    try {
      const result = await limiters[instance].attempt('victim', '10.0.0.1', async () => {
        mostAtOnce[instance] = Math.max(mostAtOnce[instance], ++checking[instance]);
        await new Promise((resolve) => setTimeout(resolve, 30));
        checking[instance]--;
        return rightSecret ? 'victim' : undefined;
      });
      return result === undefined ? 'failed' : 'authenticated';
    } catch (error) {
      assert.ok(error instanceof OAuthError && error.status === HttpStatus.TOO_MANY_REQUESTS, String(error));
      return 429;
    }
  }
  const spread = (count: number, rightSecret: boolean): Promise<Outcome[]> =>
    Promise.all(Array.from({ length: count }, (_, i) => attempt(i % 2, rightSecret)));
  const count = (outcomes: Outcome[], outcome: Outcome): number => outcomes.filter((o) => o === outcome).length;

  it('40 right secrets at once, 20 on each instance, three times over: all authenticated', async () => {
    for (let round = 0; round < 3; round++) {
      const outcomes = await spread(40, true);
      assert.equal(count(outcomes, 'authenticated'), 40, `round ${round}: ${JSON.stringify(outcomes)}`);
    }
    assert.deepEqual(mostAtOnce, [10, 10], 'each instance still checks at most 10 at once');
  });

  it('40 wrong secrets at once over both: at most 10 checks per instance, every failure counted, then the right secret waits on both', async () => {
    const outcomes = await spread(40, false);
    const failed = count(outcomes, 'failed');
    assert.ok(failed >= 10 && failed <= 20, `failed ${failed}`);
    assert.equal(count(outcomes, 429), 40 - failed);
    assert.ok(mostAtOnce[0] <= 10 && mostAtOnce[1] <= 10, String(mostAtOnce));
    assert.deepEqual(await Promise.all([attempt(0, true), attempt(1, true)]), [429, 429]);
  });
});

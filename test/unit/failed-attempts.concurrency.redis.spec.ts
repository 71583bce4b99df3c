import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { describe } from 'node:test';
import { loadConfig } from '../../src/config/app-config.js';
import { RateLimitStorage } from '../../src/rate-limit/rate-limit.storage.js';
import { redisUrl } from '../support/shared-redis.js';
import { concurrencyCases } from '../support/limiter-concurrency.js';

// Through Redis every reservation is a round trip, so attempts overlap far more than in memory.
describe('FailedAttemptsLimiter: attempts at once, buckets in Redis', () => {
  concurrencyCases(async () => {
    // A fresh prefix per case: each starts from full buckets, and keys expire once full again.
    const storage = new RateLimitStorage(
      loadConfig({ REDIS_URL: redisUrl(), RATE_LIMIT_KEY_PREFIX: `fal-test:${randomBytes(6).toString('hex')}:` }),
    );
    await storage.onModuleInit();
    return storage;
  });
});

import 'reflect-metadata';
import { describe } from 'node:test';
import { loadConfig } from '../../src/config/app-config.js';
import { RateLimitStorage } from '../../src/rate-limit/rate-limit.storage.js';
import { concurrencyCases } from '../support/limiter-concurrency.js';

describe('FailedAttemptsLimiter: attempts at once, buckets in memory', () => {
  concurrencyCases(() => Promise.resolve(new RateLimitStorage(loadConfig({}))));
});

import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../../src/common/oauth-error.js';
import { FailedAttemptsLimiter } from '../../src/oauth/failed-attempts.limiter.js';
import type { RateLimitStorage } from '../../src/rate-limit/rate-limit.storage.js';

type Outcome = 'authenticated' | 'failed' | 429;

/**
 * Attempts at once, on the given storage, with slow checks (as scrypt is) so that they overlap:
 * right secrets are never refused for being many at once, wrong ones are limited exactly as alone.
 */
export function concurrencyCases(makeStorage: () => Promise<RateLimitStorage>): void {
  let storage: RateLimitStorage;
  let limiter: FailedAttemptsLimiter;
  let checking = 0;
  let mostAtOnce = 0;
  beforeEach(async () => {
    storage = await makeStorage();
    limiter = new FailedAttemptsLimiter(storage);
    checking = mostAtOnce = 0;
  });
  afterEach(() => storage.onApplicationShutdown());

  async function attempt(clientId: string, ip: string, rightSecret: boolean): Promise<Outcome> {
    try {
      const result = await limiter.attempt(clientId, ip, async () => {
        mostAtOnce = Math.max(mostAtOnce, ++checking);
        await new Promise((resolve) => setTimeout(resolve, 20));
        checking--;
        return rightSecret ? clientId : undefined;
      });
      return result === undefined ? 'failed' : 'authenticated';
    } catch (error) {
      assert.ok(error instanceof OAuthError && error.status === HttpStatus.TOO_MANY_REQUESTS, String(error));
      return 429;
    }
  }
  const atOnce = (count: number, rightSecret: boolean): Promise<Outcome>[] =>
    Array.from({ length: count }, () => attempt('victim', '10.0.0.1', rightSecret));
  const tally = (outcomes: Outcome[]): Record<string, number> =>
    outcomes.reduce<Record<string, number>>((counts, o) => ({ ...counts, [o]: (counts[o] ?? 0) + 1 }), {});

  it('50 right secrets at once, three times over: all authenticated, at most 10 checked at once', async () => {
    for (let round = 0; round < 3; round++) {
      assert.deepEqual(tally(await Promise.all(atOnce(50, true))), { authenticated: 50 }, `round ${round}`);
    }
    assert.equal(mostAtOnce, 10);
  });

  it('20 wrong secrets queued behind 10 right ones: the right ones pass, then exactly 10 failures and 10 × 429', async () => {
    const right = atOnce(10, true);
    const wrong = atOnce(20, false);
    assert.deepEqual(tally(await Promise.all(right)), { authenticated: 10 });
    assert.deepEqual(tally(await Promise.all(wrong)), { failed: 10, 429: 10 });
    assert.equal(mostAtOnce, 10);
  });

  it('40 wrong secrets at once: exactly 10 checked, the rest refused once those have failed', async () => {
    assert.deepEqual(tally(await Promise.all(atOnce(40, false))), { failed: 10, 429: 30 });
    assert.equal(mostAtOnce, 10);
  });

  it('once failures have spent the bucket, right secrets at once are all refused without a check', async () => {
    await Promise.all(atOnce(10, false));
    const checksBefore = mostAtOnce;
    checking = mostAtOnce = 0;
    assert.deepEqual(tally(await Promise.all(atOnce(20, true))), { 429: 20 });
    assert.equal(checksBefore, 10);
    assert.equal(mostAtOnce, 0);
  });
}

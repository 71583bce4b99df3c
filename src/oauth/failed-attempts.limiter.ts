import { HttpStatus, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { OAuthError } from '../common/oauth-error.js';
import { RateLimitStorage } from '../rate-limit/rate-limit.storage.js';
import { secondsUntilToken } from '../rate-limit/token-bucket.js';

// Each bucket holds a burst of `limit` failures and refills at `limit` a minute. Secrets are 384
// random bits (or at least 32 characters when the operator supplies one), so this is less about
// guessing than about capping what a wrong-secret loop costs us in scrypt work.
const REFILL_MS = 60_000;

/**
 * A failed authentication spends a token from each bucket, in this order:
 * - the address: one address rotating client_ids, for which no per-client bucket ever fills;
 * - the client at that address: Auth0's brute-force protection counts per account and address,
 *   so failures from elsewhere never lock a client out where it really runs;
 * - the client from every address: guessing one client's secret from many addresses. Five times
 *   the allowance of one address (which can spend at most 10 a minute on it), so it takes five
 *   busy addresses, not one, to make a client's right secret wait.
 * Client ids follow a space in the key, and addresses never hold one, so keys cannot collide.
 */
const BUCKETS = [
  { limit: 20, key: (_clientId: string, address: string) => `oauth-failures:address:${address}` },
  { limit: 10, key: (clientId: string, address: string) => `oauth-failures:client-at-address:${address} ${clientId}` },
  { limit: 50, key: (clientId: string) => `oauth-failures:client:${clientId}` },
];

/**
 * Limits failed client authentications. The buckets live in the shared rate limit storage (memory,
 * or Redis across instances) and only failures spend from them: a client fetching tokens
 * correctly spends nothing, from however many instances and workers at once (Auth0 limits token
 * requests by rate, not by how many are in flight).
 *
 * Checks running on this instance count against a bucket as if they had failed, until they end:
 * so of 40 wrong secrets at once, 10 are checked and 30 refused, and no more than `limit` checks
 * ever run here at once. An attempt that finds a bucket spent only by such checks waits for one of
 * them to end and asks again: a check that succeeded frees its place, one that failed spends it.
 * A refusal stands only once no check of this instance holds the bucket; while it is empty, the
 * right secret is refused too, or the limit would not slow down guessing. Checks running on other
 * instances are not counted here, so a burst of wrong secrets spread over N instances can run up to
 * N times `limit` checks before their failures are recorded; their failures still all count.
 */
@Injectable()
export class FailedAttemptsLimiter {
  /** Per bucket key: this instance's checks holding it, and the attempts waiting for one to end. */
  private readonly held = new Map<string, { count: number; waiters: (() => void)[] }>();

  constructor(private readonly storage: RateLimitStorage) {}

  /** Runs `authenticate` within the limits; it resolves to undefined when authentication failed. */
  async attempt<T>(clientId: string, ip: string, authenticate: () => Promise<T | undefined>): Promise<T | undefined> {
    const buckets = await this.admit(clientId, normalizeIp(ip));
    let failed = false;
    try {
      const result = await authenticate();
      failed = result === undefined;
      return result;
    } finally {
      await this.end(buckets, failed);
    }
  }

  private async admit(clientId: string, address: string): Promise<Bucket[]> {
    for (;;) {
      const held: Bucket[] = [];
      let refusal: { ended: Promise<void> | undefined; retryAfter: number } | undefined;
      for (const { limit, key } of BUCKETS) {
        const bucket = { key: key(clientId, address), limit };
        const tokens = await this.storage.tokens(bucket.key, REFILL_MS, limit);
        // Weighed at once, with no await since the storage's answer: it answers in order, so a
        // failure it recorded before this answer is no longer counted as a running check here.
        const running = this.held.get(bucket.key)?.count ?? 0;
        if (tokens - running < 1) {
          refusal = { ended: this.nextEnd(bucket.key), retryAfter: secondsUntilToken(tokens - running, limit, REFILL_MS) };
          break;
        }
        this.hold(bucket.key);
        held.push(bucket);
      }
      if (!refusal) return held;
      await this.end(held, false);
      if (!refusal.ended) {
        throw new OAuthError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'Too many failed authentication attempts, retry later.', {
          'Retry-After': String(refusal.retryAfter),
        });
      }
      await refusal.ended;
    }
  }

  private hold(key: string): void {
    const entry = this.held.get(key);
    if (entry) entry.count++;
    else this.held.set(key, { count: 1, waiters: [] });
  }

  /** Ends checks: a failure spends a token from each bucket, then whoever waits asks again. */
  private async end(buckets: Bucket[], failed: boolean): Promise<void> {
    await Promise.all(
      buckets.map(async ({ key, limit }) => {
        try {
          if (failed) await this.storage.increment(key, REFILL_MS, limit);
        } finally {
          // Only now: woken before the failure is recorded, a waiter would see its place free.
          const entry = this.held.get(key);
          if (entry && --entry.count === 0) this.held.delete(key);
          for (const wake of entry?.waiters.splice(0) ?? []) wake();
        }
      }),
    );
  }

  /** Resolves when one of this instance's checks on `key` ends; undefined when none runs. */
  private nextEnd(key: string): Promise<void> | undefined {
    const entry = this.held.get(key);
    return entry && new Promise((resolve) => entry.waiters.push(resolve));
  }
}

interface Bucket {
  key: string;
  limit: number;
}

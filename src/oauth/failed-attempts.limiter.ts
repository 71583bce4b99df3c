import { HttpStatus, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { OAuthError } from '../common/oauth-error.js';
import { RateLimitStorage } from '../rate-limit/rate-limit.storage.js';

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
 * Limits failed client authentications in the shared rate limit storage (memory, or Redis across
 * instances). A token is reserved from every bucket before the secret is checked, so concurrent
 * attempts cannot overshoot (of 40 wrong secrets at once, 10 are checked and 30 refused), and given
 * back unless the check failed: a client fetching tokens correctly spends nothing. While a bucket
 * is empty, its right secret waits too: otherwise the limit would not slow down guessing.
 *
 * A bucket also looks empty while its tokens are merely reserved by checks still running, and a
 * client with a worker pool asks for tokens in parallel (Auth0 limits that by rate, not by how many
 * are in flight). So a refusal stands only once this instance holds no reservation on that bucket;
 * until then the attempt waits for one of them to end and asks again. A reservation given back lets
 * it in; a failure keeps its token, so wrong secrets are still refused once the failures spend the
 * bucket, and no more than `limit` of them are ever checked at once. Each wait ends with one of
 * this instance's own checks. Reservations held by other instances cannot be waited for: more
 * checks at once than a bucket holds, spread over instances, can still be refused.
 */
@Injectable()
export class FailedAttemptsLimiter {
  /** Per bucket key: this instance's reservations on it, and the attempts waiting for one to end. */
  private readonly held = new Map<string, { count: number; waiters: (() => void)[] }>();

  constructor(private readonly storage: RateLimitStorage) {}

  /** Runs `authenticate` within the limits; it resolves to undefined when authentication failed. */
  async attempt<T>(clientId: string, ip: string, authenticate: () => Promise<T | undefined>): Promise<T | undefined> {
    const reserved = await this.reserve(clientId, normalizeIp(ip));
    let failed = false;
    try {
      const result = await authenticate();
      failed = result === undefined;
      return result;
    } finally {
      await this.release(reserved, !failed);
    }
  }

  private async reserve(clientId: string, address: string): Promise<Bucket[]> {
    for (;;) {
      const reserved: Bucket[] = [];
      let refusal: { ended: Promise<void> | undefined; retryAfter: number } | undefined;
      for (const { limit, key } of BUCKETS) {
        const bucket = { key: key(clientId, address), limit };
        const record = await this.storage.increment(bucket.key, REFILL_MS, limit);
        // Weighed at once, with no await since the storage's answer: it answers in order, so a
        // reservation it granted before this refusal is held here and has not ended yet.
        if (record.isBlocked) {
          refusal = { ended: this.nextEnd(bucket.key), retryAfter: record.timeToBlockExpire };
          break;
        }
        this.hold(bucket.key);
        reserved.push(bucket);
      }
      if (!refusal) return reserved;
      // A refused attempt costs no scrypt work, so it spends nothing from the other buckets either.
      await this.release(reserved, true);
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

  /** Ends reservations: gives their tokens back unless a failure spent them, then wakes who waits. */
  private async release(buckets: Bucket[], giveBack: boolean): Promise<void> {
    await Promise.all(
      buckets.map(async ({ key, limit }) => {
        try {
          if (giveBack) await this.storage.giveBack(key, REFILL_MS, limit);
        } finally {
          // Only now: woken before the token is back, a waiter would be refused with nothing left to wait for.
          const entry = this.held.get(key);
          if (entry && --entry.count === 0) this.held.delete(key);
          for (const wake of entry?.waiters.splice(0) ?? []) wake();
        }
      }),
    );
  }

  /** Resolves when one of this instance's reservations on `key` ends; undefined when it holds none. */
  private nextEnd(key: string): Promise<void> | undefined {
    const entry = this.held.get(key);
    return entry && new Promise((resolve) => entry.waiters.push(resolve));
  }
}

interface Bucket {
  key: string;
  limit: number;
}

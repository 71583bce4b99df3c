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
 * is empty, its right secret waits too: otherwise the limit would not slow down guessing. The
 * reservation also means at most 10 checks at once per client and address; clients keep a token
 * for its day-long lifetime, so only a misbehaving one asks for more in parallel.
 */
@Injectable()
export class FailedAttemptsLimiter {
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
      if (!failed) await this.giveBack(reserved);
    }
  }

  private async reserve(clientId: string, address: string): Promise<{ key: string; limit: number }[]> {
    const reserved = [];
    for (const { limit, key } of BUCKETS) {
      const bucket = { key: key(clientId, address), limit };
      const record = await this.storage.increment(bucket.key, REFILL_MS, limit);
      if (record.isBlocked) {
        // A refused attempt costs no scrypt work, so it spends nothing from the other buckets either.
        await this.giveBack(reserved);
        throw new OAuthError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'Too many failed authentication attempts, retry later.', {
          'Retry-After': String(record.timeToBlockExpire),
        });
      }
      reserved.push(bucket);
    }
    return reserved;
  }

  private async giveBack(buckets: { key: string; limit: number }[]): Promise<void> {
    for (const { key, limit } of buckets) await this.storage.giveBack(key, REFILL_MS, limit);
  }
}

import { HttpStatus, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { OAuthError } from '../common/oauth-error.js';
import { AppConfig } from '../config/app-config.js';
import { RateLimitStorage } from '../rate-limit/rate-limit.storage.js';
import { secondsUntilToken } from '../rate-limit/token-bucket.js';

/** Auth0's answer once an address has sent too many invalid subject tokens (its CTE "Attack Protection" page). */
const TOO_MANY_ATTEMPTS =
  'We have detected suspicious login behavior and further attempts will be blocked. Please contact the administrator.';

/**
 * Auth0's Suspicious IP Throttling for Custom Token Exchange: each address holds a bucket of
 * `tokenExchangeInvalidTokenLimit` attempts (Auth0: threshold 10) and gets one back every
 * `tokenExchangeInvalidTokenWindowMs` (Auth0: rate 600000 ms, "6 per hour"); only exchanges the
 * action refused with api.access.rejectInvalidSubjectToken spend one. Kept in the shared rate-limit
 * storage, so instances sharing Redis share the count.
 *
 * The bucket is read before the action runs and spent after a rejection, with no cap on the
 * exchanges running at once (client authentication caps its checks): a backend exchanging many
 * users' tokens from one address runs far more than `limit` exchanges at once. The price is that
 * exchanges already running when the bucket empties can still each spend one.
 */
@Injectable()
export class InvalidSubjectTokenLimiter {
  private readonly limit: number;
  /** The time the whole bucket takes to refill: one attempt per window. */
  private readonly refillMs: number;

  constructor(
    private readonly storage: RateLimitStorage,
    config: AppConfig,
  ) {
    this.limit = config.tokenExchangeInvalidTokenLimit;
    this.refillMs = config.tokenExchangeInvalidTokenWindowMs * config.tokenExchangeInvalidTokenLimit;
  }

  /** 429 while the address has no attempt left. */
  async check(ip: string): Promise<void> {
    const tokens = await this.storage.tokens(this.key(ip), this.refillMs, this.limit);
    if (tokens < 1) {
      throw new OAuthError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_attempts', TOO_MANY_ATTEMPTS, {
        'Retry-After': String(secondsUntilToken(tokens, this.limit, this.refillMs)),
      });
    }
  }

  /** Spends one attempt of the address: its subject token was rejected. */
  async rejected(ip: string): Promise<void> {
    await this.storage.increment(this.key(ip), this.refillMs, this.limit);
  }

  private key(ip: string): string {
    return `cte-invalid-subject-token:${normalizeIp(ip)}`;
  }
}

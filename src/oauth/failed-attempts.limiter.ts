import { HttpStatus, Injectable } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';
import { RateLimitStorage } from '../rate-limit/rate-limit.storage.js';

// Ten failures in a burst, refilled at ten a minute. Secrets are 384 random bits, so this is not
// about guessing them; it caps what a wrong-secret loop costs us in scrypt work.
const LIMIT = 10;
const REFILL_MS = 60_000;

/**
 * Counts failed client authentications per client_id and caller address in the shared rate
 * limit storage (memory, or Redis across instances). Only failures take tokens, so a client
 * fetching tokens correctly is never slowed by this.
 */
@Injectable()
export class FailedAttemptsLimiter {
  constructor(private readonly storage: RateLimitStorage) {}

  /** 429 in the OAuth shape: the token endpoint's callers parse `{error, error_description}`. */
  async assertAllowed(clientId: string, ip: string): Promise<void> {
    const wait = await this.storage.secondsUntilAvailable(key(clientId, ip), REFILL_MS, LIMIT);
    if (wait > 0) {
      throw new OAuthError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'Too many failed authentication attempts, retry later.', {
        'Retry-After': String(wait),
      });
    }
  }

  async recordFailure(clientId: string, ip: string): Promise<void> {
    await this.storage.increment(key(clientId, ip), REFILL_MS, LIMIT);
  }
}

const key = (clientId: string, ip: string): string => `oauth-failures:${clientId}:${ip}`;

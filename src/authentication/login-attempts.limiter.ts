import { Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { RateLimitStorage } from '../rate-limit/rate-limit.storage.js';
import type { UserRow } from '../users/dto/user.view.js';

// Auth0's brute-force protection: 10 failed attempts on one account from one address block it there.
const LIMIT = 10;
// Auth0 keeps the block until it is lifted, not for a while: the bucket takes a year to refill.
const REFILL_MS = 365 * 24 * 3600 * 1000;

/**
 * Counts failed sign-ins per account and address in the shared rate-limit storage (memory, or
 * Redis across instances), as the token endpoint's other failure limits do. What lifts a block is
 * part of the key: the password's salt (a new password is a new salt) and the logins count (a
 * successful sign-in starts the count again, so only consecutive failures block).
 *
 * The bucket is read before the password is checked and spent after a failure, with no cap on the
 * checks running at once (as InvalidSubjectTokenLimiter): a burst of wrong passwords sent at once
 * may all be checked before the first failure is counted.
 */
@Injectable()
export class LoginAttemptsLimiter {
  constructor(private readonly storage: RateLimitStorage) {}

  async blocked(account: Account, ip: string): Promise<boolean> {
    return (await this.storage.tokens(key(account, ip), REFILL_MS, LIMIT)) < 1;
  }

  async failed(account: Account, ip: string): Promise<void> {
    await this.storage.increment(key(account, ip), REFILL_MS, LIMIT);
  }
}

/** The user signing in, or for an unknown one the connection and the name given. */
export type Account = { user: UserRow } | { connectionId: string; login: string };

function key(account: Account, ip: string): string {
  const address = normalizeIp(ip);
  if (!('user' in account)) return `login-failures:unknown:${account.connectionId} ${account.login.toLowerCase()} ${address}`;
  const { user_id, password_hash, logins_count } = account.user;
  const salt = password_hash?.split('$')[4] ?? '';
  return `login-failures:user:${user_id} ${salt} ${logins_count} ${address}`;
}

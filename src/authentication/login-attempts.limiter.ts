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
 * The addresses a user failed from are kept beside the buckets, in a set per user with the same
 * expiry, so that the Management API's user blocks can list and lift them.
 *
 * The bucket is read before the password is checked and spent after a failure, with no cap on the
 * checks running at once (as InvalidSubjectTokenLimiter): a burst of wrong passwords sent at once
 * may all be checked before the first failure is counted.
 */
@Injectable()
export class LoginAttemptsLimiter {
  constructor(private readonly storage: RateLimitStorage) {}

  blocked(account: Account, ip: string): Promise<boolean> {
    return this.blockedAt(account, normalizeIp(ip));
  }

  async failed(account: Account, ip: string): Promise<void> {
    const address = normalizeIp(ip);
    await this.storage.increment(key(account, address), REFILL_MS, LIMIT);
    if ('user' in account) await this.storage.remember(addressesKey(account.user), address, REFILL_MS);
  }

  /** The addresses the user is blocked from now (a reset or a sign-in since has lifted the others). */
  async blockedAddresses(user: UserRow): Promise<string[]> {
    const addresses = await this.storage.members(addressesKey(user));
    const blocked = await Promise.all(addresses.map((address) => this.blockedAt({ user }, address)));
    return addresses.filter((_, index) => blocked[index]);
  }

  /** Lifts the user's blocks: every address starts its count again. */
  async unblock(user: UserRow): Promise<void> {
    const addresses = await this.storage.members(addressesKey(user));
    await this.storage.forget([...addresses.map((address) => key({ user }, address)), addressesKey(user)]);
  }

  private async blockedAt(account: Account, address: string): Promise<boolean> {
    return (await this.storage.tokens(key(account, address), REFILL_MS, LIMIT)) < 1;
  }
}

/** The user signing in, or for an unknown one the connection and the name given. */
export type Account = { user: UserRow } | { connectionId: string; login: string };

const addressesKey = (user: UserRow): string => `login-failures:addresses:${user.user_id}`;

/** The bucket of one account and one (normalized) address. */
function key(account: Account, address: string): string {
  if (!('user' in account)) return `login-failures:unknown:${account.connectionId} ${account.login.toLowerCase()} ${address}`;
  const { user_id, password_hash, logins_count } = account.user;
  const salt = password_hash?.split('$')[4] ?? '';
  return `login-failures:user:${user_id} ${salt} ${logins_count} ${address}`;
}

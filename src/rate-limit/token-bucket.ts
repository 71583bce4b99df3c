import type { ThrottlerStorage } from '@nestjs/throttler';

/**
 * @nestjs/throttler's record, meaning what the library says: totalHits = the requests the window
 * holds, this one included; timeToExpire = seconds until that count is back to zero; isBlocked =
 * this request is refused; timeToBlockExpire = seconds until a request is allowed again. The
 * library's index exports the storage interface but not the record by name, hence the derivation.
 */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

export interface BucketState {
  tokens: number;
  updatedAt: number;
}

/**
 * Auth0 limits with a token bucket: `limit` requests of burst, refilled evenly so that the whole
 * bucket refills in `ttl` ms. Refills `state` up to `now`, then spends `cost` tokens if the bucket
 * holds them (a cost of 0 only reads it). The only copy of this arithmetic besides
 * SPEND_TOKENS_LUA, which runs it inside Redis.
 */
export function takeToken(
  state: BucketState | undefined,
  now: number,
  limit: number,
  ttl: number,
  cost = 1,
): { state: BucketState; allowed: boolean } {
  const available = state ? Math.min(limit, state.tokens + ((now - state.updatedAt) * limit) / ttl) : limit;
  const allowed = available >= cost;
  const tokens = allowed ? Math.min(limit, available - cost) : available;
  return { state: { tokens, updatedAt: now }, allowed };
}

/**
 * The bucket in the library's terms: the tokens in use are the hits (a refused request is one
 * past the limit), the bucket is "expired" once full again, and a refusal lasts until the next token.
 */
export function toRecord(tokens: number, allowed: boolean, limit: number, ttl: number): ThrottlerStorageRecord {
  const secondsFor = (missing: number): number => Math.ceil((missing * ttl) / limit / 1000);
  return {
    totalHits: allowed ? limit - Math.floor(tokens) : limit + 1,
    timeToExpire: secondsFor(limit - tokens),
    isBlocked: !allowed,
    timeToBlockExpire: allowed ? 0 : secondsUntilToken(tokens, limit, ttl),
  };
}

/** Whole seconds (at least one) until a bucket holding `tokens` holds one to spend: a Retry-After. */
export function secondsUntilToken(tokens: number, limit: number, ttl: number): number {
  return Math.max(1, Math.ceil(((1 - tokens) * ttl) / limit / 1000));
}

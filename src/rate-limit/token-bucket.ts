
/**
 * Auth0 limits with a token bucket: `limit` requests of burst, refilled evenly so that the
 * whole bucket refills in `ttl` ms. Mapped onto the throttler's record: totalHits is the
 * tokens in use, timeToExpire the seconds until the bucket is full again, timeToBlockExpire
 * the seconds until the next token.
 */
/** The throttler's storage record (not exported by @nestjs/throttler's index). */
export interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

export interface BucketState {
  tokens: number;
  updatedAt: number;
}

export function takeToken(state: BucketState | undefined, now: number, limit: number, ttl: number): { state: BucketState; record: ThrottlerStorageRecord } {
  const ratePerMs = limit / ttl;
  const available = state ? Math.min(limit, state.tokens + (now - state.updatedAt) * ratePerMs) : limit;
  const allowed = available >= 1;
  const tokens = allowed ? available - 1 : available;
  return {
    state: { tokens, updatedAt: now },
    record: {
      totalHits: allowed ? limit - Math.floor(tokens) : limit + 1,
      timeToExpire: Math.ceil((limit - tokens) / ratePerMs / 1000),
      isBlocked: !allowed,
      timeToBlockExpire: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / ratePerMs / 1000)),
    },
  };
}

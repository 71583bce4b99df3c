import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config.js';
import { takeToken, toRecord, type BucketState, type ThrottlerStorageRecord } from './token-bucket.js';

const REDIS_READY_TIMEOUT_MS = 5_000;
// A bucket lookup takes well under a millisecond; a Redis that has not answered in this time is
// treated as down for that request (memory fallback) instead of holding the request.
const REDIS_COMMAND_TIMEOUT_MS = 500;

// takeToken's arithmetic, atomically in Redis so every instance draws from one bucket.
// ARGV: limit, ttl (ms to refill the whole burst), cost (1 takes a token, -1 gives one back).
const SPEND_TOKENS_LUA = `
local limit = tonumber(ARGV[1]); local ttl = tonumber(ARGV[2]); local cost = tonumber(ARGV[3])
local t = redis.call('TIME'); local now = t[1] * 1000 + math.floor(t[2] / 1000)
local s = redis.call('HMGET', KEYS[1], 'tokens', 'updatedAt')
local tokens = limit
if s[1] then tokens = math.min(limit, tonumber(s[1]) + (now - tonumber(s[2])) * limit / ttl) end
local allowed = tokens >= cost
if allowed then tokens = math.min(limit, tokens - cost) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updatedAt', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(ttl))
return {tostring(tokens), allowed and 1 or 0}
`;

/**
 * The throttler's storage: Auth0's token buckets in memory (one instance) or in Redis (REDIS_URL:
 * several instances behind a load balancer). If Redis fails or stalls, this instance keeps
 * limiting from its own memory and logs it: neither failing open (no limit at all) nor turning a
 * cache outage into an API outage.
 */
@Injectable()
export class RateLimitStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RateLimitStorage.name);
  /** expiresAt: the bucket is full again by then, so it can be forgotten. */
  private readonly buckets = new Map<string, BucketState & { expiresAt: number }>();
  private readonly redis?: Redis;
  private readonly sweeper: NodeJS.Timeout;
  private readonly prefix: string;

  constructor(config: AppConfig) {
    this.prefix = config.rateLimitKeyPrefix;
    if (config.redisUrl) {
      this.redis = new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      });
      this.redis.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    }
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  /**
   * Commands are not queued while disconnected (they fall back to memory at once), so wait for
   * the first connection: otherwise the first requests after boot would count only locally.
   */
  async onModuleInit(): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    const ready = await Promise.race([
      new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), REDIS_READY_TIMEOUT_MS).unref()),
    ]);
    if (!ready) this.logger.warn('Redis is not reachable yet; rate limits are counted in memory until it is');
  }

  /**
   * Takes a token. The throttler's `blockDuration` does not apply: a token bucket refuses only
   * until its next token, which the record's timeToBlockExpire says.
   */
  increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    return this.spend(key, ttl, limit, 1);
  }

  /** Returns a token that increment() took, for limits that count only some outcomes (failures). */
  async giveBack(key: string, ttl: number, limit: number): Promise<void> {
    await this.spend(key, ttl, limit, -1);
  }

  private async spend(key: string, ttl: number, limit: number, cost: number): Promise<ThrottlerStorageRecord> {
    if (this.redis) {
      try {
        const [tokens, allowed] = (await this.redis.eval(SPEND_TOKENS_LUA, 1, this.prefix + key, limit, ttl, cost)) as [string, number];
        return toRecord(Number(tokens), allowed === 1, limit, ttl);
      } catch (error) {
        this.logger.warn(`rate limit falls back to memory: ${(error as Error).message}`);
      }
    }
    const now = Date.now();
    const { state, record } = takeToken(this.buckets.get(key), now, limit, ttl, cost);
    this.buckets.set(key, { ...state, expiresAt: now + ttl });
    return record;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, bucket] of this.buckets) if (bucket.expiresAt < now) this.buckets.delete(key);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    // quit() fails while Redis is unreachable and ioredis would keep reconnecting forever.
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

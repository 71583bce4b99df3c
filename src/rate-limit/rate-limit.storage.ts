import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config.js';
import { takeToken, type BucketState, type ThrottlerStorageRecord } from './token-bucket.js';

const REDIS_READY_TIMEOUT_MS = 5_000;

// Same arithmetic as takeToken, atomically in Redis so every instance draws from one bucket.
const TAKE_TOKEN_LUA = `
local limit = tonumber(ARGV[1]); local ttl = tonumber(ARGV[2])
local t = redis.call('TIME'); local now = t[1] * 1000 + math.floor(t[2] / 1000)
local rate = limit / ttl
local s = redis.call('HMGET', KEYS[1], 'tokens', 'updatedAt')
local tokens = limit
if s[1] then tokens = math.min(limit, tonumber(s[1]) + (now - tonumber(s[2])) * rate) end
local allowed = tokens >= 1
if allowed then tokens = tokens - 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updatedAt', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(ttl))
local toFull = math.ceil((limit - tokens) / rate / 1000)
if allowed then return {limit - math.floor(tokens), toFull, 0, 0} end
return {limit + 1, toFull, 1, math.max(1, math.ceil((1 - tokens) / rate / 1000))}
`;

// Read-only twin of the script above: the seconds until the bucket holds a token (0 = it has one).
const PEEK_LUA = `
local limit = tonumber(ARGV[1]); local ttl = tonumber(ARGV[2])
local t = redis.call('TIME'); local now = t[1] * 1000 + math.floor(t[2] / 1000)
local rate = limit / ttl
local s = redis.call('HMGET', KEYS[1], 'tokens', 'updatedAt')
if not s[1] then return 0 end
local tokens = math.min(limit, tonumber(s[1]) + (now - tonumber(s[2])) * rate)
if tokens >= 1 then return 0 end
return math.max(1, math.ceil((1 - tokens) / rate / 1000))
`;

/**
 * Token buckets in memory (one instance) or in Redis (REDIS_URL: several instances behind a
 * load balancer). If Redis fails, this instance keeps limiting from its own memory and logs
 * it: neither failing open (no limit at all) nor turning a cache outage into an API outage.
 */
@Injectable()
export class RateLimitStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RateLimitStorage.name);
  private readonly buckets = new Map<string, BucketState>();
  private readonly redis?: Redis;
  private readonly sweeper: NodeJS.Timeout;
  private readonly prefix: string;

  constructor(config: AppConfig) {
    this.prefix = config.rateLimitKeyPrefix;
    if (config.redisUrl) {
      this.redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
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

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    if (this.redis) {
      try {
        const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] = (await this.redis.eval(TAKE_TOKEN_LUA, 1, this.prefix + key, limit, ttl)) as number[];
        return { totalHits, timeToExpire, isBlocked: isBlocked === 1, timeToBlockExpire };
      } catch (error) {
        this.logger.warn(`rate limit falls back to memory: ${(error as Error).message}`);
      }
    }
    const { state, record } = takeToken(this.buckets.get(key), Date.now(), limit, ttl);
    this.buckets.set(key, state);
    return record;
  }

  /**
   * Seconds until the bucket has a token, without taking one (0: it has one now). For limits
   * that only count failures: check before the work, take a token when it failed.
   */
  async secondsUntilAvailable(key: string, ttl: number, limit: number): Promise<number> {
    if (this.redis) {
      try {
        return (await this.redis.eval(PEEK_LUA, 1, this.prefix + key, limit, ttl)) as number;
      } catch (error) {
        this.logger.warn(`rate limit falls back to memory: ${(error as Error).message}`);
      }
    }
    const state = this.buckets.get(key);
    if (!state) return 0;
    const ratePerMs = limit / ttl;
    const tokens = Math.min(limit, state.tokens + (Date.now() - state.updatedAt) * ratePerMs);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / ratePerMs / 1000));
  }

  /** Buckets idle for a minute are full again and need no memory. */
  private sweep(): void {
    const cutoff = Date.now() - 60_000;
    for (const [key, state] of this.buckets) if (state.updatedAt < cutoff) this.buckets.delete(key);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    // quit() fails while Redis is unreachable and ioredis would keep reconnecting forever.
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config.js';
import { takeToken, toRecord, type BucketState, type ThrottlerStorageRecord } from './token-bucket.js';

// Boot waits this long at most for Redis (a refused connection ends the wait at once); a healthy
// one is ready in milliseconds, and a late one is picked up by the probe below.
const REDIS_BOOT_WAIT_MS = 1_000;
// Each TCP connection attempt (to a host that drops packets, say) is given up after this long.
const REDIS_CONNECT_TIMEOUT_MS = 2_000;
// A bucket lookup takes well under a millisecond; a Redis that has not answered in this time is
// treated as down (memory fallback) instead of holding requests.
const REDIS_COMMAND_TIMEOUT_MS = 500;
// While Redis is down, requests skip it entirely; it is probed this often to come back.
const REDIS_PROBE_INTERVAL_MS = 1_000;

// takeToken's arithmetic, atomically in Redis so every instance draws from one bucket.
// ARGV: limit, ttl (ms to refill the whole burst), cost (1 takes a token, 0 only reads the bucket).
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
 * limiting from its own memory: neither failing open (no limit at all) nor turning a cache outage
 * into an API outage. The first failure (an error, or no answer within 500 ms) switches to memory
 * with one log line; requests then skip Redis entirely, so none waits on it, until a probe
 * (PING, every second) answers, logged once too.
 */
@Injectable()
export class RateLimitStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RateLimitStorage.name);
  /** expiresAt: the bucket is full again by then, so it can be forgotten. */
  private readonly buckets = new Map<string, BucketState & { expiresAt: number }>();
  /** Sets of names kept beside the buckets (the addresses a user failed from), forgotten as they are. */
  private readonly sets = new Map<string, { members: Set<string>; expiresAt: number }>();
  private readonly redis?: Redis;
  private readonly sweeper: NodeJS.Timeout;
  private readonly prefix: string;
  /** Requests use Redis only while this holds; set when a command succeeds, cleared by the first failure. */
  private redisUp = false;
  private probe?: NodeJS.Timeout;
  private stopped = false;
  private initialised = false;

  constructor(config: AppConfig) {
    this.prefix = config.rateLimitKeyPrefix;
    if (config.redisUrl) {
      this.redis = new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
        // Bounds the TCP connect; the ready check and every command are bounded by commandTimeout.
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      });
      // ioredis emits one per reconnection attempt: the fallback's own line says it once. Before
      // onModuleInit (the app's logger is not in place yet), the boot wait decides and logs.
      this.redis.on('error', (error: Error) => {
        if (this.initialised) this.down(error);
      });
    }
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  /**
   * Commands are not queued while disconnected (they fall back to memory at once), so wait for
   * the first connection, boundedly: otherwise the first requests after boot would count only locally.
   */
  async onModuleInit(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    let timer: NodeJS.Timeout | undefined;
    const ready = await new Promise<boolean>((resolve) => {
      if (redis.status === 'ready') resolve(true);
      redis.once('ready', () => resolve(true));
      redis.once('error', () => resolve(false));
      timer = setTimeout(() => resolve(false), REDIS_BOOT_WAIT_MS);
    });
    clearTimeout(timer);
    this.initialised = true;
    if (ready) this.redisUp = true;
    else this.down(new Error(`not ready within ${REDIS_BOOT_WAIT_MS} ms`));
  }

  /**
   * Takes a token. The throttler's `blockDuration` does not apply: a token bucket refuses only
   * until its next token, which the record's timeToBlockExpire says.
   */
  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const { tokens, allowed } = await this.spend(key, ttl, limit, 1);
    return toRecord(tokens, allowed, limit, ttl);
  }

  /** The tokens a bucket holds now, spending none: for limits that count only some outcomes (failures). */
  async tokens(key: string, ttl: number, limit: number): Promise<number> {
    return (await this.spend(key, ttl, limit, 0)).tokens;
  }

  private async spend(key: string, ttl: number, limit: number, cost: number): Promise<{ tokens: number; allowed: boolean }> {
    if (this.redis && this.redisUp) {
      try {
        const [tokens, allowed] = (await this.redis.eval(SPEND_TOKENS_LUA, 1, this.prefix + key, limit, ttl, cost)) as [string, number];
        return { tokens: Number(tokens), allowed: allowed === 1 };
      } catch (error) {
        this.down(error as Error);
      }
    }
    const now = Date.now();
    const { state, allowed } = takeToken(this.buckets.get(key), now, limit, ttl, cost);
    this.buckets.set(key, { ...state, expiresAt: now + ttl });
    return { tokens: state.tokens, allowed };
  }

  /** Adds `member` to the set at `key`, which is forgotten `ttl` ms after its last addition, as a bucket is. */
  async remember(key: string, member: string, ttl: number): Promise<void> {
    const name = this.prefix + key;
    const stored = await this.onRedis((redis) => redis.multi().sadd(name, member).pexpire(name, ttl).exec());
    if (stored) return;
    const members = this.sets.get(key)?.members ?? new Set<string>();
    this.sets.set(key, { members: members.add(member), expiresAt: Date.now() + ttl });
  }

  async members(key: string): Promise<string[]> {
    const stored = await this.onRedis((redis) => redis.smembers(this.prefix + key));
    return stored ? stored.answer : [...(this.sets.get(key)?.members ?? [])];
  }

  /** Forgets buckets (full again) and sets. */
  async forget(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    if (await this.onRedis((redis) => redis.del(...keys.map((key) => this.prefix + key)))) return;
    for (const key of keys) {
      this.buckets.delete(key);
      this.sets.delete(key);
    }
  }

  /** A command's answer from Redis, or undefined when this instance counts in memory (Redis down or failing now). */
  private async onRedis<T>(command: (redis: Redis) => Promise<T>): Promise<{ answer: T } | undefined> {
    if (!this.redis || !this.redisUp) return undefined;
    try {
      return { answer: await command(this.redis) };
    } catch (error) {
      this.down(error as Error);
      return undefined;
    }
  }

  /** Switches to memory (logged once per outage) and probes until Redis answers again. */
  private down(error: Error): void {
    if (this.probe || this.stopped) return;
    this.redisUp = false;
    this.logger.warn(`Redis unavailable (${error.message}): rate limits are counted in this instance's memory until it is back`);
    this.probe = setInterval(() => void this.tryRedis(), REDIS_PROBE_INTERVAL_MS).unref();
  }

  private async tryRedis(): Promise<void> {
    try {
      // Fails at once while disconnected (no offline queue), after commandTimeout while hung.
      await this.redis?.ping();
    } catch {
      return;
    }
    if (!this.probe) return;
    clearInterval(this.probe);
    this.probe = undefined;
    this.redisUp = true;
    this.logger.warn('Redis is back: rate limits are shared again');
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, bucket] of this.buckets) if (bucket.expiresAt < now) this.buckets.delete(key);
    for (const [key, set] of this.sets) if (set.expiresAt < now) this.sets.delete(key);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    clearInterval(this.probe);
    // quit() fails while Redis is unreachable and ioredis would keep reconnecting forever.
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

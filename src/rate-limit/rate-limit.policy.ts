import { HttpStatus } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/app-config.js';
import type { ThrottlerStorageRecord } from './token-bucket.js';

/** limit = the burst; ttl = the ms the whole burst takes to refill at the per-minute rate. */
export function bucketSize(config: AppConfig): { limit: number; ttl: number } {
  return { limit: config.rateLimitBurst, ttl: (config.rateLimitBurst * 60_000) / config.rateLimitPerMinute };
}

/** Marks a request the RateLimitGuard has seen, so it is never counted twice. */
export const RATE_LIMIT_CHECKED = Symbol('rateLimitChecked');

export function setRateLimitHeaders(reply: FastifyReply, limit: number, record: ThrottlerStorageRecord): void {
  reply.header('X-RateLimit-Limit', String(limit));
  reply.header('X-RateLimit-Remaining', String(Math.max(0, limit - record.totalHits)));
  reply.header('X-RateLimit-Reset', String(Math.floor(Date.now() / 1000) + record.timeToExpire));
}

export const tooManyRequests = (record: ThrottlerStorageRecord): ApiError =>
  new ApiError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'Global limit has been reached', {
    'Retry-After': String(record.timeToBlockExpire),
  });

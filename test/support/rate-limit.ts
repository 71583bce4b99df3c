import assert from 'node:assert/strict';
import type { Response } from 'supertest';
import { expectError } from './responses.js';

/** The X-RateLimit-* headers, checked for shape; `remaining` returned for exact assertions. */
export function rateLimitHeaders(res: Response, limit: number): { remaining: number; reset: number } {
  assert.equal(res.headers['x-ratelimit-limit'], String(limit), `X-RateLimit-Limit on ${res.status}`);
  assert.match(res.headers['x-ratelimit-remaining'], /^\d+$/);
  assert.match(res.headers['x-ratelimit-reset'], /^\d+$/);
  const reset = Number(res.headers['x-ratelimit-reset']);
  const now = Math.floor(Date.now() / 1000);
  // UNIX seconds, not a delta: at or after now, and no later than a full refill from now.
  assert.ok(reset >= now - 1 && reset <= now + 60 * 60, `X-RateLimit-Reset ${reset} is UNIX seconds near ${now}`);
  return { remaining: Number(res.headers['x-ratelimit-remaining']), reset };
}

export function expectTooManyRequests(res: Response, limit: number): void {
  expectError(res, 429, 'too_many_requests', 'Global limit has been reached');
  assert.match(res.headers['retry-after'], /^[1-9]\d*$/, 'Retry-After in whole seconds');
  assert.equal(rateLimitHeaders(res, limit).remaining, 0);
}

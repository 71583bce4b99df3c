import assert from 'node:assert/strict';

/**
 * The machine's Redis, for the *.redis.* specs. The runner leaves those out without REDIS_URL
 * (CI always exports it, .ci/run); run directly without it they fail rather than skip silently.
 */
export function redisUrl(): string {
  const url = process.env.REDIS_URL;
  assert.ok(url, 'REDIS_URL is not set: this spec needs a Redis server (e.g. REDIS_URL=redis://127.0.0.1:6379 npm test)');
  return url;
}

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectTooManyRequests, rateLimitHeaders } from '../support/rate-limit.js';
import { Errors } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Burst 3, one token a second. REDIS_URL is blanked: this file checks the in-memory buckets.
const LIMIT = 3;

describe('rate limits (in memory, burst 3, 60 per minute)', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_MINUTE: '60', REDIS_URL: '' })));
  after(() => t.close());

  const removeProfile = (auth: string) => t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth);
  const tokenFor = (azp: string, scope = 'delete:token_exchange_profiles') => t.bearer(scope, { azp });

  it('X-RateLimit-* on 204, 403, 404 and 400 responses, each counted', async () => {
    const cases = [
      { auth: await tokenFor('c-204'), send: (a: string) => removeProfile(a), status: 204 },
      { auth: await tokenFor('c-403', 'read:organizations'), send: (a: string) => removeProfile(a), status: 403 },
      {
        auth: await tokenFor('c-404', 'delete:organization_client_grants'),
        send: (a: string) => t.api.delete('/api/v2/organizations/org_missing00000001/client-grants/cgr_x').set('Authorization', a),
        status: 404,
      },
      {
        auth: await tokenFor('c-400', 'update:token_exchange_profiles'),
        send: (a: string) => t.api.patch('/api/v2/token-exchange-profiles/tep_x').set('Authorization', a).send({ nope: 1 }),
        status: 400,
      },
    ];
    for (const { auth, send, status } of cases) {
      const first = await send(auth);
      assert.equal(first.status, status);
      assert.equal(rateLimitHeaders(first, LIMIT).remaining, 2, `first ${status}`);
      const second = await send(auth);
      assert.equal(rateLimitHeaders(second, LIMIT).remaining, 1, `second ${status}`);
    }
  });

  it('X-RateLimit-Reset is when the bucket is full again', async () => {
    const res = await removeProfile(await tokenFor('c-reset'));
    const { reset } = rateLimitHeaders(res, LIMIT);
    const now = Date.now() / 1000;
    // One token used, refilled at one a second: full again within about a second.
    assert.ok(reset >= Math.floor(now) && reset <= Math.ceil(now) + 1, `${reset} vs ${now}`);
  });

  it('the request past the burst gets 429 with the contract body and Retry-After', async () => {
    const auth = await tokenFor('c-burst');
    const remaining = [];
    for (let i = 0; i < LIMIT; i++) {
      const res = await removeProfile(auth);
      assert.equal(res.status, 204);
      remaining.push(rateLimitHeaders(res, LIMIT).remaining);
    }
    assert.deepEqual(remaining, [2, 1, 0]);
    const blocked = await removeProfile(auth);
    expectTooManyRequests(blocked, LIMIT);
    assert.equal(
      blocked.text,
      '{"statusCode":429,"error":"Too Many Requests","message":"Global limit has been reached","errorCode":"too_many_requests"}',
    );
    assert.equal(blocked.headers['retry-after'], '1');
  });

  it('counts per client (azp): another client is unaffected, and a new token of the same client is not', async () => {
    const [a, a2, b] = [await tokenFor('c-a'), await tokenFor('c-a'), await tokenFor('c-b')];
    for (let i = 0; i < LIMIT; i++) assert.equal((await removeProfile(a)).status, 204);
    expectTooManyRequests(await removeProfile(a2), LIMIT);
    const other = await removeProfile(b);
    assert.equal(other.status, 204);
    assert.equal(rateLimitHeaders(other, LIMIT).remaining, 2);
  });

  it('counts unauthenticated and refused requests by address, with headers on the 401s', async () => {
    const noToken = () => t.api.delete('/api/v2/token-exchange-profiles/tep_x');
    const first = await noToken();
    Errors.missingAuth(first);
    assert.equal(rateLimitHeaders(first, LIMIT).remaining, 2);
    const bad = await t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', 'Bearer junk');
    Errors.invalidToken(bad);
    assert.equal(rateLimitHeaders(bad, LIMIT).remaining, 1);
    Errors.missingAuth(await noToken());
    expectTooManyRequests(await noToken(), LIMIT);
    // The address's bucket is not a client's bucket.
    assert.equal((await removeProfile(await tokenFor('c-after-ip'))).status, 204);
  });

  it('never limits /healthz and /readyz, and puts no rate-limit headers on them', async () => {
    for (let i = 0; i < LIMIT + 3; i++) {
      for (const path of ['/healthz', '/readyz']) {
        const res = await t.api.get(path);
        assert.equal(res.status, 200, path);
        assert.equal(res.headers['x-ratelimit-limit'], undefined);
        assert.equal(res.headers['x-ratelimit-remaining'], undefined);
        assert.equal(res.headers['x-ratelimit-reset'], undefined);
      }
    }
  });

  it('refills over time: a blocked client gets a token back after a second', async () => {
    const auth = await tokenFor('c-refill');
    for (let i = 0; i < LIMIT; i++) assert.equal((await removeProfile(auth)).status, 204);
    expectTooManyRequests(await removeProfile(auth), LIMIT);
    await new Promise((r) => setTimeout(r, 1_100));
    assert.equal((await removeProfile(auth)).status, 204);
    expectTooManyRequests(await removeProfile(auth), LIMIT);
  });
});

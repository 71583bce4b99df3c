import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectTooManyRequests, rateLimitHeaders } from '../support/rate-limit.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Per-address limits behind a load balancer: the client's address comes from X-Forwarded-For only
// when the connection comes from a trusted proxy (TRUST_PROXY); otherwise the header is ignored.
const LIMIT = 3;
const ENV = { RATE_LIMIT_BURST: String(LIMIT), RATE_LIMIT_PER_MINUTE: '60', REDIS_URL: '' };

/** An unauthenticated request: refused 401, counted against the caller's address. */
const anonymous = (t: TestApp, forwardedFor: string) => t.api.get('/api/v2/organizations').set('X-Forwarded-For', forwardedFor);

describe('TRUST_PROXY unset: X-Forwarded-For is ignored', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ ...ENV, TRUST_PROXY: '' })));
  after(() => t.close());

  it("every claimed address shares the connection's bucket, so a client cannot pick a fresh one", async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await anonymous(t, `203.0.113.${i + 1}`);
      assert.equal(res.status, 401);
      assert.equal(rateLimitHeaders(res, LIMIT).remaining, LIMIT - 1 - i);
    }
    expectTooManyRequests(await anonymous(t, '203.0.113.99'), LIMIT);
  });
});

describe('TRUST_PROXY=loopback: the load balancer tells the client address', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ ...ENV, TRUST_PROXY: 'loopback' })));
  after(() => t.close());

  it('each forwarded address has its own bucket', async () => {
    for (let i = 0; i < LIMIT; i++) assert.equal((await anonymous(t, '198.51.100.7')).status, 401);
    expectTooManyRequests(await anonymous(t, '198.51.100.7'), LIMIT);
    const other = await anonymous(t, '198.51.100.8');
    assert.equal(other.status, 401);
    assert.equal(rateLimitHeaders(other, LIMIT).remaining, LIMIT - 1);
  });

  it("the address a client put in front of the proxy's own entry is not trusted", async () => {
    // The proxy appends the address it saw; everything left of it came from the client. With one trusted
    // hop (loopback) the client's address is the right-most entry, whatever the client wrote before it.
    for (let i = 0; i < LIMIT; i++) assert.equal((await anonymous(t, `10.9.9.${i}, 198.51.100.20`)).status, 401);
    expectTooManyRequests(await anonymous(t, '10.9.9.200, 198.51.100.20'), LIMIT);
  });
});

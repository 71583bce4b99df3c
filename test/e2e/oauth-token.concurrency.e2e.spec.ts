import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectLimitedAfter, expectTooManyFailures, requestTokenFrom, wrongSecretsAtOnce } from '../support/failed-attempts.js';
import { clientWithGrant, type IssuedClient } from '../support/issuer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

function rightSecretsAtOnce(t: TestApp, address: string, count: number, client: IssuedClient): Promise<number[]> {
  return Promise.all(Array.from({ length: count }, () => requestTokenFrom(t, address, client).then((res) => res.status)));
}

// A machine client with a worker pool asks for tokens in parallel; Auth0 limits token requests by
// rate, not by how many are in flight, so only failures may make the right secret wait.
describe('POST /oauth/token: the right secret, many requests at once', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ REDIS_URL: '' })));
  after(() => t.close());

  it('50 at once for one client from one address, five times over: every one 200', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    for (let round = 0; round < 5; round++) {
      const statuses = await rightSecretsAtOnce(t, '127.0.0.51', 50, client);
      assert.deepEqual(statuses, Array<number>(50).fill(200), `round ${round}`);
    }
    // Nothing of the allowance was spent: failures are still counted and limited as before.
    expectLimitedAfter(await wrongSecretsAtOnce(t, '127.0.0.51', 12, () => client.client_id), 10);
  });

  it('with one failure left, 30 right secrets at once take turns through it, then the last failure and 429', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    for (let i = 0; i < 9; i++)
      assert.equal((await requestTokenFrom(t, '127.0.0.52', { ...client, client_secret: `wrong-${i}` })).status, 401);
    assert.deepEqual(await rightSecretsAtOnce(t, '127.0.0.52', 30, client), Array<number>(30).fill(200));
    expectLimitedAfter(await wrongSecretsAtOnce(t, '127.0.0.52', 5, () => client.client_id), 1);
    expectTooManyFailures(await requestTokenFrom(t, '127.0.0.52', client));
  });

  it('once failures have spent the limit, right secrets at once are all refused, none kept waiting', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    expectLimitedAfter(await wrongSecretsAtOnce(t, '127.0.0.53', 10, () => client.client_id), 10);
    const responses = await Promise.all(Array.from({ length: 20 }, () => requestTokenFrom(t, '127.0.0.53', client)));
    for (const res of responses) expectTooManyFailures(res);
  });
});

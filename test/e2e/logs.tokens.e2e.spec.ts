import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { clientWithGrant, decodeJwt, requestToken } from '../support/issuer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Entry = Awaited<ReturnType<TestApp['prisma']['tenantLog']['findMany']>>[number];
interface Details {
  request: { body: Record<string, unknown> };
  response: unknown;
}
// Stored as the JSON text the service wrote.
const details = (entry: Entry): Details => JSON.parse(entry.details ?? 'null') as Details;

describe('tenant log entries of token requests', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  /** A token request's entry is written beside the reply, so it is waited for (and its absence fails the test). */
  async function entryOf(type: string, clientId: string): Promise<Entry> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const entry = await t.prisma.tenantLog.findFirst({ where: { type, client_id: clientId }, orderBy: { seq: 'desc' } });
      if (entry) return entry;
      await sleep(20);
    }
    assert.fail(`no ${type} entry for ${clientId}`);
  }

  it('seccft for an issued client-credentials token: client, audience, granted scope, no secret', async () => {
    const client = await clientWithGrant(t, ['read:logs', 'read:clients']);
    const res = await requestToken(t, client, { scope: 'read:logs' });
    assert.equal(res.status, 200);
    const entry = await entryOf('seccft', client.client_id);
    assert.equal(entry.client_name, 'test m2m');
    assert.equal(entry.audience, decodeJwt((res.body as { access_token: string }).access_token).claims.aud);
    assert.equal(entry.scope, 'read:logs');
    assert.equal(entry.user_id, null);
    assert.ok(!entry.details?.includes(client.client_secret), 'the secret is never logged');
    assert.equal(details(entry).request.body.client_secret, '[REDACTED]');
  });

  it('feccft for a refused one, described by its error_description', async () => {
    const client = await clientWithGrant(t, ['read:logs']);
    const res = await requestToken(t, { ...client, client_secret: 'wrong' });
    assert.equal(res.status, 401);
    const entry = await entryOf('feccft', client.client_id);
    assert.equal(entry.description, (res.body as { error_description: string }).error_description);
    assert.deepEqual(details(entry).response, { statusCode: 401, body: res.body });
  });

  it('fecte for a refused token exchange request (classified by grant_type)', async () => {
    const res = await t.api.post('/oauth/token').send({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: 'cli_exchanger',
      subject_token: 'a-subject-token',
      subject_token_type: 'urn:example:token',
    });
    assert.ok(res.status >= 400);
    const entry = await entryOf('fecte', 'cli_exchanger');
    assert.ok(!entry.details?.includes('a-subject-token'), 'subject tokens are never logged');
  });

  it('keeps the entry of a request carrying what PostgreSQL refuses (NUL, a lone surrogate), those stored as U+FFFD', async () => {
    const res = await t.api
      .post('/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: 'cli_nul\u0000', client_secret: 'x', audience: 'a\ud800' });
    assert.equal(res.status, 400);
    const entry = await entryOf('feccft', 'cli_nul\uFFFD');
    assert.equal(details(entry).request.body.audience, 'a\uFFFD');
  });
});

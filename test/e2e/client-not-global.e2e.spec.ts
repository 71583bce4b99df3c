import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clientWithGrant, issuedToken } from '../support/issuer.js';
import { expectUnauthorized } from '../support/responses.js';
import { AUDIENCE, startTestApp, type TestApp } from '../support/test-app.js';

const SCOPE = 'delete:token_exchange_profiles';
const NOT_GLOBAL = 'Client is not global.';

describe('"Client is not global": tokens of deleted clients or grants', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const call = (token: string) => t.api.delete('/api/v2/token-exchange-profiles/tep_absent').set('Authorization', `Bearer ${token}`);

  /** Polls until the token is refused; returns how long that took. */
  async function refusedWithin(token: string, limitMs: number): Promise<number> {
    const start = Date.now();
    for (;;) {
      const res = await call(token);
      if (res.status === 401) {
        expectUnauthorized(res, NOT_GLOBAL);
        return Date.now() - start;
      }
      assert.equal(res.status, 204);
      assert.ok(Date.now() - start < limitMs, `still accepted after ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a client deleted through the API is refused at once on this instance', async () => {
    const client = await clientWithGrant(t, [SCOPE]);
    const token = await issuedToken(t, client);
    assert.equal((await call(token)).status, 204);
    assert.equal(
      (await t.api.delete(`/api/v2/clients/${client.client_id}`).set('Authorization', await t.bearer('delete:clients'))).status,
      204,
    );
    expectUnauthorized(await call(token), NOT_GLOBAL);
  });

  it('a client deleted elsewhere (straight in the database) is refused within 5 s', async () => {
    const client = await clientWithGrant(t, [SCOPE]);
    const token = await issuedToken(t, client);
    assert.equal((await call(token)).status, 204);
    await t.prisma.client.delete({ where: { client_id: client.client_id } });
    await refusedWithin(token, 5_000);
  });

  it('removing the management-audience grant is refused within 5 s', async () => {
    const client = await clientWithGrant(t, [SCOPE]);
    const token = await issuedToken(t, client);
    assert.equal((await call(token)).status, 204);
    await t.prisma.clientGrant.deleteMany({ where: { client_id: client.client_id, audience: AUDIENCE } });
    await refusedWithin(token, 5_000);
  });

  it('removing the management grant through the API is refused at once on this instance', async () => {
    const client = await clientWithGrant(t, [SCOPE]);
    const token = await issuedToken(t, client);
    assert.equal((await call(token)).status, 204);
    const grant = await t.prisma.clientGrant.findFirstOrThrow({ where: { client_id: client.client_id, audience: AUDIENCE } });
    assert.equal(
      (await t.api.delete(`/api/v2/client-grants/${grant.id}`).set('Authorization', await t.bearer('delete:client_grants'))).status,
      204,
    );
    expectUnauthorized(await call(token), NOT_GLOBAL);
  });

  it('a grant for another audience does not make the client global', async () => {
    const client = await clientWithGrant(t, [SCOPE]);
    const token = await issuedToken(t, client);
    await t.factories.clientGrant({ client_id: client.client_id, audience: 'https://other.example.com/', scope: [SCOPE] });
    await t.prisma.clientGrant.deleteMany({ where: { client_id: client.client_id, audience: AUDIENCE } });
    await refusedWithin(token, 5_000);
  });

  it('a client created on another instance a moment ago is accepted at once', async () => {
    // Its grant is written straight to the database, so the snapshot does not hold the client yet.
    const made = await t.api
      .post('/api/v2/clients')
      .set('Authorization', await t.bearer('create:clients'))
      .send({ name: 'fresh' });
    await t.factories.clientGrant({ client_id: made.body.client_id, audience: AUDIENCE, scope: [SCOPE] });
    const token = await issuedToken(t, { client_id: made.body.client_id, client_secret: made.body.client_secret });
    assert.equal((await call(token)).status, 204);
  });

  it('tokens of the external issuer (JWKS_URI) are not subject to the check', async () => {
    const res = await call(await t.tokens.sign({ scope: SCOPE, azp: 'never-registered-here' }));
    assert.equal(res.status, 204);
  });
});

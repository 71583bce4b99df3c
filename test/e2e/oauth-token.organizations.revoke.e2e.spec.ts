import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from '../support/issuer.js';
import { associate, dissociate, m2mClient, orgToken } from '../support/m2m.js';
import { expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const NOT_ASSOCIATED = (audience: string, org: string) =>
  `The client grant for "${audience}" is not associated with the organization ${org}.`;
const DENIED = (audience: string) => `The client grant for "${audience}" does not allow organizations (organization_usage: deny).`;
const NO_GRANT = (audience: string) =>
  `Client is not authorized to access "${audience}". You need to create a "client-grant" associated to this API. See: https://auth0.com/docs/api/v2#!/Client_Grants/post_client_grants`;

// Every change to what authorizes a client for an organization holds from the very next token
// request: the association, the grant and the organization are read on each request, never cached.
describe('client credentials with organization: revocation takes effect at once', () => {
  let t: TestApp;
  // The 20 concurrent requests come from one client at one address, as from a worker pool: correct
  // secrets are never refused for being concurrent, so every refusal is the organization's.
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  it('operation 4.1 answers 204 and the next 20 concurrent requests are all refused; associating again restores it', async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow' });
    const org = await t.factories.organization();
    await associate(t, org.id, setup.grantId);
    const issued = await orgToken(t, setup, org.id);
    assert.equal(issued.status, 200, issued.text);
    assert.equal(decodeJwt((issued.body as { access_token: string }).access_token).claims.org_id, org.id);

    const removed = await dissociate(t, org.id, setup.grantId);
    assert.equal(removed.status, 204);
    const after = await Promise.all(Array.from({ length: 20 }, () => orgToken(t, setup, org.id)));
    for (const res of after) expectOAuthError(res, 403, 'access_denied', NOT_ASSOCIATED(setup.audience, org.id));

    await associate(t, org.id, setup.grantId);
    const restored = await orgToken(t, setup, org.id);
    assert.equal(restored.status, 200, restored.text);
    assert.equal(decodeJwt((restored.body as { access_token: string }).access_token).claims.org_id, org.id);
  });

  it('changing organization_usage or allow_any_organization on the grant holds for the next request', async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow', allow_any_organization: true });
    const org = await t.factories.organization();
    assert.equal((await orgToken(t, setup, org.id)).status, 200);
    const patch = async (body: object) =>
      t.api
        .patch(`/api/v2/client-grants/${setup.grantId}`)
        .set('Authorization', await t.bearer('update:client_grants'))
        .send(body);

    assert.equal((await patch({ allow_any_organization: false })).status, 200);
    expectOAuthError(await orgToken(t, setup, org.id), 403, 'access_denied', NOT_ASSOCIATED(setup.audience, org.id));
    assert.equal((await patch({ allow_any_organization: true })).status, 200);
    assert.equal((await orgToken(t, setup, org.id)).status, 200);
    assert.equal((await patch({ organization_usage: 'deny' })).status, 200);
    expectOAuthError(await orgToken(t, setup, org.id), 403, 'access_denied', DENIED(setup.audience));
  });

  it('deleting the grant or the organization holds for the next request', async () => {
    const setup = await m2mClient(t, { organization_usage: 'require' });
    const [org, other] = [await t.factories.organization(), await t.factories.organization()];
    await associate(t, org.id, setup.grantId);
    await associate(t, other.id, setup.grantId);
    assert.equal((await orgToken(t, setup, org.id)).status, 200);

    const deletedOrg = await t.api.delete(`/api/v2/organizations/${org.id}`).set('Authorization', await t.bearer('delete:organizations'));
    assert.equal(deletedOrg.status, 204);
    expectOAuthError(await orgToken(t, setup, org.id), 400, 'invalid_request', `Invalid organization: ${org.id}`);
    assert.equal((await orgToken(t, setup, other.id)).status, 200);

    const deletedGrant = await t.api
      .delete(`/api/v2/client-grants/${setup.grantId}`)
      .set('Authorization', await t.bearer('delete:client_grants'));
    assert.equal(deletedGrant.status, 204);
    expectOAuthError(await orgToken(t, setup, other.id), 403, 'access_denied', NO_GRANT(setup.audience));
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AuthenticationClient } from 'auth0/legacy';
import { AuthenticationClient as AuthenticationClientV6 } from 'auth0-v6';
import { decodeJwt } from '../support/issuer.js';
import { associate, m2mClient, orgToken, type GrantOrganizationSettings, type M2mSetup } from '../support/m2m.js';
import { expectOAuthError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The README's table "Organizations for M2M applications", one test per row. The wordings are ours
// (Auth0 records none for this grant); statuses and error codes follow Auth0's token endpoint.
const DENIED = (audience: string) => `The client grant for "${audience}" does not allow organizations (organization_usage: deny).`;
const NOT_ASSOCIATED = (audience: string, org: string) =>
  `The client grant for "${audience}" is not associated with the organization ${org}.`;
const INVALID = (org: string) => `Invalid organization: ${org}`;
const REQUIRED = 'Missing required parameter: organization';

interface Row {
  usage: GrantOrganizationSettings['organization_usage'];
  anyOrg?: boolean;
  associated: boolean;
  organization: 'given' | 'absent' | 'unknown' | 'deleted';
  /** 200 with org_id (true), 200 without it (false), or the refusal. */
  expect: { orgId: boolean } | { status: number; error: string; description: (audience: string, org: string) => string };
}

const ok = (orgId: boolean) => ({ orgId });
const refused = (status: number, error: string, description: (audience: string, org: string) => string) => ({ status, error, description });

const ROWS: Row[] = [
  { usage: undefined, associated: false, organization: 'absent', expect: ok(false) },
  { usage: undefined, associated: true, organization: 'given', expect: refused(403, 'access_denied', DENIED) },
  { usage: 'deny', associated: false, organization: 'absent', expect: ok(false) },
  { usage: 'deny', associated: true, organization: 'given', expect: refused(403, 'access_denied', DENIED) },
  { usage: 'deny', associated: false, organization: 'unknown', expect: refused(403, 'access_denied', DENIED) },
  { usage: 'allow', associated: false, organization: 'absent', expect: ok(false) },
  { usage: 'allow', associated: true, organization: 'given', expect: ok(true) },
  { usage: 'allow', associated: false, organization: 'given', expect: refused(403, 'access_denied', NOT_ASSOCIATED) },
  { usage: 'allow', associated: false, organization: 'unknown', expect: refused(400, 'invalid_request', (_a, org) => INVALID(org)) },
  { usage: 'allow', associated: true, organization: 'deleted', expect: refused(400, 'invalid_request', (_a, org) => INVALID(org)) },
  { usage: 'allow', anyOrg: true, associated: false, organization: 'given', expect: ok(true) },
  {
    usage: 'allow',
    anyOrg: true,
    associated: false,
    organization: 'unknown',
    expect: refused(400, 'invalid_request', (_a, org) => INVALID(org)),
  },
  { usage: 'require', associated: true, organization: 'absent', expect: refused(400, 'invalid_request', () => REQUIRED) },
  { usage: 'require', associated: true, organization: 'given', expect: ok(true) },
  { usage: 'require', associated: false, organization: 'given', expect: refused(403, 'access_denied', NOT_ASSOCIATED) },
  { usage: 'require', associated: false, organization: 'unknown', expect: refused(400, 'invalid_request', (_a, org) => INVALID(org)) },
  { usage: 'require', associated: true, organization: 'deleted', expect: refused(400, 'invalid_request', (_a, org) => INVALID(org)) },
  { usage: 'require', anyOrg: true, associated: false, organization: 'given', expect: ok(true) },
];

describe('POST /oauth/token (client credentials) with organization', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  async function setUp(row: Row): Promise<{ setup: M2mSetup; orgId: string }> {
    const grant: GrantOrganizationSettings = {
      ...(row.usage ? { organization_usage: row.usage } : {}),
      ...(row.anyOrg ? { allow_any_organization: true } : {}),
    };
    const setup = await m2mClient(t, grant);
    const org = await t.factories.organization();
    if (row.associated) await associate(t, org.id, setup.grantId);
    if (row.organization === 'deleted') {
      const res = await t.api.delete(`/api/v2/organizations/${org.id}`).set('Authorization', await t.bearer('delete:organizations'));
      assert.equal(res.status, 204);
    }
    return { setup, orgId: row.organization === 'unknown' ? 'org_doesnotexist123' : org.id };
  }

  for (const row of ROWS) {
    const name = `usage ${row.usage ?? '(unset)'}${row.anyOrg ? ' + allow_any_organization' : ''}, ${row.associated ? '' : 'not '}associated, organization ${row.organization}`;
    it(name, async () => {
      const { setup, orgId } = await setUp(row);
      const res = await orgToken(t, setup, row.organization === 'absent' ? undefined : orgId);
      if ('orgId' in row.expect) {
        assert.equal(res.status, 200, res.text);
        const claims = decodeJwt((res.body as { access_token: string }).access_token).claims;
        assert.equal(claims.org_id, row.expect.orgId ? orgId : undefined);
        assert.equal(claims.org_name, undefined, 'org_name only with allow_organization_name_in_authentication_api, which is off here');
      } else {
        expectOAuthError(res, row.expect.status, row.expect.error, row.expect.description(setup.audience, orgId));
      }
    });
  }

  it('require without organization: the client default_organization for client_credentials supplies it', async () => {
    const org = await t.factories.organization();
    const setup = await m2mClient(
      t,
      { organization_usage: 'require' },
      { default_organization: { organization_id: org.id, flows: ['client_credentials'] } },
    );
    const refusedBefore = await orgToken(t, setup);
    expectOAuthError(refusedBefore, 403, 'access_denied', NOT_ASSOCIATED(setup.audience, org.id));
    await associate(t, org.id, setup.grantId);
    const res = await orgToken(t, setup);
    assert.equal(res.status, 200, res.text);
    assert.equal(decodeJwt((res.body as { access_token: string }).access_token).claims.org_id, org.id);
    // A request naming another organization is judged on that one, not the default.
    const other = await t.factories.organization();
    expectOAuthError(await orgToken(t, setup, other.id), 403, 'access_denied', NOT_ASSOCIATED(setup.audience, other.id));
    // PATCH with null unsets the default: the very next request without organization is refused.
    const unset = await t.api
      .patch(`/api/v2/clients/${setup.client.client_id}`)
      .set('Authorization', await t.bearer('update:clients'))
      .send({ default_organization: null });
    assert.equal(unset.status, 200, unset.text);
    expectOAuthError(await orgToken(t, setup), 400, 'invalid_request', REQUIRED);
  });

  it('the default organization serves require only: allow without organization issues no org_id', async () => {
    const org = await t.factories.organization();
    const setup = await m2mClient(
      t,
      { organization_usage: 'allow' },
      { default_organization: { organization_id: org.id, flows: ['client_credentials'] } },
    );
    await associate(t, org.id, setup.grantId);
    const res = await orgToken(t, setup);
    assert.equal(res.status, 200, res.text);
    assert.equal(decodeJwt((res.body as { access_token: string }).access_token).claims.org_id, undefined);
  });

  it('an organization name is not an id: refused as unknown (names need a tenant flag this service does not have)', async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow', allow_any_organization: true });
    const org = await t.factories.organization();
    expectOAuthError(await orgToken(t, setup, org.name), 400, 'invalid_request', INVALID(org.name));
  });

  it('an organization that is not a string is refused like any other parameter', async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow' });
    const res = await t.api
      .post('/oauth/token')
      .send({ grant_type: 'client_credentials', ...setup.client, audience: setup.audience, organization: ['a'] });
    expectOAuthError(res, 400, 'invalid_request', 'Invalid parameter: organization must be a string');
  });

  // v7 keeps it under auth0/legacy; v6 is what a0deploy and older services use. Same constructor, same call.
  let origin: string | undefined;
  for (const [version, Client] of [
    ['v7 (auth0/legacy)', AuthenticationClient],
    ['v6', AuthenticationClientV6 as unknown as typeof AuthenticationClient],
  ] as const) {
    it(`the official SDK's AuthenticationClient ${version} (oauth.clientCredentialsGrant with organization) gets the organization's token, unchanged`, async () => {
      const setup = await m2mClient(t, { organization_usage: 'require' });
      const org = await t.factories.organization();
      await associate(t, org.id, setup.grantId);
      const base = (origin ??= (await Sdk.listen(t)).replace(/api\/v2$/, ''));
      const auth = new Client({
        domain: 'tenant.test',
        clientId: setup.client.client_id,
        clientSecret: setup.client.client_secret,
        // The SDK always calls https://{domain}; the test app listens on plain HTTP.
        fetch: (url: string | URL | Request, init?: RequestInit) =>
          fetch((url instanceof Request ? url.url : url.toString()).replace('https://tenant.test/', base), init),
      });
      const { data } = await auth.oauth.clientCredentialsGrant({ audience: setup.audience, organization: org.id });
      assert.equal(decodeJwt(data.access_token).claims.org_id, org.id);
      await assert.rejects(
        auth.oauth.clientCredentialsGrant({ audience: setup.audience }),
        (error: Error & { error?: string; error_description?: string }) => {
          assert.equal(error.error, 'invalid_request');
          assert.equal(error.error_description, REQUIRED);
          return true;
        },
      );
    });
  }
});

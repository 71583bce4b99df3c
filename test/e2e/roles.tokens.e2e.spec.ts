import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { clientWithGrant, requestToken } from '../support/issuer.js';
import { must } from '../support/must.js';
import { rolesSdk } from '../support/roles-sdk.js';
import { ISSUER, startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, type ExchangeClient } from '../support/token-exchange.js';
import { UserFactories } from '../support/user-factories.js';

const SET_USER_BY_ID =
  'exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); };';
const SCOPES = ['read:things', 'write:things', 'delete:things'];
const RBAC = 'create:roles update:roles update:users create:role_members create:organization_members create:organization_member_roles';
const unique = () => randomBytes(5).toString('hex');

describe('RBAC in tokens: enforce_policies and the authz dialects', () => {
  let t: TestApp;
  let kit: ExchangeKit;
  let users: UserFactories;
  let sdk: ReturnType<typeof rolesSdk>;
  let connectionId: string;
  let profile: string;

  const jwks = async () => createLocalJWKSet((await t.api.get('/.well-known/jwks.json')).body as { keys: JWK[] });
  const verified = async (token: string, audience: string): Promise<JWTPayload> =>
    (await jwtVerify(token, await jwks(), { issuer: ISSUER, audience, algorithms: ['RS256'] })).payload;
  /** A client of an API with the three scopes, the API set as given. */
  const setUp = async (settings: Record<string, unknown>): Promise<ExchangeClient> => {
    const client = await kit.client(SCOPES);
    const res = await t.api
      .patch(`/api/v2/resource-servers/${encodeURIComponent(client.audience)}`)
      .set('Authorization', await t.bearer('update:resource_servers'))
      .send(settings);
    assert.equal(res.status, 200, res.text);
    return client;
  };
  const perm = (audience: string, permission_name: string) => ({ resource_server_identifier: audience, permission_name });
  /** A user holding read:things directly and write:things through a role. */
  const holder = async (audience: string): Promise<string> => {
    const user = (await users.user(connectionId)).user_id;
    await sdk.users.permissions.create(user, { permissions: [perm(audience, 'read:things')] });
    const role = must((await sdk.roles.create({ name: `writers-${unique()}` })).id);
    await sdk.roles.permissions.add(role, { permissions: [perm(audience, 'write:things')] });
    await sdk.users.roles.assign(user, { roles: [role] });
    return user;
  };
  const tokenFor = async (client: ExchangeClient, user: string, scope: string, extra: Record<string, string> = {}) => {
    const res = await exchange(t, client, { subject_token: user, subject_token_type: profile, scope, ...extra });
    assert.equal(res.status, 200, res.text);
    return {
      body: res.body as { access_token: string; scope: string; refresh_token?: string },
      claims: await verified(res.body.access_token, client.audience),
    };
  };

  before(async () => {
    t = await startTestApp();
    kit = await ExchangeKit.start(t);
    users = new UserFactories(t.prisma);
    connectionId = (await users.connection()).id;
    profile = await kit.profileRunning(SET_USER_BY_ID);
    sdk = rolesSdk(kit.baseUrl, (await t.bearer(RBAC)).slice('Bearer '.length));
  });
  after(() => t.close());

  it('enforce_policies, dialect access_token: only the requested scopes the user holds (direct or by role), OIDC kept; no permissions claim', async () => {
    const client = await setUp({ enforce_policies: true, token_dialect: 'access_token' });
    const user = await holder(client.audience);
    const { body, claims } = await tokenFor(client, user, 'openid read:things write:things delete:things');
    assert.equal(body.scope, 'openid read:things write:things');
    assert.equal(claims.scope, 'openid read:things write:things');
    assert.equal(claims.permissions, undefined);
  });

  it("without enforce_policies the user's permissions do not narrow the token", async () => {
    const client = await setUp({ enforce_policies: false });
    const user = (await users.user(connectionId)).user_id;
    const { claims } = await tokenFor(client, user, 'read:things delete:things');
    assert.equal(claims.scope, 'read:things delete:things');
    assert.equal(claims.permissions, undefined);
  });

  for (const dialect of ['access_token_authz', 'rfc9068_profile_authz']) {
    it(`dialect ${dialect}: permissions lists every permission the user holds for the API, requested or not`, async () => {
      const client = await setUp({ enforce_policies: true, token_dialect: dialect });
      const user = await holder(client.audience);
      const { claims } = await tokenFor(client, user, 'read:things delete:things');
      assert.equal(claims.scope, 'read:things');
      assert.deepEqual(claims.permissions, ['read:things', 'write:things']);
    });
  }

  it("a token naming an organization holds the user's roles in it too, and only in it", async () => {
    const client = await setUp({ enforce_policies: true, token_dialect: 'access_token_authz' });
    const user = await holder(client.audience);
    const org = await t.factories.organization();
    const elsewhere = await t.factories.organization();
    const deleters = must((await sdk.roles.create({ name: `deleters-${unique()}` })).id);
    await sdk.roles.permissions.add(deleters, { permissions: [perm(client.audience, 'delete:things')] });
    await sdk.members.create(org.id, { members: [user] });
    await sdk.members.create(elsewhere.id, { members: [user] });
    await sdk.members.roles.assign(org.id, user, { roles: [deleters] });
    const inOrg = await tokenFor(client, user, 'read:things delete:things', { organization: org.id });
    assert.deepEqual(
      [inOrg.claims.scope, inOrg.claims.org_id, inOrg.claims.permissions],
      ['read:things delete:things', org.id, ['delete:things', 'read:things', 'write:things']],
    );
    const other = await tokenFor(client, user, 'read:things delete:things', { organization: elsewhere.id });
    assert.equal(other.claims.scope, 'read:things');
    const none = await tokenFor(client, user, 'read:things delete:things');
    assert.deepEqual(none.claims.permissions, ['read:things', 'write:things']);
  });

  it('a permission removed is gone from the next token, a refreshed one included', async () => {
    const client = await setUp({ enforce_policies: true, token_dialect: 'access_token_authz', allow_offline_access: true });
    await t.api
      .patch(`/api/v2/clients/${client.client_id}`)
      .set('Authorization', kit.auth)
      .send({ grant_types: ['urn:ietf:params:oauth:grant-type:token-exchange', 'refresh_token'] })
      .expect(200);
    const user = await holder(client.audience);
    const first = await tokenFor(client, user, 'read:things write:things offline_access');
    assert.equal(first.claims.scope, 'read:things write:things offline_access');
    const refreshToken = must(first.body.refresh_token, 'a refresh token');
    await sdk.users.permissions.delete(user, { permissions: [perm(client.audience, 'read:things')] });
    const refreshed = await t.api
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'refresh_token', client_id: client.client_id, client_secret: client.client_secret, refresh_token: refreshToken });
    assert.equal(refreshed.status, 200, refreshed.text);
    const claims = await verified(refreshed.body.access_token, client.audience);
    assert.deepEqual([claims.scope, claims.permissions], ['write:things offline_access', ['write:things']]);
    const next = await tokenFor(client, user, 'read:things write:things');
    assert.deepEqual([next.claims.scope, next.claims.permissions], ['write:things', ['write:things']]);
  });

  it('the RFC 9068 dialects type the access token at+jwt (RFC 9068 §2.1), the Auth0 ones JWT: user and client credentials tokens', async () => {
    for (const [dialect, typ] of [
      ['rfc9068_profile', 'at+jwt'],
      ['rfc9068_profile_authz', 'at+jwt'],
      ['access_token', 'JWT'],
      ['access_token_authz', 'JWT'],
    ] as const) {
      const client = await setUp({ enforce_policies: true, token_dialect: dialect });
      const user = await holder(client.audience);
      const { body } = await tokenFor(client, user, 'read:things');
      const m2m = await clientWithGrant(t, ['read:things'], client.audience);
      const res = await requestToken(t, m2m, { audience: client.audience });
      assert.equal(res.status, 200, res.text);
      await verified(res.body.access_token as string, client.audience);
      const headers = [body.access_token, res.body.access_token as string].map((token) => decodeProtectedHeader(token));
      assert.deepEqual(
        headers.map(({ typ: type, alg }) => [type, alg]),
        [
          [typ, 'RS256'],
          [typ, 'RS256'],
        ],
        dialect,
      );
    }
  });

  it('client credentials: an authz dialect carries the granted scopes as permissions; access_token carries none', async () => {
    for (const [dialect, expected] of [
      ['access_token_authz', ['read:things', 'write:things']],
      ['rfc9068_profile_authz', ['read:things', 'write:things']],
      ['access_token', undefined],
    ] as const) {
      const identifier = `https://m2m-${unique()}.example.com/`;
      const created = await t.api
        .post('/api/v2/resource-servers')
        .set('Authorization', await t.bearer('create:resource_servers'))
        .send({ identifier, scopes: SCOPES.map((value) => ({ value })), enforce_policies: true, token_dialect: dialect });
      assert.equal(created.status, 201, created.text);
      const m2m = await clientWithGrant(t, ['read:things', 'write:things'], identifier);
      const res = await requestToken(t, m2m, { audience: identifier });
      assert.equal(res.status, 200, res.text);
      const claims = await verified(res.body.access_token, identifier);
      assert.deepEqual([claims.scope, claims.permissions], ['read:things write:things', expected]);
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { Management } from 'auth0';
import { AuthenticationClient } from 'auth0-v6';
import { decodeJwt } from '../support/issuer.js';
import { must } from '../support/must.js';
import { expectOAuthError } from '../support/responses.js';
import { ISSUER, startTestApp, type TestApp } from '../support/test-app.js';
import { EXCHANGE_GRANT, exchange, ExchangeKit, unique, type ExchangeClient } from '../support/token-exchange.js';
import { sdkRejects, UserFactories } from '../support/user-factories.js';

// The subject token names the user: enough to exercise everything after the action.
const SET_USER_BY_ID =
  'exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); };';
const NO_GRANT = (audience: string) =>
  `Client is not authorized to access "${audience}". You need to create a "client-grant" associated to this API. See: https://auth0.com/docs/api/v2#!/Client_Grants/post_client_grants`;

describe('POST /oauth/token (custom token exchange)', () => {
  let t: TestApp;
  let kit: ExchangeKit;
  let users: UserFactories;
  let connectionId: string;
  let byId: string;
  let client: ExchangeClient;
  before(async () => {
    t = await startTestApp();
    kit = await ExchangeKit.start(t);
    users = new UserFactories(t.prisma);
    connectionId = (await users.connection()).id;
    byId = await kit.profileRunning(SET_USER_BY_ID);
    client = await kit.client(['read:things', 'write:things']);
  });
  after(() => t.close());

  const jwks = async () => createLocalJWKSet((await t.api.get('/.well-known/jwks.json')).body);

  it('issues an access token for the user the action set: sub, azp, aud, scope, exp from the API', async () => {
    const user = await users.user(connectionId);
    const before = Math.floor(Date.now() / 1000);
    const res = await exchange(t, client, { subject_token: user.user_id, subject_token_type: byId, scope: 'read:things' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual(res.body, { access_token: res.body.access_token, token_type: 'Bearer', expires_in: 86400, scope: 'read:things' });
    const { payload, protectedHeader } = await jwtVerify(res.body.access_token, await jwks(), {
      issuer: ISSUER,
      audience: client.audience,
    });
    assert.equal(protectedHeader.alg, 'RS256');
    const iat = must(payload.iat, 'iat');
    assert.ok(iat >= before);
    assert.deepEqual(payload, {
      iss: ISSUER,
      sub: user.user_id,
      aud: client.audience,
      iat,
      exp: iat + 86400,
      scope: 'read:things',
      azp: client.client_id,
    });
  });

  it('drops requested scopes outside the grant, as Auth0 does for user tokens; a form body works too', async () => {
    const user = await users.user(connectionId);
    const res = await exchange(
      t,
      client,
      { subject_token: user.user_id, subject_token_type: byId, scope: 'write:things delete:things' },
      { form: true },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.scope, 'write:things');
    assert.equal(decodeJwt(res.body.access_token).claims.scope, 'write:things');
  });

  it('adds an RS256 id_token for openid, for the client, with the profile and email claims asked for', async () => {
    const user = await users.user(connectionId, { email: 'ada@example.com', email_verified: true, name: 'Ada L', nickname: 'ada' });
    const res = await exchange(t, client, {
      subject_token: user.user_id,
      subject_token_type: byId,
      scope: 'openid profile email read:things',
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'id_token', 'scope', 'token_type']);
    assert.equal(res.body.scope, 'openid profile email read:things');
    const { payload, protectedHeader } = await jwtVerify(res.body.id_token, await jwks(), { issuer: ISSUER, audience: client.client_id });
    assert.equal(protectedHeader.alg, 'RS256');
    const iat = must(payload.iat, 'iat');
    assert.deepEqual(payload, {
      iss: ISSUER,
      sub: user.user_id,
      aud: client.client_id,
      iat,
      exp: iat + 36000,
      name: 'Ada L',
      nickname: 'ada',
      picture: 'https://example.com/avatar.png',
      updated_at: user.updated_at.toISOString(),
      email: 'ada@example.com',
      email_verified: true,
    });
    const bare = await exchange(t, client, { subject_token: user.user_id, subject_token_type: byId, scope: 'openid' });
    assert.deepEqual(Object.keys(decodeJwt(bare.body.id_token).claims).sort(), ['aud', 'exp', 'iat', 'iss', 'sub']);
  });

  it('authenticates the client with HTTP Basic (URL-encoded parts), and refuses two methods at once', async () => {
    const user = await users.user(connectionId);
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const body = { grant_type: EXCHANGE_GRANT, audience: client.audience, subject_token: user.user_id, subject_token_type: byId };
    const ok = await t.api.post('/oauth/token').type('form').set('Authorization', basic(client.client_id, client.client_secret)).send(body);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(decodeJwt(ok.body.access_token).claims.azp, client.client_id);
    expectOAuthError(
      await t.api.post('/oauth/token').set('Authorization', basic(client.client_id, 'wrong')).send(body),
      401,
      'invalid_client',
      'Client authentication failed.',
    );
    expectOAuthError(
      await t.api
        .post('/oauth/token')
        .set('Authorization', basic(client.client_id, client.client_secret))
        .send({ ...body, client_secret: client.client_secret }),
      400,
      'invalid_request',
      'Multiple client authentication methods are not allowed.',
    );
  });

  it('the official SDK (v6 AuthenticationClient.tokenExchange) gets tokens', async () => {
    const user = await users.user(connectionId);
    const auth = new AuthenticationClient({
      domain: 'tenant.test',
      clientId: client.client_id,
      clientSecret: client.client_secret,
      // The SDK always calls https://{domain}; the test app listens on plain HTTP.
      fetch: (url: string | URL | Request, init?: RequestInit) =>
        fetch(
          (url instanceof Request ? url.url : url.toString()).replace('https://tenant.test/', kit.baseUrl.replace(/api\/v2$/, '')),
          init,
        ),
    });
    const tokens = await auth.tokenExchange.exchangeToken({
      subject_token_type: byId,
      subject_token: user.user_id,
      audience: client.audience,
      scope: 'openid read:things',
    });
    assert.equal(decodeJwt(must(tokens.access_token, 'access_token')).claims.sub, user.user_id);
    assert.equal(decodeJwt(must(tokens.id_token, 'id_token')).claims.aud, client.client_id);
  });

  it('fills the action event as Auth0 does, without the client secret or the tokens in request.body', async () => {
    // The action hands its event back through deny's reason.
    const echo = await kit.profileRunning(
      "exports.onExecuteCustomTokenExchange = async (event, api) => { api.access.deny('echo', JSON.stringify(event)); };",
    );
    const res = await t.api.post('/oauth/token').set('User-Agent', 'cte-test/1.0').set('Accept-Language', 'fr-CA').send({
      grant_type: EXCHANGE_GRANT,
      client_id: client.client_id,
      client_secret: client.client_secret,
      audience: client.audience,
      subject_token: 'the-subject-token',
      subject_token_type: echo,
      scope: 'openid read:things',
      requested_token_type: 'urn:acme:wanted',
      custom_parameter: 'context',
    });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error, 'echo');
    const event = JSON.parse(res.body.error_description) as Record<string, unknown>;
    const stored = await t.prisma.client.findUniqueOrThrow({ where: { client_id: client.client_id } });
    assert.deepEqual(event.client, { client_id: client.client_id, name: stored.name, metadata: {} });
    assert.deepEqual(event.request, {
      body: {
        grant_type: EXCHANGE_GRANT,
        client_id: client.client_id,
        audience: client.audience,
        subject_token_type: echo,
        scope: 'openid read:things',
        requested_token_type: 'urn:acme:wanted',
        custom_parameter: 'context',
      },
      ip: '127.0.0.1',
      hostname: '127.0.0.1',
      user_agent: 'cte-test/1.0',
      language: 'fr-CA',
      method: 'POST',
    });
    assert.deepEqual(event.resource_server, { identifier: client.audience });
    assert.deepEqual(event.tenant, { id: 'tenant' });
    assert.deepEqual(event.transaction, {
      subject_token: 'the-subject-token',
      subject_token_type: echo,
      requested_scopes: ['openid', 'read:things'],
      requested_token_type: 'urn:acme:wanted',
    });
  });

  it("deny(code, reason) is 400 with the action's code and reason; the first denial decides", async () => {
    const denying = await kit.profileRunning(
      "exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById('auth0|x'); api.access.deny('Unauthorized_login', 'User cannot login due to reason: X'); api.access.deny('other', 'ignored'); };",
    );
    expectOAuthError(
      await exchange(t, client, { subject_token_type: denying }),
      400,
      'Unauthorized_login',
      'User cannot login due to reason: X',
    );
  });

  it('refuses an unknown subject_token_type, a client without Custom Token Exchange or a grant, and missing parameters', async () => {
    expectOAuthError(
      await exchange(t, client, { subject_token_type: 'urn:acme:nobody' }),
      400,
      'invalid_request',
      'Unsupported subject_token_type: urn:acme:nobody',
    );
    const notEnabled = { ...(await kit.client(['read:things'], { token_exchange: { allow_any_profile_of_type: [] } })) };
    const thirdParty = await kit.client(['read:things'], { is_first_party: false });
    const notAllowed = `Grant type '${EXCHANGE_GRANT}' not allowed for the client.`;
    for (const refused of [notEnabled, thirdParty]) {
      expectOAuthError(await exchange(t, refused, { subject_token_type: byId }), 403, 'unauthorized_client', notAllowed);
    }
    const otherApi = (await t.factories.resourceServer()).identifier;
    expectOAuthError(
      await exchange(t, { ...client, audience: otherApi }, { subject_token_type: byId }),
      403,
      'access_denied',
      NO_GRANT(otherApi),
    );
    expectOAuthError(
      await exchange(t, { ...client, client_secret: 'wrong' }, { subject_token_type: byId }),
      401,
      'invalid_client',
      'Client authentication failed.',
    );
    for (const missing of ['subject_token', 'subject_token_type', 'audience']) {
      expectOAuthError(
        await exchange(t, client, { subject_token_type: byId, [missing]: undefined }),
        400,
        'invalid_request',
        `Missing required parameter: ${missing}`,
      );
    }
  });

  it('setUserById: an unknown user is 400, a blocked one 401 as Auth0 answers blocked users', async () => {
    expectOAuthError(
      await exchange(t, client, { subject_token: 'auth0|nobody', subject_token_type: byId }),
      400,
      'invalid_request',
      'User not found: auth0|nobody',
    );
    const blocked = await users.user(connectionId, { blocked: true });
    expectOAuthError(
      await exchange(t, client, { subject_token: blocked.user_id, subject_token_type: byId }),
      401,
      'unauthorized',
      'user is blocked',
    );
  });

  it('an action that sets no user is refused', async () => {
    const idle = await kit.profileRunning('exports.onExecuteCustomTokenExchange = async (event, api) => {};');
    expectOAuthError(
      await exchange(t, client, { subject_token_type: idle }),
      400,
      'invalid_request',
      'The custom token exchange action must set a user with api.authentication.setUserById or setUserByConnection.',
    );
  });

  it('an action that throws is a 500 server_error, and nothing it recorded applies', async () => {
    const user = await users.user(connectionId);
    const throwing = await kit.profileRunning(
      "exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); api.user.setAppMetadata('k', 1); throw new Error('boom'); };",
    );
    const res = await exchange(t, client, { subject_token: user.user_id, subject_token_type: throwing });
    expectOAuthError(res, 500, 'server_error', 'The custom token exchange action failed: boom');
    assert.deepEqual((await t.prisma.user.findUniqueOrThrow({ where: { user_id: user.user_id } })).app_metadata, {});
  });

  it('setAppMetadata / setUserMetadata merge into the user after it is set (null removes a key)', async () => {
    const user = await users.user(connectionId, { app_metadata: { keep: 1, drop: 2 }, user_metadata: { locale: 'en' } });
    const writing = await kit.profileRunning(
      "exports.onExecuteCustomTokenExchange = async (event, api) => { api.user.setAppMetadata('group', 'admins'); api.authentication.setUserById(event.transaction.subject_token); api.user.setAppMetadata('drop', null); api.user.setUserMetadata('locale', 'fr'); };",
    );
    const res = await exchange(t, client, { subject_token: user.user_id, subject_token_type: writing });
    assert.equal(res.status, 200, res.text);
    const stored = await t.prisma.user.findUniqueOrThrow({ where: { user_id: user.user_id } });
    assert.deepEqual(stored.app_metadata, { keep: 1, group: 'admins' });
    assert.deepEqual(stored.user_metadata, { locale: 'fr' });
  });

  it('organization: org_id in both tokens for a member (org_name too when named by name); a non-member is 403 and an unknown organization 400', async () => {
    const user = await users.user(connectionId);
    const organization = await t.factories.organization();
    await t.prisma.organizationMember.create({ data: { organization_id: organization.id, user_id: user.user_id } });
    for (const given of [organization.id, organization.name]) {
      const res = await exchange(t, client, {
        subject_token: user.user_id,
        subject_token_type: byId,
        organization: given,
        scope: 'openid',
      });
      assert.equal(res.status, 200, res.text);
      const orgName = given === organization.name ? organization.name : undefined;
      for (const token of [res.body.access_token, res.body.id_token]) {
        const { claims } = decodeJwt(token);
        assert.deepEqual([claims.org_id, claims.org_name], [organization.id, orgName], given);
      }
    }
    const outsider = await users.user(connectionId);
    expectOAuthError(
      await exchange(t, client, { subject_token: outsider.user_id, subject_token_type: byId, organization: organization.id }),
      403,
      'access_denied',
      `User is not a member of the organization ${organization.id}.`,
    );
    expectOAuthError(
      await exchange(t, client, { subject_token: user.user_id, subject_token_type: byId, organization: 'org_nothere' }),
      400,
      'invalid_request',
      'Invalid organization: org_nothere',
    );
  });

  it('PATCH of the subject_token_type: the old type is refused and the new one works on the very next request; DELETE: refused next', async () => {
    const user = await users.user(connectionId);
    const profile = await kit.profile(await kit.deployedAction(SET_USER_BY_ID));
    const renamed = `urn:acme:${unique()}`;
    assert.equal((await exchange(t, client, { subject_token: user.user_id, subject_token_type: profile.subject_token_type })).status, 200);
    const patched = await t.api
      .patch(`/api/v2/token-exchange-profiles/${profile.id}`)
      .set('Authorization', kit.auth)
      .send({ subject_token_type: renamed });
    assert.equal(patched.status, 200, patched.text);
    expectOAuthError(
      await exchange(t, client, { subject_token: user.user_id, subject_token_type: profile.subject_token_type }),
      400,
      'invalid_request',
      `Unsupported subject_token_type: ${profile.subject_token_type}`,
    );
    assert.equal((await exchange(t, client, { subject_token: user.user_id, subject_token_type: renamed })).status, 200);
    assert.equal((await t.api.delete(`/api/v2/token-exchange-profiles/${profile.id}`).set('Authorization', kit.auth)).status, 204);
    expectOAuthError(
      await exchange(t, client, { subject_token: user.user_id, subject_token_type: renamed }),
      400,
      'invalid_request',
      `Unsupported subject_token_type: ${renamed}`,
    );
  });

  it('documents POST /oauth/token in the OpenAPI document, outside /api/v2, with both grants and their OAuth errors', async () => {
    const document = (await t.api.get('/api/v2/openapi.json')).body as {
      paths: Record<
        string,
        {
          servers: { url: string }[];
          post: Record<string, unknown> & {
            requestBody: { content: Record<string, { schema: { oneOf: { properties: { grant_type: { const: string } } }[] } }> };
            responses: Record<string, unknown>;
          };
        }
      >;
    };
    const token = document.paths['/oauth/token'];
    assert.equal(token.servers[0].url, '/');
    assert.equal(token.post.operationId, 'post_token');
    for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
      assert.deepEqual(
        token.post.requestBody.content[type].schema.oneOf.map((grant) => grant.properties.grant_type.const),
        ['client_credentials', EXCHANGE_GRANT],
      );
    }
    assert.deepEqual(Object.keys(token.post.responses).sort(), ['200', '400', '401', '403', '429', '500']);
  });

  it("the SDK v7 drives the profile's action: create, deploy, get, list, versions; delete refused while a profile uses it, then done", async () => {
    const actionId = await kit.deployedAction(SET_USER_BY_ID);
    const got = await kit.actions.get(actionId);
    assert.equal(got.deployed_version?.number, 1);
    const listed = await kit.actions.list({ actionName: got.name });
    assert.deepEqual(
      listed.data.map((action) => action.id),
      [actionId],
    );
    const versions = await kit.actions.versions.list(actionId);
    assert.deepEqual(
      versions.data.map((version) => [version.number, version.deployed]),
      [[1, true]],
    );
    const profile = await kit.profile(actionId);
    await sdkRejects(
      kit.actions.delete(actionId),
      409,
      'action_bound',
      'The action is used by a token exchange profile and cannot be deleted. Delete or update the profile first.',
    );
    assert.equal((await t.api.delete(`/api/v2/token-exchange-profiles/${profile.id}`).set('Authorization', kit.auth)).status, 204);
    await kit.actions.delete(actionId);
    await assert.rejects(kit.actions.get(actionId), Management.NotFoundError);
  });
});

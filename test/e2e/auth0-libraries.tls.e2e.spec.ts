// needs: openssl
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LibraryClient, LibraryRequest } from '../support/auth0-libraries.js';
import { Auth0Libraries } from '../support/auth0-libraries-driver.js';
import { decodeJwt } from '../support/issuer.js';
import { startTlsServer, type TlsServer } from '../support/tls-server.js';

const ADMIN: LibraryClient = { id: 'libraries-e2e-admin', secret: 'libraries-e2e-secret-0123456789-0123456789' };
const API = 'https://api.acme.test/';
const PARTNER_TYPE = 'urn:acme:partner-token';
const ACTION = `exports.onExecuteCustomTokenExchange = async (event, api) => {
  const [kind, name] = event.transaction.subject_token.split(':');
  if (kind === 'deny') return api.access.deny('access_denied', 'Partner ' + name + ' is suspended');
  if (kind === 'throw') throw new Error('partner directory unreachable');
  if (kind !== 'good') return api.access.rejectInvalidSubjectToken('Invalid subject_token');
  const { actor_token, actor_token_type } = event.transaction;
  if (actor_token) api.authentication.setActor({ sub: actor_token, via: actor_token_type });
  api.authentication.setUserByConnection(
    'partner-users',
    { user_id: name, email: name + '@partner.example', email_verified: true, name },
    { creationBehavior: 'create_if_not_exists', updateBehavior: 'none' },
  );
};`;

/**
 * Auth0's authentication libraries, unmodified, against the real server over HTTPS by domain: they
 * discover the tenant (/.well-known/openid-configuration, its issuer compared with https://{domain}/)
 * before every first call, then use the token endpoint it names.
 */
describe('@auth0/auth0-auth-js and @auth0/auth0-server-js over TLS by domain', () => {
  let server: TlsServer;
  let libraries: Auth0Libraries;
  let token: string;
  let exchanger: LibraryClient;
  let m2m: LibraryClient;
  let orgId: string;
  let otherOrgId: string;
  let orgGrantId: string;
  let actionId: string;

  const api = async (method: string, path: string, body?: unknown): Promise<Record<string, string>> => {
    const res = await server.fetch(method, `/api/v2${path}`, { body, token });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, string>;
  };
  const exchange = (options: Record<string, unknown>, client = exchanger): Promise<Record<string, unknown>> =>
    libraries.result({ op: 'exchange', client, options: { subjectTokenType: PARTNER_TYPE, audience: API, ...options } as never });
  const refusal = async (request: LibraryRequest) => {
    const answer = await libraries.call(request);
    assert.equal(answer.ok, false, JSON.stringify(answer));
    return { name: answer.name, statusCode: answer.statusCode, cause: answer.cause };
  };

  before(async () => {
    server = await startTlsServer({ BOOTSTRAP_CLIENT_ID: ADMIN.id, BOOTSTRAP_CLIENT_SECRET: ADMIN.secret });
    libraries = Auth0Libraries.start(server.domain, server.certFile);
    token = await server.managementToken(ADMIN);
    // As a tenant administrator would: an API, a connection, a client with Custom Token Exchange, the action and its profile.
    await api('POST', '/resource-servers', { identifier: API, name: 'Acme', scopes: [{ value: 'read:orders' }] });
    const connection = await api('POST', '/connections', { name: 'partner-users', strategy: 'auth0' });
    const made = await api('POST', '/clients', {
      name: 'partner gateway',
      app_type: 'regular_web',
      token_exchange: { allow_any_profile_of_type: ['custom_authentication'] },
    });
    exchanger = { id: made.client_id, secret: made.client_secret };
    await api('POST', '/client-grants', { client_id: exchanger.id, audience: API, scope: ['read:orders'] });
    await api('PATCH', `/connections/${connection.id}/clients`, [{ client_id: exchanger.id, status: true }]);
    actionId = (
      await api('POST', '/actions/actions', {
        name: 'partner-cte',
        supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
        code: ACTION,
      })
    ).id;
    await api('POST', `/actions/actions/${actionId}/deploy`);
    await api('POST', '/token-exchange-profiles', {
      name: 'partner',
      subject_token_type: PARTNER_TYPE,
      action_id: actionId,
      type: 'custom_authentication',
    });
    // An organization, and a machine client whose grant for the API is associated with it.
    orgId = (await api('POST', '/organizations', { name: 'acme-partners' })).id;
    otherOrgId = (await api('POST', '/organizations', { name: 'acme-others' })).id;
    const machine = await api('POST', '/clients', { name: 'partner batch', app_type: 'non_interactive' });
    m2m = { id: machine.client_id, secret: machine.client_secret };
    orgGrantId = (
      await api('POST', '/client-grants', { client_id: m2m.id, audience: API, scope: ['read:orders'], organization_usage: 'allow' })
    ).id;
    await api('POST', `/organizations/${orgId}/client-grants`, { grant_id: orgGrantId });
  });

  after(async () => {
    await libraries.stop();
    await server.stop();
  });

  it('discovers the tenant: its issuer is https://{domain}/ and it names the token endpoint and the JWKS', async () => {
    const metadata = await libraries.result({ op: 'metadata', client: exchanger });
    assert.equal(metadata.issuer, `https://${server.domain}/`);
    assert.equal(metadata.token_endpoint, `https://${server.domain}/oauth/token`);
    assert.equal(metadata.jwks_uri, `https://${server.domain}/.well-known/jwks.json`);
  });

  it('getTokenByClientCredentials: a Management API token the API accepts', async () => {
    const result = await libraries.result({ op: 'clientCredentials', client: ADMIN, audience: `https://${server.domain}/api/v2/` });
    const res = await server.fetch('GET', '/api/v2/organizations', { token: result.accessToken as string });
    assert.equal(res.status, 200);
    assert.equal(decodeJwt(result.accessToken as string).claims.iss, `https://${server.domain}/`);
  });

  it('getTokenByClientCredentials with an organization: org_id in the token; refused on the next call once the grant leaves the organization', async () => {
    const request: LibraryRequest = { op: 'clientCredentials', client: m2m, audience: API, organization: orgId };
    const result = await libraries.result(request);
    const { claims } = decodeJwt(result.accessToken as string);
    assert.deepEqual([claims.org_id, claims.sub, claims.scope], [orgId, `${m2m.id}@clients`, 'read:orders']);
    const removed = await server.fetch('DELETE', `/api/v2/organizations/${orgId}/client-grants/${orgGrantId}`, { token });
    assert.equal(removed.status, 204);
    assert.deepEqual(await refusal(request), {
      name: 'TokenByClientCredentialsError',
      statusCode: 403,
      cause: {
        error: 'access_denied',
        error_description: `The client grant for "${API}" is not associated with the organization ${orgId}.`,
      },
    });
  });

  it('exchangeToken: tokens for the user the action set, the ID token checked by the library', async () => {
    const result = await exchange({ subjectToken: 'good:alice', scope: 'openid email read:orders' });
    const access = decodeJwt(result.accessToken as string).claims;
    // openid: Auth0 adds its /userinfo to the access token's audiences.
    assert.deepEqual(
      [access.sub, access.aud, access.azp, access.scope],
      ['auth0|alice', [API, `https://${server.domain}/userinfo`], exchanger.id, 'openid email read:orders'],
    );
    const claims = result.claims as Record<string, unknown>;
    assert.deepEqual(
      [claims.iss, claims.sub, claims.aud, claims.email],
      [`https://${server.domain}/`, 'auth0|alice', exchanger.id, 'alice@partner.example'],
    );
    assert.equal(result.refreshToken, undefined);
  });

  it('exchangeToken naming an organization by id or by name: the library finds org_id or org_name in the ID token', async () => {
    await exchange({ subjectToken: 'good:alice' });
    await api('POST', `/organizations/${orgId}/members`, { members: ['auth0|alice'] });
    const byId = await exchange({ subjectToken: 'good:alice', scope: 'openid', organization: orgId });
    assert.equal((byId.claims as Record<string, unknown>).org_id, orgId);
    const byName = await exchange({ subjectToken: 'good:alice', scope: 'openid', organization: 'acme-partners' });
    assert.deepEqual(
      [(byName.claims as Record<string, unknown>).org_id, (byName.claims as Record<string, unknown>).org_name],
      [orgId, 'acme-partners'],
    );
  });

  it('exchangeToken refusals reach the library as Auth0’s OAuth errors', async () => {
    await exchange({ subjectToken: 'good:alice' });
    const notGranted = `https://${server.domain}/api/v2/`;
    const cases: [Record<string, unknown>, LibraryClient, number, string, string][] = [
      [{ subjectToken: 'bad:token' }, exchanger, 400, 'invalid_request', 'Invalid subject_token'],
      [{ subjectToken: 'deny:bob' }, exchanger, 400, 'access_denied', 'Partner bob is suspended'],
      // openid-client reads an OAuth error body only from a 4xx: a 500 reaches the caller as its status alone.
      [{ subjectToken: 'throw:x' }, exchanger, 500, '', ''],
      [
        { subjectToken: 'good:alice', subjectTokenType: 'urn:acme:unknown' },
        exchanger,
        400,
        'invalid_request',
        'Unsupported subject_token_type: urn:acme:unknown',
      ],
      [
        { subjectToken: 'good:alice', audience: notGranted },
        exchanger,
        403,
        'access_denied',
        `Client is not authorized to access "${notGranted}". You need to create a "client-grant" associated to this API. See: https://auth0.com/docs/api/v2#!/Client_Grants/post_client_grants`,
      ],
      [
        { subjectToken: 'good:alice', organization: otherOrgId },
        exchanger,
        403,
        'access_denied',
        `User is not a member of the organization ${otherOrgId}.`,
      ],
      [
        { subjectToken: 'good:alice', organization: 'org_doesNotExist00' },
        exchanger,
        400,
        'invalid_request',
        'Invalid organization: org_doesNotExist00',
      ],
      [
        { subjectToken: 'good:alice' },
        m2m,
        403,
        'unauthorized_client',
        "Grant type 'urn:ietf:params:oauth:grant-type:token-exchange' not allowed for the client.",
      ],
      [
        { subjectToken: 'good:alice' },
        { id: exchanger.id, secret: 'not-the-secret' },
        401,
        'invalid_client',
        'Client authentication failed.',
      ],
    ];
    for (const [options, client, statusCode, error, description] of cases) {
      const request: LibraryRequest = {
        op: 'exchange',
        client,
        options: { subjectTokenType: PARTNER_TYPE, audience: API, ...options } as never,
      };
      assert.deepEqual(
        await refusal(request),
        { name: 'TokenExchangeError', statusCode, cause: { error, error_description: description } },
        JSON.stringify(options),
      );
    }
  });

  it('a PATCH of the profile’s subject_token_type and then its DELETE take effect on the library’s next call', async () => {
    const type = 'urn:acme:patched-token';
    const profile = await api('POST', '/token-exchange-profiles', {
      name: 'patched',
      subject_token_type: type,
      action_id: actionId,
      type: 'custom_authentication',
    });
    assert.equal(
      decodeJwt((await exchange({ subjectToken: 'good:dave', subjectTokenType: type })).accessToken as string).claims.sub,
      'auth0|dave',
    );
    const renamed = 'urn:acme:patched-token-v2';
    await api('PATCH', `/token-exchange-profiles/${profile.id}`, { subject_token_type: renamed });
    const unsupported = (t: string) => ({
      name: 'TokenExchangeError',
      statusCode: 400,
      cause: { error: 'invalid_request', error_description: `Unsupported subject_token_type: ${t}` },
    });
    const call = (t: string): LibraryRequest => ({
      op: 'exchange',
      client: exchanger,
      options: { subjectToken: 'good:dave', subjectTokenType: t, audience: API },
    });
    assert.deepEqual(await refusal(call(type)), unsupported(type));
    assert.equal(
      decodeJwt((await exchange({ subjectToken: 'good:dave', subjectTokenType: renamed })).accessToken as string).claims.sub,
      'auth0|dave',
    );
    const deleted = await server.fetch('DELETE', `/api/v2/token-exchange-profiles/${profile.id}`, { token });
    assert.equal(deleted.status, 204);
    assert.deepEqual(await refusal(call(renamed)), unsupported(renamed));
  });

  it('exchangeToken with an actor: actor_token reaches the action, and the library reads the act claim it set', async () => {
    const result = await exchange({
      subjectToken: 'good:erin',
      actorToken: 'support-agent-7',
      actorTokenType: 'urn:acme:agent-token',
      scope: 'openid',
    });
    const act = { sub: 'support-agent-7', via: 'urn:acme:agent-token' };
    assert.deepEqual(result.act, act);
    assert.deepEqual(decodeJwt(result.accessToken as string).claims.act, act);
  });

  it('auth0-server-js loginWithCustomTokenExchange: a session whose user and access token the library reads back', async () => {
    const result = await libraries.result({
      op: 'serverLogin',
      client: exchanger,
      audience: API,
      subjectToken: 'good:carol',
      subjectTokenType: PARTNER_TYPE,
    });
    const user = result.user as Record<string, unknown>;
    assert.deepEqual([user.sub, user.email], ['auth0|carol', 'carol@partner.example']);
    const access = result.accessToken as string | { accessToken: string };
    const accessToken = typeof access === 'string' ? access : access.accessToken;
    // The library asks for openid: Auth0 adds its /userinfo to the access token's audiences.
    const userinfo = `https://${server.domain}/userinfo`;
    assert.deepEqual([decodeJwt(accessToken).claims.sub, decodeJwt(accessToken).claims.aud], ['auth0|carol', [API, userinfo]]);
  });

  it('auth0-server-js getAccessToken refreshes once the first access token expires (rotating refresh token), and fails once it is revoked', async () => {
    const offlineApi = 'https://offline.acme.test/';
    await api('POST', '/resource-servers', { identifier: offlineApi, name: 'Acme offline', allow_offline_access: true, token_lifetime: 1 });
    await api('POST', '/client-grants', { client_id: exchanger.id, audience: offlineApi, scope: [] });
    await api('PATCH', `/clients/${exchanger.id}`, {
      refresh_token: { rotation_type: 'rotating', expiration_type: 'expiring', leeway: 0 },
    });
    const result = await libraries.result({
      op: 'serverRefresh',
      client: exchanger,
      audience: offlineApi,
      subjectToken: 'good:dave',
      subjectTokenType: PARTNER_TYPE,
    });
    const [first, second] = [decodeJwt(result.first as string).claims, decodeJwt(result.second as string).claims];
    const audiences = [offlineApi, `https://${server.domain}/userinfo`];
    assert.deepEqual([first.sub, first.aud, second.sub, second.aud], ['auth0|dave', audiences, 'auth0|dave', audiences]);
    assert.notEqual(result.second, result.first);
    assert.ok((second.iat as number) > (first.iat as number));
    assert.match(second.scope as string, /\boffline_access\b/);
    assert.equal(result.cached, result.second, 'the refreshed token is kept until it expires');
    const refused = result.afterRevoke as { ok: boolean; cause?: { error: string; error_description: string } };
    assert.equal(refused.ok, false);
    assert.deepEqual(refused.cause, { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' });
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AuthApiError } from 'auth0/legacy';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { decodeJwt } from '../support/issuer.js';
import { expectOAuthError } from '../support/responses.js';
import { PASSWORD_REALM, SignInKit, type SignInClient } from '../support/sign-in.js';
import { ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

const USERINFO = 'https://tenant.test/userinfo';

describe('password grants: users sign in with their password (password-realm, password)', () => {
  let t: TestApp;
  let kit: SignInKit;
  let api: string;
  let client: SignInClient;

  const signIn = (c: SignInClient, fields: Record<string, string>, grant_type = PASSWORD_REALM) =>
    t.api
      .post('/oauth/token')
      .type('form')
      .send({ grant_type, realm: kit.connection.name, ...c, ...fields });

  before(async () => {
    t = await startTestApp();
    kit = await SignInKit.start(t);
    api = (await t.factories.resourceServer({ scopes: ['read:things', 'write:things'] })).identifier;
    await t.prisma.resourceServer.update({ where: { identifier: api }, data: { allow_offline_access: true } });
    client = await kit.client();
  });
  after(() => t.close());

  it('the official SDK signs a user in with a realm: an access token for the API, the login counted, sepft logged', async () => {
    const user = await kit.user();
    const { data } = await kit.auth(client).oauth.passwordGrant({
      username: user.email,
      password: user.password,
      realm: kit.connection.name,
      audience: api,
      scope: 'read:things',
    });
    const claims = decodeJwt(data.access_token).claims;
    assert.deepEqual(
      [claims.iss, claims.sub, claims.aud, claims.azp, claims.scope],
      [ISSUER, user.user_id, api, client.client_id, 'read:things'],
    );
    assert.equal(data.token_type, 'Bearer');
    assert.equal(data.id_token, undefined);
    const row = await t.prisma.user.findUniqueOrThrow({ where: { user_id: user.user_id } });
    assert.equal(row.logins_count, 1);
    assert.ok(row.last_login && Date.now() - row.last_login.getTime() < 60_000);
    const entry = await kit.logEntry('sepft', (e) => e.user_id === user.user_id);
    assert.deepEqual([entry.client_id, entry.audience, entry.scope], [client.client_id, api, 'read:things']);
    assert.equal(JSON.stringify(entry).includes(user.password), false, 'the password is never logged');
  });

  it('a wrong password and an unknown user: 403 invalid_grant in the same words, logged fp and fu', async () => {
    const user = await kit.user();
    const wrong = kit.auth(client).oauth.passwordGrant({ username: user.email, password: 'not-the-password', realm: kit.connection.name });
    await assert.rejects(wrong, (error: AuthApiError) => {
      assert.ok(error instanceof AuthApiError);
      assert.deepEqual([error.statusCode, error.error, error.error_description], [403, 'invalid_grant', 'Wrong email or password.']);
      return true;
    });
    const fp = await kit.logEntry('fp', (e) => e.user_id === user.user_id);
    assert.equal(fp.description, 'Wrong email or password.');
    const unknown = await signIn(client, { username: 'nobody-here@example.com', password: 'whatever', scope: 'openid' });
    expectOAuthError(unknown, 403, 'invalid_grant', 'Wrong email or password.');
    await kit.logEntry('fu', (e) => e.client_id === client.client_id);
  });

  it('openid: an ID token with the profile and email claims asked for, and /userinfo among the access token’s audiences', async () => {
    const user = await kit.user({ given_name: 'Ada', family_name: 'Lovelace', name: 'Ada Lovelace' });
    const res = await signIn(client, {
      username: user.email.toUpperCase(),
      password: user.password,
      audience: api,
      scope: 'openid email read:things',
    });
    assert.equal(res.status, 200, res.text);
    const jwks = createLocalJWKSet((await t.api.get('/.well-known/jwks.json')).body as JSONWebKeySet);
    const { payload } = await jwtVerify(res.body.id_token as string, jwks, { issuer: ISSUER, audience: client.client_id });
    assert.deepEqual([payload.sub, payload.email, payload.email_verified, payload.name], [user.user_id, user.email, false, undefined]);
    assert.deepEqual(decodeJwt(res.body.access_token as string).claims.aud, [api, USERINFO]);
    const profile = await signIn(client, { username: user.email, password: user.password, scope: 'openid profile' });
    const id = decodeJwt(profile.body.id_token as string).claims;
    assert.deepEqual([id.name, id.given_name, id.family_name, id.email], ['Ada Lovelace', 'Ada', 'Lovelace', undefined]);
    // No audience and no tenant default: a token for /userinfo alone, holding OIDC's scopes only.
    const access = decodeJwt(profile.body.access_token as string).claims;
    assert.deepEqual([access.aud, access.scope, profile.body.expires_in], [USERINFO, 'openid profile', 86400]);
  });

  it('offline_access buys a refresh token that refreshes (where the client holds a grant for the API); a public client needs no secret', async () => {
    const user = await kit.user();
    const ungranted = await signIn(client, {
      username: user.email,
      password: user.password,
      audience: api,
      scope: 'read:things offline_access',
    });
    assert.equal(ungranted.status, 200, ungranted.text);
    assert.deepEqual([ungranted.body.refresh_token, ungranted.body.scope], [undefined, 'read:things']);
    await t.factories.clientGrant({ client_id: client.client_id, audience: api, scope: [] });
    const res = await signIn(client, {
      username: user.email,
      password: user.password,
      audience: api,
      scope: 'openid read:things offline_access',
    });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.refresh_token as string, /^[\w-]{43}$/);
    const refreshed = await t.api
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'refresh_token', ...client, refresh_token: res.body.refresh_token as string });
    assert.equal(refreshed.status, 200, refreshed.text);
    assert.equal(decodeJwt(refreshed.body.access_token as string).claims.sub, user.user_id);
    const spa = await kit.client({ token_endpoint_auth_method: 'none', app_type: 'spa' });
    const publicSignIn = await signIn({ client_id: spa.client_id }, { username: user.email, password: user.password });
    assert.equal(publicSignIn.status, 200, publicSignIn.text);
    expectOAuthError(
      await signIn({ client_id: client.client_id }, { username: user.email, password: user.password }),
      401,
      'invalid_client',
      'Client authentication failed.',
    );
  });

  it('refuses a client without the grant type, a connection not enabled for it, a blocked user, and `password` without a default directory', async () => {
    const user = await kit.user();
    const credentials = { username: user.email, password: user.password };
    const noGrant = await kit.client({ grant_types: ['password'] });
    expectOAuthError(
      await signIn(noGrant, credentials),
      403,
      'unauthorized_client',
      `Grant type '${PASSWORD_REALM}' not allowed for the client.`,
    );
    await kit.logEntry('fepft', (e) => e.client_id === noGrant.client_id);
    const notEnabled = await kit.client({}, { enabled: false });
    expectOAuthError(
      await signIn(notEnabled, credentials),
      400,
      'invalid_request',
      `The connection ${kit.connection.name} is not enabled for the client.`,
    );
    expectOAuthError(
      await signIn(client, { ...credentials, realm: 'no-such-connection' }),
      400,
      'invalid_request',
      'Unknown realm: no-such-connection',
    );
    expectOAuthError(
      await signIn(client, credentials, 'password'),
      500,
      'server_error',
      'Authorization server not configured with default connection.',
    );
    const blocked = await kit.user({ blocked: true });
    expectOAuthError(await signIn(client, { username: blocked.email, password: blocked.password }), 401, 'unauthorized', 'user is blocked');
    const entry = await kit.logEntry('f', (e) => e.user_id === blocked.user_id);
    assert.equal(entry.description, 'user is blocked');
    expectOAuthError(await signIn(client, { username: user.email }), 400, 'invalid_request', 'Missing required parameter: password');
  });

  it('brute-force protection: after 10 failures from one address even the right password gets 429 (limit_wc), until the password changes', async () => {
    const user = await kit.user();
    for (let i = 0; i < 10; i++) {
      expectOAuthError(
        await signIn(client, { username: user.email, password: `wrong-${i}` }),
        403,
        'invalid_grant',
        'Wrong email or password.',
      );
    }
    const blocked = await signIn(client, { username: user.email, password: user.password });
    expectOAuthError(
      blocked,
      429,
      'too_many_attempts',
      "Your account has been blocked after multiple consecutive login attempts. We've sent you a notification via your preferred contact method with instructions on how to unblock it.",
    );
    await kit.logEntry('limit_wc', (e) => e.user_id === user.user_id);
    const changed = await t.api
      .patch(`/api/v2/users/${encodeURIComponent(user.user_id)}`)
      .set('Authorization', await t.bearer('update:users'))
      .send({ password: 'Another-Horse-7' });
    assert.equal(changed.status, 200, changed.text);
    const after = await signIn(client, { username: user.email, password: 'Another-Horse-7' });
    assert.equal(after.status, 200, after.text);
  });

  it('a backend trusted with is_token_endpoint_ip_header_trusted is counted by the end user’s auth0-forwarded-for address', async () => {
    const user = await kit.user();
    const backend = await kit.client({ is_token_endpoint_ip_header_trusted: true });
    const from = (address: string, password: string) =>
      signIn(backend, { username: user.email, password }).set('auth0-forwarded-for', address);
    for (let i = 0; i < 10; i++) assert.equal((await from('203.0.113.7', 'wrong')).status, 403);
    assert.equal((await from('203.0.113.7', user.password)).status, 429);
    // Another end user behind the same backend, and the backend's own address, are not blocked.
    assert.equal((await from('198.51.100.9', user.password)).status, 200);
    // An untrusted client's header is ignored: its failures count against its own address.
    const untrusted = await kit.client();
    const spoofed = await signIn(untrusted, { username: user.email, password: 'wrong' }).set('auth0-forwarded-for', '203.0.113.7');
    assert.equal(spoofed.status, 403);
  });

  it('a success starts the count again: only consecutive failures block', async () => {
    const user = await kit.user();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 6; i++) assert.equal((await signIn(client, { username: user.email, password: 'wrong' })).status, 403);
      assert.equal((await signIn(client, { username: user.email, password: user.password })).status, 200);
    }
  });
});

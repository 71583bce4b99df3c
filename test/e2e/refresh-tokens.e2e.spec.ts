import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { AuthenticationClient } from 'auth0/legacy';
import type { Response } from 'supertest';
import { decodeJwt } from '../support/issuer.js';
import { expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, type ExchangeClient } from '../support/token-exchange.js';
import { UserFactories } from '../support/user-factories.js';

const SET_USER_BY_ID =
  'exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); };';
const SET_ACTOR =
  "exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); api.authentication.setActor({ sub: 'agent' }); };";
const ROTATING = { rotation_type: 'rotating', expiration_type: 'expiring', leeway: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('refresh tokens: issued by an exchange with offline_access, refreshed, rotated, revoked', () => {
  let t: TestApp;
  let kit: ExchangeKit;
  let users: UserFactories;
  let connectionId: string;
  let profile: string;

  const offlineClient = async (refresh_token: Record<string, unknown> = {}): Promise<ExchangeClient> => {
    const client = await kit.client(['read:things'], Object.keys(refresh_token).length ? { refresh_token } : {});
    await t.prisma.resourceServer.update({ where: { identifier: client.audience }, data: { allow_offline_access: true } });
    return client;
  };
  /** An exchange asking offline_access for a new user: its answer. */
  const login = async (client: ExchangeClient, scope = 'openid read:things offline_access', type = profile): Promise<Response> => {
    const user = await users.user(connectionId);
    return exchange(t, client, { subject_token: user.user_id, subject_token_type: type, scope });
  };
  const refresh = (client: ExchangeClient, refresh_token: string, extra: Record<string, string> = {}, api = t.api) =>
    api
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'refresh_token', client_id: client.client_id, client_secret: client.client_secret, refresh_token, ...extra });
  const revoke = (client: ExchangeClient, token: string) =>
    t.api.post('/oauth/revoke').send({ client_id: client.client_id, client_secret: client.client_secret, token });
  const expectInvalid = (res: Response) => expectOAuthError(res, 403, 'invalid_grant', 'Unknown or invalid refresh token.');

  before(async () => {
    t = await startTestApp();
    kit = await ExchangeKit.start(t);
    users = new UserFactories(t.prisma);
    const connection = await users.connection();
    connectionId = connection.id;
    profile = await kit.profileRunning(SET_USER_BY_ID);
  });
  after(() => t.close());

  it('issues a refresh token (scope offline_access) for an API allowing offline access; stored only as its SHA-256', async () => {
    const client = await offlineClient();
    const res = await login(client);
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.refresh_token, /^[\w-]{43}$/);
    assert.equal(res.body.scope, 'openid read:things offline_access');
    assert.equal(decodeJwt(res.body.access_token).claims.scope, 'openid read:things offline_access');
    const rows = await t.prisma.refreshToken.findMany({ where: { client_id: client.client_id } });
    assert.equal(rows.length, 1);
    assert.equal(rows[0].token_hash, createHash('sha256').update(res.body.refresh_token).digest('hex'));
    assert.ok(!JSON.stringify(rows).includes(res.body.refresh_token));
  });

  it('none without offline_access, for an API without allow_offline_access, with an actor, or for a client without the refresh_token grant', async () => {
    const client = await offlineClient();
    const without = await login(client, 'openid read:things');
    assert.equal(without.status, 200, without.text);
    assert.equal(without.body.refresh_token, undefined);
    const notAllowed = await kit.client(['read:things']);
    const offApi = await login(notAllowed);
    assert.equal(offApi.status, 200, offApi.text);
    assert.equal(offApi.body.refresh_token, undefined);
    assert.equal(offApi.body.scope, 'openid read:things');
    const withActor = await login(client, 'openid read:things offline_access', await kit.profileRunning(SET_ACTOR));
    assert.equal(withActor.status, 200, withActor.text);
    assert.equal(withActor.body.refresh_token, undefined);
    assert.equal(withActor.body.scope, 'openid read:things');
    const noGrant = await kit.client(['read:things'], { grant_types: ['urn:ietf:params:oauth:grant-type:token-exchange'] });
    await t.prisma.resourceServer.update({ where: { identifier: noGrant.audience }, data: { allow_offline_access: true } });
    const noRefreshGrant = await login(noGrant);
    assert.equal(noRefreshGrant.status, 200, noRefreshGrant.text);
    assert.equal(noRefreshGrant.body.refresh_token, undefined);
  });

  it('non-rotating (the default): the same token refreshes again and again, for the same user, API and scopes', async () => {
    const client = await offlineClient();
    const first = await login(client);
    const sub = decodeJwt(first.body.access_token).claims.sub;
    for (let i = 0; i < 2; i++) {
      const res = await refresh(client, first.body.refresh_token);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.refresh_token, undefined);
      assert.equal(res.body.token_type, 'Bearer');
      assert.equal(res.body.scope, 'openid read:things offline_access');
      const claims = decodeJwt(res.body.access_token).claims;
      // openid: Auth0 adds its /userinfo to the access token's audiences.
      assert.deepEqual([claims.sub, claims.aud, claims.azp], [sub, [client.audience, 'https://tenant.test/userinfo'], client.client_id]);
      assert.equal(decodeJwt(res.body.id_token).claims.sub, sub);
    }
    const narrower = await refresh(client, first.body.refresh_token, { scope: 'read:things' });
    assert.equal(narrower.body.scope, 'read:things');
    assert.equal(narrower.body.id_token, undefined);
  });

  it('refuses an unknown token, another client’s token, and a client without the refresh_token grant, in Auth0’s words', async () => {
    const client = await offlineClient();
    const other = await offlineClient();
    const { body } = await login(client);
    expectInvalid(await refresh(client, 'not-a-refresh-token'));
    expectInvalid(await refresh(other, body.refresh_token));
    expectOAuthError(
      await refresh(client, body.refresh_token, { client_secret: 'wrong' }),
      401,
      'invalid_client',
      'Client authentication failed.',
    );
    await t.prisma.client.update({ where: { client_id: client.client_id }, data: { grant_types: ['client_credentials'] } });
    expectOAuthError(
      await refresh(client, body.refresh_token),
      403,
      'unauthorized_client',
      "Grant type 'refresh_token' not allowed for the client.",
    );
    expectOAuthError(
      await t.api
        .post('/oauth/token')
        .send({ grant_type: 'refresh_token', client_id: client.client_id, client_secret: client.client_secret }),
      400,
      'invalid_request',
      'Missing required parameter: refresh_token',
    );
  });

  it('rotating: each use answers a successor and retires the token; reusing a rotated one revokes the whole family', async () => {
    const client = await offlineClient(ROTATING);
    const first = (await login(client)).body.refresh_token as string;
    const second = await refresh(client, first);
    assert.equal(second.status, 200, second.text);
    assert.match(second.body.refresh_token, /^[\w-]{43}$/);
    assert.notEqual(second.body.refresh_token, first);
    const third = await refresh(client, second.body.refresh_token);
    assert.equal(third.status, 200, third.text);
    expectInvalid(await refresh(client, first));
    // The breach took the newest token with it.
    expectInvalid(await refresh(client, third.body.refresh_token));
    assert.equal(await t.prisma.refreshToken.count({ where: { client_id: client.client_id } }), 0);
  });

  it('rotating with a leeway: only the latest rotated token may be used again within it', async () => {
    const client = await offlineClient({ ...ROTATING, leeway: 60 });
    const first = (await login(client)).body.refresh_token as string;
    const second = await refresh(client, first);
    const retried = await refresh(client, first);
    assert.equal(retried.status, 200, retried.text);
    assert.notEqual(retried.body.refresh_token, second.body.refresh_token);
    const third = await refresh(client, second.body.refresh_token);
    assert.equal(third.status, 200, third.text);
    // first is now the second-to-last rotated token: a breach, within the leeway or not.
    expectInvalid(await refresh(client, first));
    expectInvalid(await refresh(client, third.body.refresh_token));
  });

  it('a reuse on another instance revokes the family there and here (the state is in the database)', async () => {
    const other = await startTestApp({}, { tokens: t.tokens, databaseUrl: t.databaseUrl });
    try {
      const client = await offlineClient(ROTATING);
      const first = (await login(client)).body.refresh_token as string;
      const second = await refresh(client, first);
      assert.equal(second.status, 200, second.text);
      expectInvalid(await refresh(client, first, {}, other.api));
      expectInvalid(await refresh(client, second.body.refresh_token));
    } finally {
      await other.close();
    }
  });

  it('expires after the client’s token_lifetime, and after idle_token_lifetime without use', async () => {
    const absolute = await offlineClient({
      expiration_type: 'expiring',
      rotation_type: 'non-rotating',
      token_lifetime: 1,
      infinite_token_lifetime: false,
    });
    const idle = await offlineClient({
      expiration_type: 'expiring',
      rotation_type: 'non-rotating',
      idle_token_lifetime: 1,
      infinite_idle_token_lifetime: false,
    });
    const a = (await login(absolute)).body.refresh_token as string;
    const i = (await login(idle)).body.refresh_token as string;
    assert.equal((await refresh(absolute, a)).status, 200);
    assert.equal((await refresh(idle, i)).status, 200);
    await sleep(1200);
    expectInvalid(await refresh(absolute, a));
    expectInvalid(await refresh(idle, i));
  });

  it('POST /oauth/revoke: 200 with an empty body; the token (and its family) no longer refreshes; another client’s token is left alone', async () => {
    const client = await offlineClient(ROTATING);
    const other = await offlineClient();
    const token = (await login(client)).body.refresh_token as string;
    const successor = (await refresh(client, token)).body.refresh_token as string;
    const foreign = await revoke(other, successor);
    assert.equal(foreign.status, 200, foreign.text);
    assert.equal((await refresh(client, successor)).status, 200);
    const res = await revoke(client, token);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.text, '');
    expectInvalid(await refresh(client, successor));
    assert.equal((await revoke(client, 'unknown')).status, 200);
    expectOAuthError(await revoke({ ...client, client_secret: 'wrong' }, token), 401, 'invalid_client', 'Client authentication failed.');
    expectOAuthError(
      await t.api.post('/oauth/revoke').send({ client_id: client.client_id, client_secret: client.client_secret }),
      400,
      'invalid_request',
      'Missing required parameter: token',
    );
  });

  it('the official SDK v7 (auth0/legacy AuthenticationClient): oauth.refreshTokenGrant then oauth.revokeRefreshToken, unchanged', async () => {
    const client = await offlineClient(ROTATING);
    // No openid: v7's legacy client validates an ID token against https://tenant.test's JWKS itself, bypassing `fetch`.
    const first = (await login(client, 'read:things offline_access')).body.refresh_token as string;
    const base = kit.baseUrl.replace(/api\/v2$/, '');
    const auth = new AuthenticationClient({
      domain: 'tenant.test',
      clientId: client.client_id,
      clientSecret: client.client_secret,
      // The SDK always calls https://{domain}; the test app listens on plain HTTP.
      fetch: (url: string | URL | Request, init?: RequestInit) =>
        fetch((url instanceof Request ? url.url : url.toString()).replace('https://tenant.test/', base), init),
    });
    const { data } = await auth.oauth.refreshTokenGrant({ refresh_token: first });
    assert.equal(decodeJwt(data.access_token).claims.aud, client.audience);
    assert.match(data.refresh_token ?? '', /^[\w-]{43}$/);
    assert.equal(decodeJwt(data.access_token).claims.scope, 'read:things offline_access');
    const revoked = await auth.oauth.revokeRefreshToken({ token: data.refresh_token ?? '' });
    assert.equal(revoked.status, 200);
    const refused = await auth.oauth.refreshTokenGrant({ refresh_token: data.refresh_token ?? '' }).then(
      () => assert.fail('a revoked token refreshed'),
      (error: unknown) => error as { statusCode?: number; error?: string; error_description?: string },
    );
    assert.deepEqual(
      [refused.statusCode, refused.error, refused.error_description],
      [403, 'invalid_grant', 'Unknown or invalid refresh token.'],
    );
  });

  it('logs sertft / fertft entries, the refresh token redacted', async () => {
    const client = await offlineClient();
    const token = (await login(client)).body.refresh_token as string;
    assert.equal((await refresh(client, token)).status, 200);
    expectInvalid(await refresh(client, `${token}x`));
    for (const type of ['sertft', 'fertft']) {
      let entry;
      for (let attempt = 0; attempt < 50 && !entry; attempt++) {
        entry = await t.prisma.tenantLog.findFirst({ where: { type, client_id: client.client_id } });
        if (!entry) await sleep(20);
      }
      assert.ok(entry, `a ${type} entry`);
      assert.ok(entry.details?.includes('"refresh_token"'), entry.details ?? '');
      assert.ok(!entry.details?.includes(token), `${type} holds no refresh token`);
    }
  });

  it('deleting the user, the client’s grant or the client revokes their refresh tokens', async () => {
    const client = await offlineClient();
    const res = await login(client);
    const userId = decodeJwt(res.body.access_token).claims.sub as string;
    await t.prisma.user.delete({ where: { user_id: userId } });
    expectInvalid(await refresh(client, res.body.refresh_token));
    const again = (await login(client)).body.refresh_token as string;
    await t.prisma.clientGrant.deleteMany({ where: { client_id: client.client_id } });
    expectInvalid(await refresh(client, again));
    const other = await offlineClient();
    await login(other);
    assert.equal(await t.prisma.refreshToken.count({ where: { client_id: other.client_id } }), 1);
    const deleted = await t.api.delete(`/api/v2/clients/${other.client_id}`).set('Authorization', await t.bearer('delete:clients'));
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal(await t.prisma.refreshToken.count({ where: { client_id: other.client_id } }), 0);
  });
});

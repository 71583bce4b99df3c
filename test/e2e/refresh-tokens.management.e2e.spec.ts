import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RefreshTokensClient } from 'auth0/refreshTokens';
import { UsersClient } from 'auth0/users';
import { decodeJwt } from '../support/issuer.js';
import { expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, type ExchangeClient } from '../support/token-exchange.js';
import { sdkRejects, UserFactories } from '../support/user-factories.js';

const SET_USER_BY_ID =
  'exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); };';

describe('/api/v2/refresh-tokens and /api/v2/users/{id}/refresh-tokens', () => {
  let t: TestApp;
  let kit: ExchangeKit;
  let users: UserFactories;
  let connectionId: string;
  let profile: string;
  let client: ExchangeClient;
  let auth: string;
  let sdk: { tokens: RefreshTokensClient; users: UsersClient };

  /** A refresh token for `userId`, from an exchange asking offline_access. */
  const issue = async (userId: string): Promise<string> => {
    const res = await exchange(t, client, { subject_token: userId, subject_token_type: profile, scope: 'read:things offline_access' });
    assert.equal(res.status, 200, res.text);
    return res.body.refresh_token as string;
  };
  const refresh = (token: string) =>
    t.api
      .post('/oauth/token')
      .send({ grant_type: 'refresh_token', client_id: client.client_id, client_secret: client.client_secret, refresh_token: token });

  before(async () => {
    t = await startTestApp();
    kit = await ExchangeKit.start(t);
    users = new UserFactories(t.prisma);
    connectionId = (await users.connection()).id;
    profile = await kit.profileRunning(SET_USER_BY_ID);
    client = await kit.client(['read:things']);
    await t.prisma.resourceServer.update({ where: { identifier: client.audience }, data: { allow_offline_access: true } });
    auth = await t.bearer('read:refresh_tokens delete:refresh_tokens');
    const options = { baseUrl: kit.baseUrl, token: auth.slice('Bearer '.length), maxRetries: 0 };
    sdk = { tokens: new RefreshTokensClient(options), users: new UsersClient(options) };
  });
  after(() => t.close());

  it('the SDK v7 reads a token in Auth0’s shape, and lists the user’s tokens page by page', async () => {
    const user = await users.user(connectionId);
    await issue(user.user_id);
    await issue(user.user_id);
    await issue(user.user_id);
    const first = await sdk.users.refreshToken.list(user.user_id, { take: 2 });
    assert.equal(first.data.length, 2);
    const all = [];
    for await (const token of await sdk.users.refreshToken.list(user.user_id, { take: 2 })) all.push(token);
    assert.equal(all.length, 3);
    // go-auth0 v1's request (its recording): per_page and include_totals beside checkpoint paging, taken as Auth0 took them.
    const goAuth0 = await t.api
      .get(`/api/v2/users/${encodeURIComponent(user.user_id)}/refresh-tokens?include_totals=true&per_page=50`)
      .set('Authorization', auth);
    assert.equal(goAuth0.status, 200, goAuth0.text);
    assert.equal(goAuth0.body.tokens.length, 3);
    const tooMany = await t.api
      .get(`/api/v2/users/${encodeURIComponent(user.user_id)}/refresh-tokens?per_page=101`)
      .set('Authorization', auth);
    assert.equal(tooMany.status, 400);
    const one = await sdk.tokens.get(all[0].id ?? '');
    assert.deepEqual(Object.keys(one).sort(), [
      'client_id',
      'created_at',
      'device',
      'expires_at',
      'id',
      'idle_expires_at',
      'last_exchanged_at',
      'resource_servers',
      'rotating',
      'user_id',
    ]);
    assert.equal(one.user_id, user.user_id);
    assert.equal(one.client_id, client.client_id);
    assert.equal(one.rotating, false);
    assert.deepEqual(one.resource_servers, [{ audience: client.audience, scopes: 'read:things offline_access' }]);
    assert.ok(!JSON.stringify(one).includes('token_hash'));
  });

  it('DELETE /refresh-tokens/{id}: 202, and the token no longer refreshes; 404 after', async () => {
    const user = await users.user(connectionId);
    const token = await issue(user.user_id);
    const [row] = (await sdk.users.refreshToken.list(user.user_id)).data;
    assert.equal((await refresh(token)).status, 200);
    const res = await t.api.delete(`/api/v2/refresh-tokens/${row.id}`).set('Authorization', auth);
    assert.equal(res.status, 202, res.text);
    assert.equal((await refresh(token)).status, 403);
    await sdkRejects(sdk.tokens.get(row.id ?? ''), 404, 'inexistent_refresh_token', 'The refresh token does not exist.');
    expectError(
      await t.api.delete(`/api/v2/refresh-tokens/${row.id}`).set('Authorization', auth),
      404,
      'inexistent_refresh_token',
      'The refresh token does not exist.',
    );
  });

  it('DELETE /users/{id}/refresh-tokens: 202, every token of the user revoked, others kept', async () => {
    const [user, other] = [await users.user(connectionId), await users.user(connectionId)];
    const tokens = [await issue(user.user_id), await issue(user.user_id)];
    const kept = await issue(other.user_id);
    await sdk.users.refreshToken.delete(user.user_id);
    for (const token of tokens) assert.equal((await refresh(token)).status, 403);
    const res = await refresh(kept);
    assert.equal(res.status, 200, res.text);
    assert.equal(decodeJwt(res.body.access_token).claims.sub, other.user_id);
    assert.equal((await sdk.users.refreshToken.list(user.user_id)).data.length, 0);
    await sdkRejects(sdk.users.refreshToken.delete('auth0|nobody'), 404, 'inexistent_user', 'The user does not exist.');
  });

  it('needs read:refresh_tokens / delete:refresh_tokens', async () => {
    const weak = await t.bearer('read:users');
    assert.equal((await t.api.get('/api/v2/refresh-tokens/x').set('Authorization', weak)).status, 403);
    assert.equal((await t.api.delete('/api/v2/users/auth0|x/refresh-tokens').set('Authorization', weak)).status, 403);
    const readOnly = await t.bearer('read:refresh_tokens');
    assert.equal((await t.api.delete('/api/v2/refresh-tokens/x').set('Authorization', readOnly)).status, 403);
  });
});

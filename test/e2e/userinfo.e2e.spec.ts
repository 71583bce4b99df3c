import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResponseError } from 'auth0/legacy';
import type { Response } from 'supertest';
import { PASSWORD_REALM, SignInKit, type SignInClient } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET and POST /userinfo: the profile of the user an access token names, by its scopes', () => {
  let t: TestApp;
  let kit: SignInKit;
  let client: SignInClient;
  let api: string;

  const tokenFor = async (user: { email: string; password: string }, fields: Record<string, string>): Promise<string> => {
    const res = await t.api
      .post('/oauth/token')
      .type('form')
      .send({
        grant_type: PASSWORD_REALM,
        realm: kit.connection.name,
        ...client,
        username: user.email,
        password: user.password,
        ...fields,
      });
    assert.equal(res.status, 200, res.text);
    return (res.body as { access_token: string }).access_token;
  };
  const expectRefused = (res: Response, challenge: string) => {
    assert.equal(res.status, 401);
    assert.equal(res.text, 'Unauthorized');
    assert.equal(res.headers['www-authenticate'], challenge);
  };
  const INVALID = 'Bearer realm="Users", error="invalid_token", error_description="Invalid token"';

  before(async () => {
    t = await startTestApp();
    kit = await SignInKit.start(t);
    client = await kit.client();
    api = (await t.factories.resourceServer({ scopes: ['read:things'] })).identifier;
  });
  after(() => t.close());

  it('the official SDK reads the profile: sub, the profile and email claims of the scopes granted', async () => {
    const picture = 'https://example.com/grace.png';
    const user = await kit.user({ given_name: 'Grace', family_name: 'Hopper', name: 'Grace Hopper', nickname: 'amazing', picture });
    const token = await tokenFor(user, { scope: 'openid profile email', audience: api });
    const { data } = await kit.userInfo().getUserInfo(token);
    const { updated_at, ...rest } = data as unknown as Record<string, unknown>;
    assert.deepEqual(rest, {
      sub: user.user_id,
      name: 'Grace Hopper',
      nickname: 'amazing',
      picture,
      given_name: 'Grace',
      family_name: 'Hopper',
      email: user.email,
      email_verified: false,
    });
    assert.equal(typeof updated_at, 'string');
    const byPost = await t.api.post('/userinfo').set('Authorization', `Bearer ${token}`);
    assert.equal(byPost.status, 200);
    assert.equal(byPost.headers['cache-control'], 'no-store');
    assert.deepEqual(byPost.body, data);
  });

  it('openid alone answers sub alone; a token for /userinfo only (no audience) reads it too', async () => {
    const user = await kit.user();
    const res = await t.api.get('/userinfo').set('Authorization', `Bearer ${await tokenFor(user, { scope: 'openid' })}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { sub: user.user_id });
  });

  it('401 Unauthorized with a WWW-Authenticate challenge: no token, a malformed header, a token without /userinfo, another issuer’s, a gone user', async () => {
    expectRefused(await t.api.get('/userinfo'), 'Bearer realm="Users"');
    expectRefused(
      await t.api.get('/userinfo').set('Authorization', 'Basic abc'),
      'Bearer realm="Users", error="invalid_request", error_description="Malformed Authorization header"',
    );
    const user = await kit.user();
    // No openid: the token is for the API alone, as Auth0 issues it.
    const apiOnly = await tokenFor(user, { scope: 'read:things', audience: api });
    expectRefused(await t.api.get('/userinfo').set('Authorization', `Bearer ${apiOnly}`), INVALID);
    // A token the test issuer signed, for the Management API: not one of ours.
    expectRefused(await t.api.get('/userinfo').set('Authorization', await t.bearer('read:users')), INVALID);
    const token = await tokenFor(user, { scope: 'openid' });
    await t.prisma.user.delete({ where: { user_id: user.user_id } });
    expectRefused(await t.api.post('/userinfo').set('Authorization', `Bearer ${token}`), INVALID);
    await assert.rejects(kit.userInfo().getUserInfo('not-a-token'), (error: ResponseError) => error.statusCode === 401);
  });
});

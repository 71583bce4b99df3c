import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Connection } from '../../src/generated/prisma/client.js';
import { Errors, expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sdkRejects, UserFactories, userSdks } from '../support/user-factories.js';

const ALL = 'read:users update:users delete:users';
const notFound = [404, 'inexistent_user', 'The user does not exist.'] as const;

describe('GET, PATCH and DELETE /users/{id}', () => {
  let t: TestApp;
  let auth: string;
  let f: UserFactories;
  let sdk: ReturnType<typeof userSdks>;
  let baseUrl: string;
  let db: Connection;
  const patch = (id: string, body: object, bearer = auth) =>
    t.api
      .patch(`/api/v2/users/${encodeURIComponent(id)}`)
      .set('Authorization', bearer)
      .send(body);

  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(ALL);
    f = new UserFactories(t.prisma);
    baseUrl = await Sdk.listen(t);
    sdk = userSdks(baseUrl, auth.slice('Bearer '.length));
    db = await f.connection({ options: { passwordPolicy: 'good' } });
  });
  after(() => t.close());

  describe('GET /users/{id}', () => {
    it('the user (SDK v7 and v6), projected by fields; last_login and logins_count once set', async () => {
      const user = await f.user(db.id, { last_login: new Date('2026-01-02T03:04:05.000Z'), logins_count: 3 });
      const got = await sdk.users.get(user.user_id);
      assert.equal(got.user_id, user.user_id);
      assert.equal(got.last_login, '2026-01-02T03:04:05.000Z');
      assert.equal(got.logins_count, 3);
      assert.deepEqual(await sdk.usersV6.get(user.user_id, { fields: 'email,name' }), { email: user.email, name: user.name });
      const fresh = await f.user(db.id);
      const res = await t.api.get(`/api/v2/users/${encodeURIComponent(fresh.user_id)}`).set('Authorization', auth);
      assert.ok(!('last_login' in res.body) && !('logins_count' in res.body) && !('blocked' in res.body) && !('app_metadata' in res.body));
    });

    it('404 for an unknown user; 403 without read:users; 401 without a token', async () => {
      await sdkRejects(sdk.users.get('auth0|000000000000000000000000'), ...notFound);
      await sdkRejects(sdk.usersV6.get('auth0|nope'), ...notFound);
      Errors.insufficientScope(await t.api.get('/api/v2/users/auth0|x').set('Authorization', await t.bearer('update:users')), 'read:users');
      Errors.missingAuth(await t.api.get('/api/v2/users/auth0|x'));
    });
  });

  describe('PATCH /users/{id}', () => {
    it('changes names, blocked and picture (SDK v7); null removes a name', async () => {
      const user = await f.user(db.id, { nickname: 'nick' });
      const updated = await sdk.users.update(user.user_id, {
        given_name: 'Ada',
        blocked: true,
        picture: 'https://example.com/a.png',
        nickname: null,
      });
      assert.equal(updated.given_name, 'Ada');
      assert.equal(updated.blocked, true);
      assert.equal(updated.picture, 'https://example.com/a.png');
      assert.ok(!('nickname' in updated));
      assert.ok(Date.parse(String(updated.updated_at)) >= user.updated_at.getTime());
      const unblocked = await sdk.usersV6.update(user.user_id, { blocked: false });
      // Recorded: a blocked set to false is answered as such.
      assert.equal(unblocked.blocked, false);
      assert.equal((await t.prisma.user.findUniqueOrThrow({ where: { user_id: user.user_id } })).blocked, false);
    });

    it('merges metadata as Auth0: top-level properties replaced, null removes one, {} clears all', async () => {
      const user = await f.user(db.id, { app_metadata: { plan: 'gold', roles: ['a'], keep: 1 }, user_metadata: { theme: 'dark' } });
      const merged = await sdk.users.update(user.user_id, { app_metadata: { plan: 'silver', roles: null, extra: { deep: true } } });
      assert.deepEqual(merged.app_metadata, { plan: 'silver', keep: 1, extra: { deep: true } });
      assert.deepEqual(merged.user_metadata, { theme: 'dark' });
      const cleared = await sdk.usersV6.update(user.user_id, { user_metadata: {} });
      assert.ok(!('user_metadata' in cleared));
      assert.deepEqual(cleared.app_metadata, { plan: 'silver', keep: 1, extra: { deep: true } });
    });

    it('concurrent metadata merges both land', async () => {
      const user = await f.user(db.id);
      await Promise.all(Array.from({ length: 5 }, (_, i) => patch(user.user_id, { app_metadata: { [`k${i}`]: i } })));
      const stored = await t.prisma.user.findUniqueOrThrow({ where: { user_id: user.user_id } });
      assert.deepEqual(stored.app_metadata, { k0: 0, k1: 1, k2: 2, k3: 3, k4: 4 });
    });

    it('a new email is lowercased and unverified unless said otherwise; a taken one is refused', async () => {
      const user = await f.user(db.id, { email_verified: true });
      const res = await patch(user.user_id, { email: 'New.Address@Example.com' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.email, 'new.address@example.com');
      assert.equal(res.body.email_verified, false);
      assert.equal((await patch(user.user_id, { email: 'other@example.com', email_verified: true })).body.email_verified, true);
      const other = await f.user(db.id);
      expectError(
        await patch(other.user_id, { email: 'OTHER@example.com' }),
        400,
        'auth0_idp_error',
        'The specified new email already exists',
      );
    });

    it("a new password is checked against the connection's policy and stored hashed", async () => {
      const user = await f.user(db.id, { password_hash: 'old' });
      await sdkRejects(
        sdk.users.update(user.user_id, { password: 'weakpass' }),
        400,
        'invalid_password',
        'PasswordStrengthError: Password is too weak',
      );
      const res = await patch(user.user_id, { password: 'Str0ng-enough' });
      assert.equal(res.status, 200);
      assert.ok(!JSON.stringify(res.body).includes('Str0ng-enough') && !('password' in res.body));
      assert.match(String((await t.prisma.user.findUniqueOrThrow({ where: { user_id: user.user_id } })).password_hash), /^scrypt\$/);
      // Recorded: Auth0 answers last_password_reset from the first change of password on.
      const reset = String(res.body.last_password_reset);
      assert.ok(Date.parse(reset) >= Date.parse(res.body.created_at), reset);
      assert.equal((await sdk.users.get(user.user_id)).last_password_reset, reset);
      assert.equal('last_password_reset' in (await patch(user.user_id, { name: 'renamed' })).body, true);
    });

    it('username only where the connection requires one; a taken one is refused', async () => {
      const user = await f.user(db.id);
      expectError(
        await patch(user.user_id, { username: 'bob' }),
        400,
        'invalid_body',
        'Cannot set username for connection without requireUsername',
      );
      const named = await f.connection({ options: { requires_username: true } });
      const [a, b] = [await f.user(named.id, { username: 'first' }), await f.user(named.id, { username: 'second' })];
      assert.equal((await patch(a.user_id, { username: 'Renamed' })).body.username, 'renamed');
      expectError(await patch(b.user_id, { username: 'renamed' }), 400, 'auth0_idp_error', 'The specified new username already exists');
    });

    it('update:users_app_metadata alone may change metadata, nothing else', async () => {
      const user = await f.user(db.id);
      const metadataOnly = await t.bearer('update:users_app_metadata');
      assert.equal((await patch(user.user_id, { app_metadata: { a: 1 } }, metadataOnly)).status, 200);
      expectError(
        await patch(user.user_id, { blocked: true }, metadataOnly),
        403,
        'insufficient_scope',
        'Insufficient scope, expected any of: update:users',
      );
      Errors.insufficientScope(
        await patch(user.user_id, { blocked: true }, await t.bearer('read:users')),
        'update:users',
        'update:users_app_metadata',
      );
    });

    it('404 for an unknown user; 400 for an empty body, a wrong type or an unknown property; 401 with a bad token', async () => {
      await sdkRejects(sdk.users.update('auth0|missing', { blocked: true }), ...notFound);
      const user = await f.user(db.id);
      Errors.invalidBody(await patch(user.user_id, {}), `Payload validation error: 'Too few properties defined (0), minimum 1'.`);
      Errors.invalidBody(
        await patch(user.user_id, { blocked: 'yes' }),
        `Payload validation error: 'Expected type boolean but found type string' on property blocked (Whether this user was blocked by an administrator (true) or not (false).).`,
      );
      Errors.invalidBody(
        await patch(user.user_id, { user_id: 'x' }),
        `Payload validation error: 'Additional properties not allowed: user_id'.`,
      );
      Errors.invalidToken(await patch(user.user_id, { blocked: true }, 'Bearer nope'));
    });
  });

  describe('DELETE /users/{id}', () => {
    it('204 (SDK v7 and v6), memberships go with the user, and deleting again is still 204', async () => {
      const user = await f.user(db.id);
      const org = await t.factories.organization();
      await t.prisma.organizationMember.create({ data: { organization_id: org.id, user_id: user.user_id } });
      const { rawResponse } = await sdk.users.delete(user.user_id).withRawResponse();
      assert.equal(rawResponse.status, 204);
      assert.equal(await t.prisma.user.count({ where: { user_id: user.user_id } }), 0);
      assert.equal(await t.prisma.organizationMember.count({ where: { organization_id: org.id } }), 0);
      await sdk.usersV6.delete(user.user_id);
      assert.equal((await t.api.delete(`/api/v2/users/${encodeURIComponent(user.user_id)}`).set('Authorization', auth)).status, 204);
    });

    it('403 without delete:users; 401 without a token', async () => {
      const user = await f.user(db.id);
      const denied = userSdks(baseUrl, (await t.bearer('read:users')).slice('Bearer '.length));
      await sdkRejects(denied.users.delete(user.user_id), 403, 'insufficient_scope', 'Insufficient scope, expected any of: delete:users');
      Errors.missingAuth(await t.api.delete(`/api/v2/users/${encodeURIComponent(user.user_id)}`));
      assert.equal(await t.prisma.user.count({ where: { user_id: user.user_id } }), 1);
    });
  });
});

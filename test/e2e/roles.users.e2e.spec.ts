import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Connection } from '../../src/generated/prisma/client.js';
import { Errors } from '../support/responses.js';
import { must } from '../support/must.js';
import { rolesTestApp, type rolesSdk } from '../support/roles-sdk.js';
import { collect } from '../support/sdk.js';
import type { TestApp } from '../support/test-app.js';
import { sdkRejects, UserFactories } from '../support/user-factories.js';

const ALL = 'create:roles read:roles update:roles delete:roles read:users update:users delete:users create:role_members read:role_members';
const roleMissing = [404, 'inexistent_role', 'The role does not exist.'] as const;
const userMissing = [404, 'inexistent_user', 'The user does not exist.'] as const;
const unique = () => randomBytes(5).toString('hex');

describe("a role's users and a user's roles", () => {
  let t: TestApp;
  let auth: string;
  let sdk: ReturnType<typeof rolesSdk>;
  let f: UserFactories;
  let db: Connection;
  const role = async (name = `role-${unique()}`) => must((await sdk.roles.create({ name, description: 'Test Role' })).id);
  const userRoles = async (user: string) => (await collect(await sdk.users.roles.list(user))).map((r) => r.id);

  before(async () => {
    ({ t, auth, sdk, f, db } = await rolesTestApp(ALL));
  });
  after(() => t.close());

  it('POST /roles/{id}/users: 200 with {} (recorded); GET lists user_id, email, picture, name; again changes nothing', async () => {
    const id = await role();
    const user = await f.user(db.id);
    const raw = await t.api
      .post(`/api/v2/roles/${id}/users`)
      .set('Authorization', auth)
      .send({ users: [user.user_id] });
    assert.deepEqual([raw.status, raw.body], [200, {}]);
    await sdk.roles.users.assign(id, { users: [user.user_id, user.user_id] });
    const totals = await t.api.get(`/api/v2/roles/${id}/users?include_totals=true&per_page=50`).set('Authorization', auth);
    assert.deepEqual(totals.body, {
      start: 0,
      limit: 50,
      total: 1,
      users: [{ user_id: user.user_id, email: user.email, picture: user.picture, name: user.name }],
    });
  });

  it('GET /roles/{id}/users: checkpoint from/take (next while more remain, as recorded) and offset pages', async () => {
    const id = await role();
    const users = await f.users(db.id, 3);
    await sdk.roles.users.assign(id, { users });
    const first = await t.api.get(`/api/v2/roles/${id}/users?include_totals=true&take=2`).set('Authorization', auth);
    assert.deepEqual(
      first.body.users.map((u: { user_id: string }) => u.user_id),
      users.slice(0, 2),
    );
    assert.equal(typeof first.body.next, 'string');
    const second = await t.api.get(`/api/v2/roles/${id}/users?take=2&from=${first.body.next}`).set('Authorization', auth);
    assert.deepEqual(second.body, { users: [{ user_id: users[2], email: second.body.users[0].email }] });
    // The SDK pages by checkpoint through all of them.
    assert.deepEqual(
      (await collect(await sdk.roles.users.list(id, { take: 1 }))).map((u) => u.user_id),
      users,
    );
    const page = await t.api.get(`/api/v2/roles/${id}/users?page=1&per_page=2`).set('Authorization', auth);
    assert.deepEqual(
      page.body.map((u: { user_id: string }) => u.user_id),
      users.slice(2),
    );
  });

  it('404 for an unknown role or user, assigning nobody', async () => {
    const id = await role();
    const user = await f.user(db.id);
    await sdkRejects(sdk.roles.users.assign('rol_doesNotExist0000', { users: [user.user_id] }), ...roleMissing);
    await sdkRejects(sdk.roles.users.list('rol_doesNotExist0000'), ...roleMissing);
    await sdkRejects(sdk.roles.users.assign(id, { users: [user.user_id, 'auth0|nobody'] }), ...userMissing);
    assert.deepEqual(await collect(await sdk.roles.users.list(id)), []);
    Errors.invalidBody(
      await t.api.post(`/api/v2/roles/${id}/users`).set('Authorization', auth).send({}),
      `Payload validation error: 'Missing required property: users'.`,
    );
  });

  it('POST and DELETE /users/{id}/roles: 204 (recorded); GET lists the roles by name with include_totals', async () => {
    const [a, b] = [await role(`b-${unique()}`), await role(`a-${unique()}`)];
    const user = (await f.user(db.id)).user_id;
    const added = await sdk.users.roles.assign(user, { roles: [a, b] }).withRawResponse();
    assert.equal(added.rawResponse.status, 204);
    assert.deepEqual(await userRoles(user), [b, a]);
    const totals = await t.api
      .get(`/api/v2/users/${encodeURIComponent(user)}/roles?include_totals=true&per_page=1`)
      .set('Authorization', auth);
    assert.deepEqual(
      { ...totals.body, roles: totals.body.roles.map((r: { id: string }) => r.id) },
      { start: 0, limit: 1, total: 2, roles: [b] },
    );
    const removed = await sdk.users.roles.delete(user, { roles: [b, 'rol_notAssigned00000'] }).withRawResponse();
    assert.equal(removed.rawResponse.status, 204);
    assert.deepEqual(await userRoles(user), [a]);
    await sdkRejects(sdk.users.roles.assign(user, { roles: ['rol_doesNotExist0000'] }), ...roleMissing);
    await sdkRejects(sdk.users.roles.assign('auth0|nobody', { roles: [a] }), ...userMissing);
    await sdkRejects(sdk.users.roles.list('auth0|nobody'), ...userMissing);
    await sdkRejects(sdk.users.roles.delete('auth0|nobody', { roles: [a] }), ...userMissing);
  });

  it('cascades: a deleted role leaves its users; a deleted user leaves its roles', async () => {
    const [keep, doomed] = [await role(), await role()];
    const user = (await f.user(db.id)).user_id;
    await sdk.users.roles.assign(user, { roles: [keep, doomed] });
    await sdk.roles.delete(doomed);
    assert.deepEqual(await userRoles(user), [keep]);
    // The delete's log entry holds the cascade too.
    const [entry] = await t.prisma.tenantLog.findMany({ where: { type: 'sapi', details: { contains: `/api/v2/roles/${doomed}` } } });
    const { changes } = JSON.parse(must(entry.details)) as { changes: { table: string; op: string }[] };
    assert.deepEqual(changes.map((c) => `${c.op} ${c.table}`).sort(), ['delete roles', 'delete user_roles']);
    const res = await t.api.delete(`/api/v2/users/${encodeURIComponent(user)}`).set('Authorization', auth);
    assert.equal(res.status, 204);
    assert.deepEqual(await collect(await sdk.roles.users.list(keep)), []);
    assert.equal(await t.prisma.userRole.count({ where: { user_id: user } }), 0);
  });

  it('403 without the scopes', async () => {
    const other = await t.bearer('read:clients');
    Errors.insufficientScope(
      await t.api.get('/api/v2/roles/rol_x/users').set('Authorization', other),
      'read:users',
      'read:roles',
      'read:role_members',
    );
    Errors.insufficientScope(
      await t.api.post('/api/v2/roles/rol_x/users').set('Authorization', other).send({}),
      'update:roles',
      'create:role_members',
    );
    Errors.insufficientScope(
      await t.api.get('/api/v2/users/u/roles').set('Authorization', other),
      'read:users',
      'read:roles',
      'read:role_members',
    );
    Errors.insufficientScope(
      await t.api.post('/api/v2/users/u/roles').set('Authorization', other).send({}),
      'update:users',
      'create:role_members',
    );
    Errors.insufficientScope(
      await t.api.delete('/api/v2/users/u/roles').set('Authorization', other).send({}),
      'update:users',
      'delete:role_members',
    );
  });
});

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

const ALL = 'create:roles read:roles update:roles delete:roles read:users update:users create:role_members';
const roleMissing = [404, 'inexistent_role', 'The role does not exist.'] as const;
const unique = () => randomBytes(5).toString('hex');

describe('role and user permissions', () => {
  let t: TestApp;
  let auth: string;
  let sdk: ReturnType<typeof rolesSdk>;
  let f: UserFactories;
  let db: Connection;
  // An API with two scopes, as the resource servers API makes them.
  const api = async (scopes = ['read:things', 'write:things']) => {
    const res = await t.api
      .post('/api/v2/resource-servers')
      .set('Authorization', await t.bearer('create:resource_servers'))
      .send({
        name: `api ${unique()}`,
        identifier: `https://api-${unique()}.example.com/`,
        scopes: scopes.map((value) => ({ value, description: `Can ${value}` })),
      });
    assert.equal(res.status, 201, res.text);
    return res.body as { id: string; identifier: string; name: string };
  };
  const role = async () => must((await sdk.roles.create({ name: `role-${unique()}` })).id);
  const perm = (identifier: string, permission_name: string) => ({ resource_server_identifier: identifier, permission_name });

  before(async () => {
    ({ t, auth, sdk, f, db } = await rolesTestApp(ALL));
  });
  after(() => t.close());

  it('POST /roles/{id}/permissions: 201 with {} (recorded); listed with the API name and scope description; adding again changes nothing', async () => {
    const { identifier, name } = await api();
    const id = await role();
    const raw = await t.api
      .post(`/api/v2/roles/${id}/permissions`)
      .set('Authorization', auth)
      .send({ permissions: [perm(identifier, 'write:things')] });
    assert.deepEqual([raw.status, raw.body], [201, {}]);
    await sdk.roles.permissions.add(id, { permissions: [perm(identifier, 'read:things'), perm(identifier, 'write:things')] });
    const listed = await collect(await sdk.roles.permissions.list(id, { per_page: 1 }));
    assert.deepEqual(listed, [
      {
        resource_server_identifier: identifier,
        permission_name: 'read:things',
        resource_server_name: name,
        description: 'Can read:things',
      },
      {
        resource_server_identifier: identifier,
        permission_name: 'write:things',
        resource_server_name: name,
        description: 'Can write:things',
      },
    ]);
    const totals = await t.api.get(`/api/v2/roles/${id}/permissions?include_totals=true&per_page=50`).set('Authorization', auth);
    assert.deepEqual({ ...totals.body, permissions: totals.body.permissions.length }, { start: 0, limit: 50, total: 2, permissions: 2 });
  });

  it('DELETE /roles/{id}/permissions: 204; the rest stay; unknown role 404 on every route', async () => {
    const { identifier } = await api();
    const id = await role();
    await sdk.roles.permissions.add(id, { permissions: [perm(identifier, 'read:things'), perm(identifier, 'write:things')] });
    const { rawResponse } = await sdk.roles.permissions.delete(id, { permissions: [perm(identifier, 'read:things')] }).withRawResponse();
    assert.equal(rawResponse.status, 204);
    assert.deepEqual(
      (await collect(await sdk.roles.permissions.list(id))).map((p) => p.permission_name),
      ['write:things'],
    );
    const ghost = 'rol_doesNotExist0000';
    await sdkRejects(sdk.roles.permissions.list(ghost), ...roleMissing);
    await sdkRejects(sdk.roles.permissions.add(ghost, { permissions: [perm(identifier, 'read:things')] }), ...roleMissing);
    await sdkRejects(sdk.roles.permissions.delete(ghost, { permissions: [perm(identifier, 'read:things')] }), ...roleMissing);
  });

  it('refuses an unknown API (404) or a scope the API does not define (400), adding nothing', async () => {
    const { identifier } = await api();
    const id = await role();
    await sdkRejects(
      sdk.roles.permissions.add(id, {
        permissions: [perm(identifier, 'read:things'), perm('https://nowhere.example.com/', 'read:things')],
      }),
      404,
      'inexistent_resource_server',
      "The resource server does not exist: 'https://nowhere.example.com/'",
    );
    await sdkRejects(
      sdk.users.permissions.create((await f.user(db.id)).user_id, { permissions: [perm(identifier, 'fly:things')] }),
      400,
      'invalid_body',
      `Permission 'fly:things' does not exist in resource server '${identifier}'.`,
    );
    assert.equal(await t.prisma.rolePermission.count({ where: { role_id: id } }), 0);
    Errors.invalidBody(
      await t.api.post(`/api/v2/roles/${id}/permissions`).set('Authorization', auth).send({ permissions: [] }),
      `Payload validation error: 'Array is too short (0), minimum 1' on property permissions (array of resource_server_identifier, permission_name pairs.).`,
    );
    Errors.invalidBody(
      await t.api
        .post(`/api/v2/roles/${id}/permissions`)
        .set('Authorization', auth)
        .send({ permissions: [{ permission_name: 'x' }] }),
      `Payload validation error: 'Missing required property: 0.resource_server_identifier' on property permissions (array of resource_server_identifier, permission_name pairs.).`,
    );
  });

  it('GET /users/{id}/permissions: direct and role permissions, each once with its sources (recorded shape); POST 201, DELETE 204', async () => {
    const { identifier, name } = await api();
    const user = (await f.user(db.id)).user_id;
    const id = await role();
    const roleName = must((await sdk.roles.get(id)).name);
    await sdk.roles.permissions.add(id, { permissions: [perm(identifier, 'read:things'), perm(identifier, 'write:things')] });
    const { rawResponse } = await sdk.users.permissions.create(user, { permissions: [perm(identifier, 'read:things')] }).withRawResponse();
    assert.equal(rawResponse.status, 201);
    await sdk.users.roles.assign(user, { roles: [id] });
    const res = await t.api
      .get(`/api/v2/users/${encodeURIComponent(user)}/permissions?include_totals=true&per_page=50`)
      .set('Authorization', auth);
    assert.deepEqual(res.body, {
      start: 0,
      limit: 50,
      total: 2,
      permissions: [
        {
          resource_server_identifier: identifier,
          permission_name: 'read:things',
          resource_server_name: name,
          description: 'Can read:things',
          sources: [
            { source_id: '', source_name: '', source_type: 'DIRECT' },
            { source_id: id, source_name: roleName, source_type: 'ROLE' },
          ],
        },
        {
          resource_server_identifier: identifier,
          permission_name: 'write:things',
          resource_server_name: name,
          description: 'Can write:things',
          sources: [{ source_id: id, source_name: roleName, source_type: 'ROLE' }],
        },
      ],
    });
    const removed = await sdk.users.permissions.delete(user, { permissions: [perm(identifier, 'read:things')] }).withRawResponse();
    assert.equal(removed.rawResponse.status, 204);
    const after = await collect(await sdk.users.permissions.list(user, { per_page: 1 }));
    assert.deepEqual(
      after.map((p) => [p.permission_name, (p as { sources?: unknown[] }).sources?.length]),
      [
        ['read:things', 1],
        ['write:things', 1],
      ],
    );
    await sdkRejects(sdk.users.permissions.list('auth0|nobody'), 404, 'inexistent_user', 'The user does not exist.');
    await sdkRejects(
      sdk.users.permissions.create('auth0|nobody', { permissions: [perm(identifier, 'read:things')] }),
      404,
      'inexistent_user',
      'The user does not exist.',
    );
  });

  it('cascades: a scope dropped by PATCH /resource-servers and a deleted API take the permissions naming them; a deleted user takes theirs', async () => {
    const server = await api();
    const id = await role();
    const user = (await f.user(db.id)).user_id;
    const both = [perm(server.identifier, 'read:things'), perm(server.identifier, 'write:things')];
    await sdk.roles.permissions.add(id, { permissions: both });
    await sdk.users.permissions.create(user, { permissions: both });
    const patched = await t.api
      .patch(`/api/v2/resource-servers/${server.id}`)
      .set('Authorization', await t.bearer('update:resource_servers'))
      .send({ scopes: [{ value: 'write:things', description: 'Can write:things' }] });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(
      (await collect(await sdk.roles.permissions.list(id))).map((p) => p.permission_name),
      ['write:things'],
    );
    assert.deepEqual(
      (await collect(await sdk.users.permissions.list(user))).map((p) => p.permission_name),
      ['write:things'],
    );
    const deleted = await t.api
      .delete(`/api/v2/resource-servers/${server.id}`)
      .set('Authorization', await t.bearer('delete:resource_servers'));
    assert.equal(deleted.status, 204);
    assert.deepEqual(await collect(await sdk.roles.permissions.list(id)), []);
    assert.equal(await t.prisma.userPermission.count({ where: { user_id: user } }), 0);
    const other = await api();
    await sdk.users.permissions.create(user, { permissions: [perm(other.identifier, 'read:things')] });
    const gone = await t.api.delete(`/api/v2/users/${encodeURIComponent(user)}`).set('Authorization', await t.bearer('delete:users'));
    assert.equal(gone.status, 204);
    assert.equal(await t.prisma.userPermission.count({ where: { user_id: user } }), 0);
  });

  it('403 without the scopes', async () => {
    const reader = await t.bearer('read:clients');
    Errors.insufficientScope(await t.api.get('/api/v2/roles/rol_x/permissions').set('Authorization', reader), 'read:roles');
    Errors.insufficientScope(await t.api.post('/api/v2/roles/rol_x/permissions').set('Authorization', reader).send({}), 'update:roles');
    Errors.insufficientScope(await t.api.delete('/api/v2/roles/rol_x/permissions').set('Authorization', reader).send({}), 'update:roles');
    Errors.insufficientScope(await t.api.get('/api/v2/users/u/permissions').set('Authorization', reader), 'read:users');
    Errors.insufficientScope(await t.api.post('/api/v2/users/u/permissions').set('Authorization', reader).send({}), 'update:users');
    Errors.insufficientScope(await t.api.delete('/api/v2/users/u/permissions').set('Authorization', reader).send({}), 'update:users');
  });
});

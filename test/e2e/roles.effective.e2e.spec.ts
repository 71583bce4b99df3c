import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Connection } from '../../src/generated/prisma/client.js';
import { must } from '../support/must.js';
import { Errors } from '../support/responses.js';
import { rolesSdk, rolesTestApp } from '../support/roles-sdk.js';
import { collect } from '../support/sdk.js';
import type { TestApp } from '../support/test-app.js';
import { sdkRejects, UserFactories } from '../support/user-factories.js';

const EFFECTIVE = [
  'read:user_effective_roles',
  'read:user_role_source_groups',
  'read:user_effective_permissions',
  'read:user_permission_source_roles',
  'read:organization_member_effective_roles',
  'read:organization_member_role_source_groups',
];
const SETUP =
  'create:roles read:roles update:roles update:users create:role_members create:organization_members create:organization_member_roles';
const userMissing = [404, 'inexistent_user', 'The user does not exist.'] as const;
const orgMissing = [404, 'inexistent_organization', 'No organization found by that id or name'] as const;
const notMember = [400, 'invalid_body', 'The user is not a member of the organization.'] as const;
const unique = () => randomBytes(5).toString('hex');

describe('effective roles and permissions (users and organization members)', () => {
  let t: TestApp;
  let auth: string;
  let sdk: ReturnType<typeof rolesSdk>;
  let f: UserFactories;
  let db: Connection;

  const api = async () => {
    const res = await t.api
      .post('/api/v2/resource-servers')
      .set('Authorization', await t.bearer('create:resource_servers'))
      .send({
        name: `api ${unique()}`,
        identifier: `https://api-${unique()}.example.com/`,
        scopes: ['read:things', 'write:things', 'delete:things'].map((value) => ({ value, description: `Can ${value}` })),
      });
    assert.equal(res.status, 201, res.text);
    return res.body as { identifier: string; name: string };
  };
  const perm = (identifier: string, permission_name: string) => ({ resource_server_identifier: identifier, permission_name });
  const role = async (description?: string) => {
    const created = await sdk.roles.create({ name: `role-${unique()}`, ...(description ? { description } : {}) });
    return { id: must(created.id), name: must(created.name) };
  };

  before(async () => {
    ({ t, sdk, f, db } = await rolesTestApp(`${SETUP} ${EFFECTIVE.join(' ')}`));
    auth = await t.bearer(EFFECTIVE.join(' '));
  });
  after(() => t.close());

  it('GET /users/{id}/effective-roles: the tenant roles, each with sources [direct], by checkpoint; none for a user without roles; unknown user 404', async () => {
    const user = (await f.user(db.id)).user_id;
    const roles = [await role('first'), await role(), await role('third')].sort((a, b) => (a.id < b.id ? -1 : 1));
    await sdk.users.roles.assign(user, { roles: roles.map((r) => r.id) });
    const described = await Promise.all(roles.map((r) => sdk.roles.get(r.id)));
    assert.deepEqual(
      await collect(await sdk.users.effectiveRoles.list(user, { take: 2 })),
      described.map((r) => ({ ...r, sources: ['direct'] })),
    );
    assert.equal(described.filter((r) => r.description).length, 2);
    const first = await t.api.get(`/api/v2/users/${encodeURIComponent(user)}/effective-roles?take=2`).set('Authorization', auth);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual([first.body.roles.length, typeof first.body.next], [2, 'string']);
    const last = await t.api
      .get(`/api/v2/users/${encodeURIComponent(user)}/effective-roles?take=2&from=${first.body.next as string}`)
      .set('Authorization', auth);
    assert.deepEqual([last.body.roles.map((r: { id: string }) => r.id), 'next' in last.body], [[roles[2].id], false]);
    const lonely = (await f.user(db.id)).user_id;
    assert.deepEqual((await t.api.get(`/api/v2/users/${encodeURIComponent(lonely)}/effective-roles`).set('Authorization', auth)).body, {
      roles: [],
    });
    await sdkRejects(sdk.users.effectiveRoles.list('auth0|nobody'), ...userMissing);
  });

  it('GET /users/{id}/effective-permissions: direct and role permissions of one API, each kind of source once, by name; unknown user 404', async () => {
    const { identifier, name } = await api();
    const other = await api();
    const user = (await f.user(db.id)).user_id;
    const writers = await role();
    const readers = await role();
    await sdk.roles.permissions.add(writers.id, { permissions: [perm(identifier, 'write:things')] });
    await sdk.roles.permissions.add(readers.id, { permissions: [perm(identifier, 'read:things'), perm(other.identifier, 'read:things')] });
    await sdk.users.permissions.create(user, { permissions: [perm(identifier, 'read:things'), perm(identifier, 'delete:things')] });
    await sdk.users.roles.assign(user, { roles: [writers.id, readers.id] });
    const listed = await collect(await sdk.users.effectivePermissions.list(user, { resource_server_identifier: identifier, take: 1 }));
    const view = (permission_name: string, sources: string[]) => ({
      resource_server_identifier: identifier,
      permission_name,
      resource_server_name: name,
      description: `Can ${permission_name}`,
      sources,
    });
    assert.deepEqual(listed, [
      view('delete:things', ['direct']),
      view('read:things', ['direct', 'roles']),
      view('write:things', ['roles']),
    ]);
    const page = await t.api
      .get(`/api/v2/users/${encodeURIComponent(user)}/effective-permissions`)
      .query({ resource_server_identifier: other.identifier })
      .set('Authorization', auth);
    assert.deepEqual(page.body, {
      permissions: [{ ...view('read:things', ['roles']), resource_server_identifier: other.identifier, resource_server_name: other.name }],
    });
    const nowhere = await sdk.users.effectivePermissions.list(user, { resource_server_identifier: 'https://nowhere.example.com/' });
    assert.deepEqual(await collect(nowhere), []);
    await sdkRejects(sdk.users.effectivePermissions.list('auth0|nobody', { resource_server_identifier: identifier }), ...userMissing);
    Errors.invalidQuery(
      await t.api.get(`/api/v2/users/${encodeURIComponent(user)}/effective-permissions`).set('Authorization', auth),
      `Query validation error: 'Missing required property: resource_server_identifier'.`,
    );
  });

  it('GET /users/{id}/effective-permissions/sources/effective-roles: the roles granting the permission, not a direct grant; unknown user 404', async () => {
    const { identifier } = await api();
    const user = (await f.user(db.id)).user_id;
    const granting = [await role('grants'), await role()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const unrelated = await role();
    for (const r of granting) await sdk.roles.permissions.add(r.id, { permissions: [perm(identifier, 'write:things')] });
    await sdk.roles.permissions.add(unrelated.id, { permissions: [perm(identifier, 'read:things')] });
    await sdk.users.roles.assign(user, { roles: [...granting, unrelated].map((r) => r.id) });
    await sdk.users.permissions.create(user, { permissions: [perm(identifier, 'write:things')] });
    const query = { resource_server_identifier: identifier, permission_name: 'write:things' };
    const listed = await collect(await sdk.users.effectivePermissions.sources.roles.list(user, { ...query, take: 1 }));
    const described = await Promise.all(granting.map((r) => sdk.roles.get(r.id)));
    assert.deepEqual(
      listed,
      described.map((r) => ({ ...r, sources: ['direct'] })),
    );
    const direct = await sdk.users.effectivePermissions.sources.roles.list(user, { ...query, permission_name: 'delete:things' });
    assert.deepEqual(await collect(direct), []);
    await sdkRejects(sdk.users.effectivePermissions.sources.roles.list('auth0|nobody', query), ...userMissing);
  });

  it('the source groups of a role: none, the tenant having no groups; unknown user 404, unknown organization 404, not a member 400', async () => {
    const user = (await f.user(db.id)).user_id;
    const r = await role();
    await sdk.users.roles.assign(user, { roles: [r.id] });
    const groups = await sdk.users.effectiveRoles.sources.groups.list(user, { role_id: r.id });
    assert.deepEqual([groups.response, await collect(groups)], [{ groups: [] }, []]);
    await sdkRejects(sdk.users.effectiveRoles.sources.groups.list('auth0|nobody', { role_id: r.id }), ...userMissing);
    const org = await t.factories.organization();
    await sdk.members.roles.assign(org.id, user, { roles: [r.id] });
    const memberGroups = await sdk.members.effectiveRoles.sources.groups.list(org.id, user, { role_id: r.id });
    assert.deepEqual(await collect(memberGroups), []);
    await sdkRejects(sdk.members.effectiveRoles.sources.groups.list('org_nowhere0000000', user, { role_id: r.id }), ...orgMissing);
    const stranger = (await f.user(db.id)).user_id;
    await sdkRejects(sdk.members.effectiveRoles.sources.groups.list(org.id, stranger, { role_id: r.id }), ...notMember);
  });

  it('GET /organizations/{id}/members/{user_id}/effective-roles: the roles in that organization only, by checkpoint; 404 and 400 as the member roles', async () => {
    const user = (await f.user(db.id)).user_id;
    const org = await t.factories.organization();
    const elsewhere = await t.factories.organization();
    const inOrg = [await role(), await role(), await role()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const tenantRole = await role();
    await sdk.members.roles.assign(org.id, user, { roles: inOrg.map((r) => r.id) });
    await sdk.members.roles.assign(elsewhere.id, user, { roles: [tenantRole.id] });
    await sdk.users.roles.assign(user, { roles: [tenantRole.id] });
    const listed = await collect(await sdk.members.effectiveRoles.list(org.id, user, { take: 2 }));
    assert.deepEqual(
      listed,
      inOrg.map((r) => ({ id: r.id, name: r.name, description: '', type: 'tenant', sources: ['direct'] })),
    );
    await sdkRejects(sdk.members.effectiveRoles.list('org_nowhere0000000', user), ...orgMissing);
    await sdkRejects(sdk.members.effectiveRoles.list(org.id, (await f.user(db.id)).user_id), ...notMember);
  });

  it('each route takes its own scope only (403 otherwise), and a bad cursor is a 400', async () => {
    const user = (await f.user(db.id)).user_id;
    const org = await t.factories.organization();
    await t.prisma.organizationMember.create({ data: { organization_id: org.id, user_id: user } });
    const id = encodeURIComponent(user);
    const routes: [string, string][] = [
      [`/api/v2/users/${id}/effective-roles`, 'read:user_effective_roles'],
      [`/api/v2/users/${id}/effective-roles/sources/groups?role_id=rol_x`, 'read:user_role_source_groups'],
      [`/api/v2/users/${id}/effective-permissions?resource_server_identifier=x`, 'read:user_effective_permissions'],
      [
        `/api/v2/users/${id}/effective-permissions/sources/effective-roles?resource_server_identifier=x&permission_name=y`,
        'read:user_permission_source_roles',
      ],
      [`/api/v2/organizations/${org.id}/members/${id}/effective-roles`, 'read:organization_member_effective_roles'],
      [
        `/api/v2/organizations/${org.id}/members/${id}/effective-roles/sources/groups?role_id=rol_x`,
        'read:organization_member_role_source_groups',
      ],
    ];
    const others = await t.bearer('read:users read:roles read:role_members read:organization_member_roles');
    for (const [url, scope] of routes) {
      Errors.insufficientScope(await t.api.get(url).set('Authorization', others), scope);
      const ok = await t.api.get(url).set('Authorization', await t.bearer(scope));
      assert.equal(ok.status, 200, `${url}: ${ok.text}`);
    }
    Errors.invalidQuery(
      await t.api.get(`/api/v2/users/${id}/effective-roles?from=%21`).set('Authorization', auth),
      `Query validation error: 'Invalid checkpoint' on property from (Optional Id from which to start selection.).`,
    );
  });
});

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

const ALL =
  'create:roles read:roles update:roles delete:roles create:role_members update:users read:organization_member_roles create:organization_member_roles delete:organization_member_roles create:organization_members delete:organization_members delete:organizations';
const roleMissing = [404, 'inexistent_role', 'The role does not exist.'] as const;
const orgMissing = [404, 'inexistent_organization', 'No organization found by that id or name'] as const;
const notMember = [400, 'invalid_body', 'The user is not a member of the organization.'] as const;
const unique = () => randomBytes(5).toString('hex');

describe("organization members' roles", () => {
  let t: TestApp;
  let auth: string;
  let sdk: ReturnType<typeof rolesSdk>;
  let f: UserFactories;
  let db: Connection;
  const role = async (name = `role-${unique()}`) => must((await sdk.roles.create({ name })).id);
  const memberRoles = async (org: string, user: string) => (await collect(await sdk.members.roles.list(org, user))).map((r) => r.id);
  // An organization with one member, as a client makes them.
  const membership = async () => {
    const org = (await t.factories.organization()).id;
    const user = (await f.user(db.id)).user_id;
    await sdk.members.create(org, { members: [user] });
    return { org, user };
  };

  before(async () => {
    ({ t, auth, sdk, f, db } = await rolesTestApp(ALL));
  });
  after(() => t.close());

  it('POST and DELETE: 204 (recorded); GET lists the roles of that organization only, with include_totals', async () => {
    const { org, user } = await membership();
    const other = await membership();
    await sdk.members.create(other.org, { members: [user] });
    const [a, b] = [await role(`b-${unique()}`), await role(`a-${unique()}`)];
    const added = await sdk.members.roles.assign(org, user, { roles: [a, b, a] }).withRawResponse();
    assert.equal(added.rawResponse.status, 204);
    await sdk.members.roles.assign(other.org, user, { roles: [a] });
    assert.deepEqual(await memberRoles(org, user), [b, a]);
    assert.deepEqual(await memberRoles(other.org, user), [a]);
    const totals = await t.api
      .get(`/api/v2/organizations/${org}/members/${encodeURIComponent(user)}/roles?include_totals=true`)
      .set('Authorization', auth);
    assert.deepEqual({ ...totals.body, roles: totals.body.roles.length }, { start: 0, limit: 50, total: 2, roles: 2 });
    const removed = await sdk.members.roles.delete(org, user, { roles: [b] }).withRawResponse();
    assert.equal(removed.rawResponse.status, 204);
    assert.deepEqual(await memberRoles(org, user), [a]);
    assert.deepEqual(await memberRoles(other.org, user), [a]);
  });

  it('the member must exist; an unknown organization or role is a 404', async () => {
    const { org, user } = await membership();
    const outsider = (await f.user(db.id)).user_id;
    const id = await role();
    await sdkRejects(sdk.members.roles.list(org, outsider), ...notMember);
    await sdkRejects(sdk.members.roles.delete(org, outsider, { roles: [id] }), ...notMember);
    await sdkRejects(sdk.members.roles.assign(org, 'auth0|000000000000000000000000', { roles: [id] }), ...notMember);
    // Recorded (go-auth0): roles given to a user of the tenant who is not a member make them one.
    await sdk.members.roles.assign(org, outsider, { roles: [id] });
    assert.deepEqual(
      (await sdk.members.roles.list(org, outsider)).data.map((r) => r.id),
      [id],
    );
    assert.equal(await t.prisma.organizationMember.count({ where: { organization_id: org, user_id: outsider } }), 1);
    await sdkRejects(sdk.members.roles.assign('org_doesNotExist0000', user, { roles: [id] }), ...orgMissing);
    await sdkRejects(sdk.members.roles.list('org_doesNotExist0000', user), ...orgMissing);
    await sdkRejects(sdk.members.roles.assign(org, user, { roles: [id, 'rol_doesNotExist0000'] }), ...roleMissing);
    assert.deepEqual(await memberRoles(org, user), []);
    Errors.invalidBody(
      await t.api
        .post(`/api/v2/organizations/${org}/members/${encodeURIComponent(user)}/roles`)
        .set('Authorization', auth)
        .send({ roles: [] }),
      `Payload validation error: 'Array is too short (0), minimum 1' on property roles (List of roles IDs to associate with (or remove from) the user.).`,
    );
  });

  it('cascades: leaving the organization, a deleted role and a deleted organization take the member roles', async () => {
    const { org, user } = await membership();
    const [keep, doomed] = [await role(), await role()];
    await sdk.members.roles.assign(org, user, { roles: [keep, doomed] });
    await sdk.roles.delete(doomed);
    assert.deepEqual(await memberRoles(org, user), [keep]);
    await sdk.members.delete(org, { members: [user] });
    assert.equal(await t.prisma.organizationMemberRole.count({ where: { user_id: user } }), 0);
    const again = await membership();
    await sdk.members.roles.assign(again.org, again.user, { roles: [keep] });
    const res = await t.api.delete(`/api/v2/organizations/${again.org}`).set('Authorization', auth);
    assert.equal(res.status, 204);
    assert.equal(await t.prisma.organizationMemberRole.count({ where: { organization_id: again.org } }), 0);
  });

  it('403 without the scopes', async () => {
    const other = await t.bearer('read:roles');
    const path = '/api/v2/organizations/org_x/members/u/roles';
    Errors.insufficientScope(await t.api.get(path).set('Authorization', other), 'read:organization_member_roles');
    Errors.insufficientScope(await t.api.post(path).set('Authorization', other).send({}), 'create:organization_member_roles');
    Errors.insufficientScope(await t.api.delete(path).set('Authorization', other).send({}), 'delete:organization_member_roles');
  });

  it("an organization's own role: created with type and owner, listed with them only, held only by that organization's members, gone with it", async () => {
    const { org, user } = await membership();
    const name = `org-role-${unique()}`;
    const created = await sdk.roles.create({ name, type: 'organization', owner_id: org });
    const id = must(created.id);
    // As Terraform recorded it: the create answer echoes the body; a read gives the empty description.
    assert.deepEqual(created, { id, name, type: 'organization', owner_id: org });
    assert.deepEqual(await sdk.roles.get(id), { id, name, description: '', type: 'organization', owner_id: org });
    const badRole = (body: object) => t.api.post('/api/v2/roles').set('Authorization', auth).send(body);
    Errors.invalidBody(await badRole({ name: `r-${unique()}`, type: 'organization' }), 'owner_id is required when type is organization.');
    Errors.invalidBody(await badRole({ name: `r-${unique()}`, owner_id: org }), 'owner_id can only be set when type is organization.');
    assert.deepEqual((await badRole({ name: `r-${unique()}`, type: 'organization', owner_id: 'org_doesNotExist0000' })).status, 404);
    const patched = await t.api.patch(`/api/v2/roles/${id}`).set('Authorization', auth).send({ type: 'tenant' });
    assert.equal(patched.status, 400, patched.text);

    // The tenant's roles by default; an organization's with its owner_id.
    const listed = async (query: object) => (await collect(await sdk.roles.list(query))).map((r) => r.id);
    assert.equal((await listed({ name_filter: name })).length, 0);
    assert.deepEqual(await listed({ type: 'organization', owner_id: org, name_filter: name }), [id]);
    assert.deepEqual(await listed({ type: 'organization', name_filter: name }), [id]);

    // Held through the owner's memberships only.
    const elsewhere = "An organization's role can only be assigned to that organization's members.";
    await sdkRejects(sdk.users.roles.assign(user, { roles: [id] }), 400, 'invalid_body', elsewhere);
    await sdkRejects(sdk.roles.users.assign(id, { users: [user] }), 400, 'invalid_body', elsewhere);
    const other = await membership();
    await sdkRejects(sdk.members.roles.assign(other.org, other.user, { roles: [id] }), 400, 'invalid_body', elsewhere);
    await sdk.members.roles.assign(org, user, { roles: [id] });
    assert.deepEqual(await memberRoles(org, user), [id]);

    const deleted = await t.api.delete(`/api/v2/organizations/${org}`).set('Authorization', auth);
    assert.equal(deleted.status, 204, deleted.text);
    await sdkRejects(sdk.roles.get(id), ...roleMissing);
  });
});

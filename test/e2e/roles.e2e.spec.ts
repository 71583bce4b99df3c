import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Errors, expectError } from '../support/responses.js';
import { rolesSdk } from '../support/roles-sdk.js';
import { collect, Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { must } from '../support/must.js';
import { sdkRejects } from '../support/user-factories.js';

const ALL = 'create:roles read:roles update:roles delete:roles';
const roleMissing = [404, 'inexistent_role', 'The role does not exist.'] as const;
const unique = () => randomBytes(5).toString('hex');

describe('roles', () => {
  let t: TestApp;
  let auth: string;
  let sdk: ReturnType<typeof rolesSdk>;

  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(ALL);
    sdk = rolesSdk(await Sdk.listen(t), auth.slice('Bearer '.length));
  });
  after(() => t.close());

  it('POST /roles: 200 with id rol_ + 16 alphanumerics, name and description (recorded); the description omitted when not given', async () => {
    const name = `role-${unique()}`;
    const { data, rawResponse } = await sdk.roles.create({ name, description: 'Test Role' }).withRawResponse();
    assert.equal(rawResponse.status, 200);
    assert.match(data.id ?? '', /^rol_[A-Za-z0-9]{16}$/);
    // type: a tenant with organization roles names every role's (Terraform's TestAccRole, 2026).
    assert.deepEqual(data, { id: data.id, name, description: 'Test Role', type: 'tenant' });
    const bare = await sdk.roles.create({ name: `role-${unique()}` });
    assert.deepEqual(Object.keys(bare).sort(), ['id', 'name', 'type']);
    assert.equal(await t.prisma.role.count({ where: { id: { in: [must(data.id), must(bare.id)] } } }), 2);
  });

  it('POST /roles: 409 for a name taken; 400 for a missing, empty or extra property', async () => {
    const name = `role-${unique()}`;
    await sdk.roles.create({ name });
    await sdkRejects(sdk.roles.create({ name }), 409, 'role_conflict', 'A role with the same name already exists.');
    Errors.invalidBody(
      await t.api.post('/api/v2/roles').set('Authorization', auth).send({}),
      `Payload validation error: 'Missing required property: name'.`,
    );
    Errors.invalidBody(
      await t.api.post('/api/v2/roles').set('Authorization', auth).send({ name: '' }),
      `Payload validation error: 'String is too short (0 chars), minimum 1' on property name (Name of the role.).`,
    );
    Errors.invalidBody(
      await t.api.post('/api/v2/roles').set('Authorization', auth).send({ name: 'x', owner: 'me' }),
      `Payload validation error: 'Additional properties not allowed: owner'.`,
    );
  });

  it('GET /roles/{id}: the role; 404 once deleted (recorded wording)', async () => {
    const created = await sdk.roles.create({ name: `role-${unique()}`, description: 'd' });
    assert.deepEqual(await sdk.roles.get(must(created.id)), created);
    const { rawResponse } = await sdk.roles.delete(must(created.id)).withRawResponse();
    assert.equal(rawResponse.status, 200);
    const again = await sdk.roles.create({ name: `role-${unique()}` });
    // Read back, a description never set is empty (Terraform's recordings); the create answer had none.
    assert.deepEqual(await sdk.roles.get(must(again.id)), { ...again, description: '' });
    const raw = await t.api.delete(`/api/v2/roles/${again.id}`).set('Authorization', auth);
    assert.deepEqual([raw.status, raw.body], [200, {}]);
    await sdkRejects(sdk.roles.get(must(created.id)), ...roleMissing);
    await sdkRejects(sdk.roles.delete(must(created.id)), ...roleMissing);
    expectError(
      await t.api.get(`/api/v2/roles/${'x'.repeat(51)}`).set('Authorization', auth),
      400,
      'invalid_uri',
      `Path validation error: 'String is too long (51 chars), maximum 50' on property id (ID of the role.).`,
    );
  });

  it("PATCH /roles/{id}: 200 with the role as changed; 404 unknown; 409 for another role's name", async () => {
    const role = await sdk.roles.create({ name: `role-${unique()}`, description: 'Test Role' });
    const updated = await sdk.roles.update(must(role.id), { description: 'The Administrator' });
    assert.deepEqual(updated, { id: role.id, name: role.name, description: 'The Administrator', type: 'tenant' });
    const renamed = await sdk.roles.update(must(role.id), { name: `${role.name}-2` });
    assert.equal(renamed.name, `${role.name}-2`);
    assert.deepEqual(await sdk.roles.get(must(role.id)), renamed);
    const other = await sdk.roles.create({ name: `role-${unique()}` });
    await sdkRejects(
      sdk.roles.update(must(other.id), { name: renamed.name }),
      409,
      'role_conflict',
      'A role with the same name already exists.',
    );
    await sdkRejects(sdk.roles.update('rol_doesNotExist0000', { name: 'x' }), ...roleMissing);
  });

  it('GET /roles: name_filter (any case, a part of the name), page/per_page/include_totals; the SDK pages through all', async () => {
    const tag = unique();
    const names = [`b-${tag}`, `a-${tag}`, `C-${tag.toUpperCase()}`];
    for (const name of names) await sdk.roles.create({ name });
    const filtered = await collect(await sdk.roles.list({ name_filter: tag.toUpperCase(), per_page: 2 }));
    assert.deepEqual(
      filtered.map((r) => r.name),
      [`C-${tag.toUpperCase()}`, `a-${tag}`, `b-${tag}`],
    );
    const totals = await t.api.get(`/api/v2/roles?name_filter=${tag}&include_totals=true&per_page=2&page=1`).set('Authorization', auth);
    assert.equal(totals.status, 200);
    assert.deepEqual({ ...totals.body, roles: totals.body.roles.length }, { start: 2, limit: 2, total: 3, roles: 1 });
    const bare = await t.api.get(`/api/v2/roles?name_filter=${tag}`).set('Authorization', auth);
    assert.ok(Array.isArray(bare.body));
    Errors.invalidPaging(await t.api.get('/api/v2/roles?page=10&per_page=100').set('Authorization', auth));
    // Every role is a tenant role (organization-owned roles are not served).
    assert.equal((await collect(await sdk.roles.list({ name_filter: tag, type: 'tenant' }))).length, 3);
    assert.deepEqual(await collect(await sdk.roles.list({ name_filter: tag, type: 'organization', owner_id: 'org_x' })), []);
  });

  it('401 without a token, 403 without the scope, on every route', async () => {
    Errors.missingAuth(await t.api.get('/api/v2/roles'));
    const reader = await t.bearer('read:users');
    Errors.insufficientScope(await t.api.get('/api/v2/roles').set('Authorization', reader), 'read:roles');
    Errors.insufficientScope(await t.api.post('/api/v2/roles').set('Authorization', reader).send({ name: 'x' }), 'create:roles');
    Errors.insufficientScope(await t.api.get('/api/v2/roles/rol_x').set('Authorization', reader), 'read:roles');
    Errors.insufficientScope(await t.api.patch('/api/v2/roles/rol_x').set('Authorization', reader).send({ name: 'x' }), 'update:roles');
    Errors.insufficientScope(await t.api.delete('/api/v2/roles/rol_x').set('Authorization', reader), 'delete:roles');
  });

  it('each write leaves a sapi entry with the role as changed', async () => {
    const role = await sdk.roles.create({ name: `role-${unique()}` });
    const entries = await t.prisma.tenantLog.findMany({ where: { type: 'sapi', details: { contains: must(role.id) } } });
    assert.equal(entries.length, 1);
    const details = JSON.parse(entries[0].details ?? '{}') as { changes: { table: string; op: string }[] };
    assert.deepEqual(
      details.changes.map((c) => [c.table, c.op]),
      [['roles', 'insert']],
    );
  });
});

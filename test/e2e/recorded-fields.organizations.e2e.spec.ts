import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { OrganizationsClient } from 'auth0/organizations';
import { must } from '../support/must.js';
import { UserFactories } from '../support/user-factories.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:organizations read:organizations update:organizations create:organization_members read:organization_members';

const badRequest = (e: unknown) => e instanceof Management.BadRequestError;

/** Organization fields Auth0 accepts and returns (stored, no effect yet), through the official SDK. */
describe('the official auth0 SDK (v7): token_quota, third_party_client_access and is_app_entitlement_active on organizations', () => {
  let t: TestApp;
  let organizations: OrganizationsClient;
  let users: UserFactories;
  before(async () => {
    t = await startTestApp();
    users = new UserFactories(t.prisma);
    const baseUrl = await Sdk.listen(t);
    const token = (await t.bearer(SCOPES)).slice('Bearer '.length);
    organizations = new OrganizationsClient({ baseUrl, token, maxRetries: 0 });
  });
  after(() => t.close());

  it('stores them on create, returns them on get and list, changes them, and token_quota: null removes the quota', async () => {
    const token_quota = { client_credentials: { enforce: true, per_day: 2147483647, per_hour: 1 } };
    const created = await organizations.create({
      name: 'quota-org',
      token_quota,
      third_party_client_access: 'allow',
      is_app_entitlement_active: true,
    });
    const id = must(created.id);
    assert.deepEqual(created, { id, name: 'quota-org', token_quota, third_party_client_access: 'allow', is_app_entitlement_active: true });
    assert.deepEqual(await organizations.get(id), created);
    const listed = (await organizations.list()).data.find((org) => org.id === id);
    assert.deepEqual(listed, created);

    const updated = await organizations.update(id, {
      token_quota: { client_credentials: { per_hour: 10 } },
      third_party_client_access: 'block',
    });
    assert.deepEqual(updated, {
      id,
      name: 'quota-org',
      token_quota: { client_credentials: { per_hour: 10 } },
      third_party_client_access: 'block',
      is_app_entitlement_active: true,
    });
    const cleared = await organizations.update(id, { token_quota: null });
    assert.deepEqual(cleared, { id, name: 'quota-org', third_party_client_access: 'block', is_app_entitlement_active: true });
    assert.deepEqual(await organizations.get(id), cleared);
  });

  it('an organization created without them has none', async () => {
    const created = await organizations.create({ name: 'plain-org' });
    assert.deepEqual(created, { id: must(created.id), name: 'plain-org' });
  });

  it('refuses quotas outside 1..2147483647, a quota without client_credentials, and unknown values', async () => {
    const invalid: unknown[] = [
      { token_quota: { client_credentials: { per_day: 0 } } },
      { token_quota: { client_credentials: { per_hour: 2147483648 } } },
      { token_quota: { client_credentials: { per_day: 1.5 } } },
      { token_quota: { client_credentials: { enforce: 'yes' } } },
      { token_quota: { client_credentials: { per_minute: 1 } } },
      { token_quota: {} },
      { third_party_client_access: 'maybe' },
      { is_app_entitlement_active: 'true' },
    ];
    for (const [i, body] of invalid.entries())
      await assert.rejects(organizations.create({ name: `bad-org-${i}`, ...(body as object) }), badRequest, JSON.stringify(body));
    const org = await organizations.create({ name: 'null-org' });
    // Only token_quota may be null.
    await assert.rejects(organizations.update(must(org.id), { third_party_client_access: null as never }), badRequest);
    await assert.rejects(organizations.create({ name: 'null-quota', token_quota: null as never }), badRequest);
  });

  it('pages members as Auth0 does: `next` on every page holding a member, none on the empty page after the last', async () => {
    const org = must((await organizations.create({ name: 'paged-members' })).id);
    const connection = await users.connection();
    const members = (await users.users(connection.id, 3)).sort();
    await organizations.members.create(org, { members });
    const first = await organizations.members.list(org, { take: 2 });
    assert.deepEqual(
      first.data.map((m) => m.user_id),
      members.slice(0, 2),
    );
    assert.equal(typeof first.response.next, 'string');
    const second = await first.getNextPage();
    assert.deepEqual(
      second.data.map((m) => m.user_id),
      members.slice(2),
    );
    assert.equal(typeof second.response.next, 'string');
    const third = await second.getNextPage();
    assert.deepEqual(third.response, { members: [] });
    assert.equal(third.hasNextPage(), false);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { ConnectionsClient } from 'auth0/connections';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:connections read:connections update:connections';

const badRequest = (e: unknown) => e instanceof Management.BadRequestError;

/** Connection fields Auth0's schema has beside options (stored, no effect yet), through the official SDK. */
describe('the official auth0 SDK (v7): connection purposes and Cross App Access roles', () => {
  let t: TestApp;
  let connections: ConnectionsClient;
  before(async () => {
    t = await startTestApp();
    const baseUrl = await Sdk.listen(t);
    connections = new ConnectionsClient({ baseUrl, token: (await t.bearer(SCOPES)).slice('Bearer '.length), maxRetries: 0 });
  });
  after(() => t.close());

  it('stores authentication, connected_accounts and the Cross App Access roles; returns them on get and list; null clears the resource app', async () => {
    const settings = {
      authentication: { active: true },
      connected_accounts: { active: true, cross_app_access: false, allow_missing_user_id: true },
      cross_app_access_requesting_app: { active: false },
      cross_app_access_resource_app: { status: 'enabled' as const },
    };
    const created = await connections.create({ name: 'purposes', strategy: 'google-oauth2', ...settings });
    const id = must(created.id);
    for (const [name, value] of Object.entries(settings)) assert.deepEqual((created as Record<string, unknown>)[name], value, name);
    const read = await connections.get(id);
    assert.deepEqual(read, created);
    const listed = (await connections.list()).data.find((c) => c.id === id);
    for (const [name, value] of Object.entries(settings))
      assert.deepEqual((listed as Record<string, unknown> | undefined)?.[name], value, name);

    const updated = await connections.update(id, { authentication: { active: false }, cross_app_access_resource_app: null });
    assert.deepEqual(updated.authentication, { active: false });
    assert.equal('cross_app_access_resource_app' in updated, false);
    assert.deepEqual(updated.connected_accounts, settings.connected_accounts);
    assert.deepEqual(await connections.get(id), updated);
    // fields applies to them like to any other property.
    assert.deepEqual(await connections.get(id, { fields: 'id,authentication', include_fields: true }), {
      id,
      authentication: { active: false },
    });
  });

  it("a connection created without them has Auth0's purposes (sign-in on, connected accounts off) and no Cross App Access roles", async () => {
    const created = await connections.create({ name: 'no-purposes', strategy: 'auth0' });
    assert.deepEqual([created.authentication, created.connected_accounts], [{ active: true }, { active: false }]);
    for (const name of ['cross_app_access_requesting_app', 'cross_app_access_resource_app']) assert.equal(name in created, false, name);
  });

  it('refuses a purpose without active, unknown statuses and properties, and null on create', async () => {
    const invalid: unknown[] = [
      { authentication: {} },
      { authentication: { active: 'yes' } },
      { connected_accounts: { active: true, vault: true } },
      { cross_app_access_resource_app: { status: 'on' } },
      { cross_app_access_requesting_app: { active: 1 } },
      { authentication: null },
    ];
    for (const [i, body] of invalid.entries())
      await assert.rejects(
        connections.create({ name: `bad-${i}`, strategy: 'auth0', ...(body as object) }),
        badRequest,
        JSON.stringify(body),
      );
    // A PATCH property here may be null (the document says so) and puts back the default.
    const id = must((await connections.create({ name: 'null-purposes', strategy: 'auth0', connected_accounts: { active: true } })).id);
    assert.deepEqual((await connections.update(id, { connected_accounts: null as never })).connected_accounts, { active: false });
  });
});

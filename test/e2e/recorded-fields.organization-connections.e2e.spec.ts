import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management, ManagementError } from 'auth0';
import { ConnectionFactories, sdkV7 } from '../support/connection-factories.js';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES =
  'create:organizations read:organizations create:organization_connections read:organization_connections update:organization_connections';
const SIGNUP_MESSAGE = 'Only database connections with assign_membership_on_login = true support is_signup_enabled = true.';

const badRequest = (e: unknown) => e instanceof Management.BadRequestError;

/** Fields of an organization's connection links that Auth0 accepts and returns, through the official SDK. */
describe('the official auth0 SDK (v7): organization connection links', () => {
  let t: TestApp;
  let f: ConnectionFactories;
  let sdk: ReturnType<typeof sdkV7>;
  before(async () => {
    t = await startTestApp();
    f = new ConnectionFactories(t.prisma);
    const baseUrl = await Sdk.listen(t);
    sdk = sdkV7(baseUrl, (await t.bearer(SCOPES)).slice('Bearer '.length));
  });
  after(() => t.close());

  it('stores organization_connection_name, organization_access_level and is_enabled; null removes them', async () => {
    const [org, connection] = [await f.organization(), await f.connection()];
    const links = sdk.organizations.connections;
    const created = await links.create(org.id, {
      connection_id: connection.id,
      organization_connection_name: 'staff',
      organization_access_level: 'readonly',
      is_enabled: false,
    });
    const base = {
      connection_id: connection.id,
      assign_membership_on_login: false,
      show_as_button: true,
      is_signup_enabled: false,
      connection: { name: connection.name, strategy: 'auth0' },
    };
    assert.deepEqual(created, { ...base, is_enabled: false, organization_connection_name: 'staff', organization_access_level: 'readonly' });
    assert.deepEqual(await links.get(org.id, connection.id), created);

    const updated = await links.update(org.id, connection.id, { organization_access_level: 'full', is_enabled: true });
    assert.deepEqual(updated, { ...base, is_enabled: true, organization_connection_name: 'staff', organization_access_level: 'full' });
    const cleared = await links.update(org.id, connection.id, { organization_connection_name: null, organization_access_level: null });
    assert.deepEqual(cleared, { ...base, is_enabled: true, organization_access_level: 'none' });
    assert.deepEqual(await links.get(org.id, connection.id), cleared);
    // null is_enabled: back to its default, enabled.
    await links.update(org.id, connection.id, { is_enabled: false });
    assert.equal((await links.update(org.id, connection.id, { is_enabled: null })).is_enabled, true);
  });

  it('lists by is_enabled', async () => {
    const org = await f.organization();
    const [on, off, plain] = [await f.connection(), await f.connection(), await f.connection()];
    const links = sdk.organizations.connections;
    await links.create(org.id, { connection_id: on.id, is_enabled: true });
    await links.create(org.id, { connection_id: off.id, is_enabled: false });
    await links.create(org.id, { connection_id: plain.id });
    const ids = async (is_enabled?: boolean) =>
      (await links.list(org.id, is_enabled === undefined ? {} : { is_enabled })).data.map((link) => link.connection_id).sort();
    assert.deepEqual(await ids(), [on.id, off.id, plain.id].sort());
    assert.deepEqual(await ids(true), [on.id, plain.id].sort());
    assert.deepEqual(await ids(false), [off.id]);
  });

  it('refuses unknown access levels and names out of bounds', async () => {
    const [org, connection] = [await f.organization(), await f.connection()];
    const links = sdk.organizations.connections;
    for (const body of [{ organization_access_level: 'admin' }, { organization_connection_name: '' }, { is_enabled: 'no' }])
      await assert.rejects(links.create(org.id, { connection_id: connection.id, ...(body as object) }), badRequest);
    await links.create(org.id, { connection_id: connection.id });
    await assert.rejects(links.update(org.id, connection.id, { organization_access_level: 'owner' as never }), badRequest);
  });

  it("refuses signup on a link that does not assign membership, or on a connection that is not a database, in Auth0's words", async () => {
    const org = await f.organization();
    const [database, social] = [await f.connection(), await f.connection({ strategy: 'google-oauth2' })];
    const path = `/api/v2/organizations/${org.id}/enabled_connections`;
    const auth = await t.bearer(SCOPES);
    const refused = await t.api.post(path).set('Authorization', auth).send({ connection_id: database.id, is_signup_enabled: true });
    assert.deepEqual(refused.body, { statusCode: 400, error: 'Bad Request', message: SIGNUP_MESSAGE, errorCode: 'invalid_body' });
    const social_ = await t.api
      .post(path)
      .set('Authorization', auth)
      .send({ connection_id: social.id, assign_membership_on_login: true, is_signup_enabled: true });
    assert.equal(social_.status, 400, social_.text);
    const body = { connection_id: database.id, assign_membership_on_login: true, is_signup_enabled: true };
    assert.equal((await t.api.post(path).set('Authorization', auth).send(body)).status, 201);
    const patch = await t.api.patch(`${path}/${database.id}`).set('Authorization', auth).send({ assign_membership_on_login: false });
    assert.deepEqual([patch.status, patch.body.message], [400, SIGNUP_MESSAGE]);
    const both = await t.api
      .patch(`${path}/${database.id}`)
      .set('Authorization', auth)
      .send({ assign_membership_on_login: false, is_signup_enabled: false });
    assert.equal(both.status, 200, both.text);
  });

  it('an organization created with enabled_connections answers with them, in the order given', async () => {
    const [database, enterprise] = [await f.connection(), await f.connection({ strategy: 'samlp' })];
    const created = await sdk.organizations.create({
      name: 'with-links',
      enabled_connections: [
        { connection_id: enterprise.id, assign_membership_on_login: true, show_as_button: false },
        { connection_id: database.id, assign_membership_on_login: true, is_signup_enabled: true },
      ],
    });
    const id = must(created.id);
    assert.deepEqual(created.enabled_connections, [
      {
        connection_id: enterprise.id,
        assign_membership_on_login: true,
        show_as_button: false,
        is_signup_enabled: false,
        connection: { name: enterprise.name, strategy: 'samlp' },
      },
      {
        connection_id: database.id,
        assign_membership_on_login: true,
        show_as_button: true,
        is_signup_enabled: true,
        connection: { name: database.name, strategy: 'auth0' },
      },
    ]);
    assert.equal('enabled_connections' in (await sdk.organizations.get(id)), false);
    assert.equal((await sdk.organizations.connections.list(id)).data.length, 2);
    // An unknown connection: nothing is created.
    await assert.rejects(
      sdk.organizations.create({ name: 'bad-links', enabled_connections: [{ connection_id: 'con_missing0000000' }] }),
      (e: unknown) => e instanceof ManagementError && e.statusCode === 404,
    );
    assert.equal(await t.prisma.organization.count({ where: { name: 'bad-links' } }), 0);
    const eleven = Array.from({ length: 11 }, () => ({ connection_id: database.id }));
    await assert.rejects(sdk.organizations.create({ name: 'too-many', enabled_connections: eleven }), badRequest);
  });
});

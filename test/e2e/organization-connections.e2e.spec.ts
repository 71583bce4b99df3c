import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collect, Sdk } from '../support/sdk.js';
import { a0deploy, a0deployClient, ConnectionFactories, sdkV7, type A0DeployClient } from '../support/connection-factories.js';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES =
  'create:organization_connections read:organization_connections update:organization_connections delete:organization_connections';
type Res = Parameters<typeof expectError>[0];
const connectionNotFound = (res: Res) => expectError(res, 404, 'inexistent_connection', 'The connection does not exist');
const notEnabled = (res: Res) =>
  expectError(res, 404, 'inexistent_organization_connection', 'The connection is not enabled for this organization.');
const alreadyEnabled = (res: Res) =>
  expectError(res, 409, 'organization_connection_conflict', 'The connection is already enabled for this organization.');

describe('organization connections (enabled_connections and connections)', () => {
  let t: TestApp;
  let f: ConnectionFactories;
  let auth: string;
  let sdk: ReturnType<typeof sdkV7>;
  let deploy: A0DeployClient;
  before(async () => {
    t = await startTestApp();
    f = new ConnectionFactories(t.prisma);
    auth = await t.bearer(`${SCOPES} read:organizations read:organization_client_grants read:clients read:client_grants read:connections`);
    const baseUrl = await Sdk.listen(t);
    sdk = sdkV7(baseUrl, auth.slice('Bearer '.length));
    deploy = a0deployClient(baseUrl, auth.slice('Bearer '.length));
  });
  after(() => t.close());

  const url = (orgId: string, rest = '') => `/api/v2/organizations/${orgId}/enabled_connections${rest}`;
  const add = (orgId: string, body: object) => t.api.post(url(orgId)).set('Authorization', auth).send(body);
  const link = (connection: { id: string; name: string; strategy: string }, extra: object = {}) => ({
    connection_id: connection.id,
    assign_membership_on_login: false,
    show_as_button: true,
    is_signup_enabled: false,
    connection: { name: connection.name, strategy: connection.strategy },
    ...extra,
  });

  describe('POST /organizations/{id}/enabled_connections', () => {
    it('201 with Auth0 body, defaults filled; the SDK v7 enabledConnections.add', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      const res = await add(org.id, { connection_id: connection.id, assign_membership_on_login: true });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(res.body, link(connection, { assign_membership_on_login: true }));
      // Signup needs a database connection that assigns membership (see recorded-fields.organization-connections).
      const other = await f.connection();
      const added = await sdk.organizations.enabledConnections.add(org.id, {
        connection_id: other.id,
        assign_membership_on_login: true,
        show_as_button: false,
        is_signup_enabled: true,
      });
      assert.deepEqual(added, link(other, { assign_membership_on_login: true, show_as_button: false, is_signup_enabled: true }));
      assert.equal(await t.prisma.organizationConnection.count({ where: { organization_id: org.id } }), 2);
    });

    it('404 for an unknown organization or connection; 409 when already enabled (also to two concurrent adds)', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      Errors.organizationNotFound(await add('org_doesNotExist0000', { connection_id: connection.id }));
      connectionNotFound(await add(org.id, { connection_id: 'con_doesNotExist0000' }));
      const results = await Promise.all([add(org.id, { connection_id: connection.id }), add(org.id, { connection_id: connection.id })]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
      alreadyEnabled(await add(org.id, { connection_id: connection.id }));
      await assert.rejects(sdk.organizations.enabledConnections.add(org.id, { connection_id: connection.id }), { statusCode: 409 });
    });

    it('400 for a missing connection_id, a wrong type, an unknown property; 403 without the scope; 401 with a bad token', async () => {
      Errors.invalidBody(await add('org_x', {}), `Payload validation error: 'Missing required property: connection_id'.`);
      Errors.invalidBody(
        await add('org_x', { connection_id: 'con_x', show_as_button: 'no' }),
        `Payload validation error: 'Expected type boolean but found type string' on property show_as_button (Determines whether a connection should be displayed on this organization’s login prompt. Only applicable for enterprise connections. Default: true.).`,
      );
      Errors.invalidBody(
        await add('org_x', { connection_id: 'con_x', foo: 1 }),
        `Payload validation error: 'Additional properties not allowed: foo'.`,
      );
      Errors.insufficientScope(
        await t.api
          .post(url('org_x'))
          .set('Authorization', await t.bearer('read:organization_connections'))
          .send({ connection_id: 'con_x' }),
        'create:organization_connections',
      );
      Errors.invalidToken(await t.api.post(url('org_x')).set('Authorization', 'Bearer x').send({ connection_id: 'con_x' }));
    });
  });

  describe('GET /organizations/{id}/enabled_connections', () => {
    it('offset pages (bare, or with totals), ordered by connection id; the SDK v7 iterates them; 404 for an unknown organization', async () => {
      const org = await f.organization();
      const ids = await f.connections(3);
      for (const id of ids) await f.enable(org.id, id);
      const bare = await t.api.get(url(org.id, '?per_page=2&page=1')).set('Authorization', auth);
      assert.deepEqual(
        bare.body.map((l: { connection_id: string }) => l.connection_id),
        [ids[2]],
      );
      const totals = await t.api.get(url(org.id, '?per_page=2&include_totals=true')).set('Authorization', auth);
      assert.deepEqual([totals.body.start, totals.body.limit, totals.body.total], [0, 2, 3]);
      assert.deepEqual(
        totals.body.enabled_connections.map((l: { connection_id: string }) => l.connection_id),
        ids.slice(0, 2),
      );
      const page = await sdk.organizations.enabledConnections.list(org.id, { per_page: 2 });
      assert.deepEqual(
        (await collect(page)).map((l) => l.connection_id),
        ids,
      );
      Errors.organizationNotFound(await t.api.get(url('org_doesNotExist0000')).set('Authorization', auth));
      Errors.invalidPaging(await t.api.get(url(org.id, '?per_page=100&page=10')).set('Authorization', auth));
    });

    it('403 without read:organization_connections', async () => {
      Errors.insufficientScope(
        await t.api.get(url('org_x')).set('Authorization', await t.bearer('create:organization_connections')),
        'read:organization_connections',
      );
    });
  });

  describe('GET/PATCH/DELETE /organizations/{id}/enabled_connections/{connectionId}', () => {
    it('GET 200; 404 when not enabled or the organization is unknown', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      await f.enable(org.id, connection.id, { assign_membership_on_login: true });
      assert.deepEqual(
        await sdk.organizations.enabledConnections.get(org.id, connection.id),
        link(connection, { assign_membership_on_login: true }),
      );
      const other = await f.connection();
      notEnabled(await t.api.get(url(org.id, `/${other.id}`)).set('Authorization', auth));
      Errors.organizationNotFound(await t.api.get(url('org_doesNotExist0000', `/${connection.id}`)).set('Authorization', auth));
    });

    it('PATCH 200 with the changed link; an empty body changes nothing; 404 when not enabled; 400 for a wrong type', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      await f.enable(org.id, connection.id);
      const updated = await sdk.organizations.enabledConnections.update(org.id, connection.id, {
        assign_membership_on_login: true,
        is_signup_enabled: true,
      });
      assert.deepEqual(updated, link(connection, { assign_membership_on_login: true, is_signup_enabled: true }));
      const same = await t.api
        .patch(url(org.id, `/${connection.id}`))
        .set('Authorization', auth)
        .send({});
      assert.deepEqual(same.body, updated);
      const other = await f.connection();
      notEnabled(
        await t.api
          .patch(url(org.id, `/${other.id}`))
          .set('Authorization', auth)
          .send({ show_as_button: false }),
      );
      Errors.organizationNotFound(
        await t.api
          .patch(url('org_doesNotExist0000', `/${other.id}`))
          .set('Authorization', auth)
          .send({}),
      );
      Errors.invalidBody(
        await t.api
          .patch(url(org.id, `/${connection.id}`))
          .set('Authorization', auth)
          .send({ connection_id: 'x' }),
        `Payload validation error: 'Additional properties not allowed: connection_id'.`,
      );
      Errors.insufficientScope(
        await t.api
          .patch(url(org.id, `/${connection.id}`))
          .set('Authorization', await t.bearer('read:organization_connections'))
          .send({}),
        'update:organization_connections',
      );
    });

    it('PATCH with null puts assign_membership_on_login and show_as_button back to their defaults (false, true), on both paths', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      await f.enable(org.id, connection.id);
      const changed = { assign_membership_on_login: true, show_as_button: false, is_signup_enabled: true };
      for (const path of [url(org.id, `/${connection.id}`), `/api/v2/organizations/${org.id}/connections/${connection.id}`]) {
        assert.equal((await t.api.patch(path).set('Authorization', auth).send(changed)).status, 200);
        const reset = await t.api
          .patch(path)
          .set('Authorization', auth)
          .send({ assign_membership_on_login: null, show_as_button: null, is_signup_enabled: null });
        assert.equal(reset.status, 200, reset.text);
        // is_signup_enabled has no default of its own: null is stored and read as false.
        assert.deepEqual(
          reset.body,
          path.includes('/enabled_connections/')
            ? link(connection)
            : { ...link(connection), is_enabled: true, organization_access_level: 'none' },
        );
      }
    });

    it('DELETE 204, idempotent; the connection stays; 404 for an unknown organization; 403 without the scope', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      await f.enable(org.id, connection.id);
      await sdk.organizations.enabledConnections.delete(org.id, connection.id);
      assert.equal(await t.prisma.organizationConnection.count({ where: { organization_id: org.id } }), 0);
      assert.equal(await t.prisma.connection.count({ where: { id: connection.id } }), 1);
      const again = await t.api.delete(url(org.id, `/${connection.id}`)).set('Authorization', auth);
      assert.equal(again.status, 204);
      Errors.organizationNotFound(await t.api.delete(url('org_doesNotExist0000', `/${connection.id}`)).set('Authorization', auth));
      Errors.insufficientScope(
        await t.api.delete(url(org.id, `/${connection.id}`)).set('Authorization', await t.bearer('read:organization_connections')),
        'delete:organization_connections',
      );
    });

    it('deleting the organization removes its links, the connections stay', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      await f.enable(org.id, connection.id);
      await t.prisma.organization.delete({ where: { id: org.id } });
      assert.equal(await t.prisma.organizationConnection.count({ where: { connection_id: connection.id } }), 0);
      assert.equal(await t.prisma.connection.count({ where: { id: connection.id } }), 1);
    });
  });

  describe('/organizations/{id}/connections (the newer path)', () => {
    const all = (orgId: string, rest = '') => `/api/v2/organizations/${orgId}/connections${rest}`;

    it('the SDK v7 organizations.connections: create, list, get, update, delete, each with is_enabled', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      const created = await sdk.organizations.connections.create(org.id, { connection_id: connection.id, is_enabled: true });
      assert.deepEqual(created, link(connection, { is_enabled: true, organization_access_level: 'none' }));
      const listed = await collect(await sdk.organizations.connections.list(org.id));
      assert.deepEqual(listed, [link(connection, { is_enabled: true, organization_access_level: 'none' })]);
      const disabled = await t.api.get(all(org.id, '?is_enabled=false&include_totals=true')).set('Authorization', auth);
      assert.deepEqual(disabled.body, { start: 0, limit: 50, total: 0, connections: [] });
      assert.deepEqual(
        await sdk.organizations.connections.get(org.id, connection.id),
        link(connection, { is_enabled: true, organization_access_level: 'none' }),
      );
      const updated = await sdk.organizations.connections.update(org.id, connection.id, { show_as_button: false, is_enabled: null });
      assert.deepEqual(updated, link(connection, { show_as_button: false, is_enabled: true, organization_access_level: 'none' }));
      await sdk.organizations.connections.delete(org.id, connection.id);
      assert.equal(await t.prisma.organizationConnection.count({ where: { organization_id: org.id } }), 0);
    });

    it('400 for an unknown access level or property; 409, 404 as on enabled_connections', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      const post = (body: object) => t.api.post(all(org.id)).set('Authorization', auth).send(body);
      const refused = await post({ connection_id: connection.id, organization_access_level: 'admin' });
      assert.equal(refused.status, 400);
      assert.match(refused.body.message, /^Payload validation error: 'No enum match for: "admin"' on property organization_access_level/);
      Errors.invalidBody(
        await post({ connection_id: connection.id, organization_role: 'full' }),
        `Payload validation error: 'Additional properties not allowed: organization_role'.`,
      );
      assert.equal((await post({ connection_id: connection.id })).status, 201);
      alreadyEnabled(await post({ connection_id: connection.id }));
      connectionNotFound(await post({ connection_id: 'con_doesNotExist0000' }));
      notEnabled(await t.api.get(all(org.id, '/con_doesNotExist0000')).set('Authorization', auth));
      Errors.organizationNotFound(await t.api.get(all('org_doesNotExist0000')).set('Authorization', auth));
      Errors.insufficientScope(
        await t.api.get(all(org.id)).set('Authorization', await t.bearer('read:organizations')),
        'read:organization_connections',
      );
    });
  });

  describe('a0deploy 8.44 organizations handler', () => {
    it('reads every organization with its connections (it dropped them all while these routes answered 404)', async () => {
      const [org, connection] = [await f.organization(), await f.connection()];
      await f.enable(org.id, connection.id, { assign_membership_on_login: true });
      const handler = a0deploy.handler('organizations', deploy);
      const organizations = (await handler.getType()) as { id: string; connections: unknown[] }[];
      const read = organizations.find((o) => o.id === org.id);
      assert.ok(read, `organization ${org.id} missing from ${JSON.stringify(organizations)}`);
      assert.deepEqual(read.connections, [
        link(connection, { assign_membership_on_login: true, is_enabled: true, organization_access_level: 'none' }),
      ]);
    });

    it('adds, updates and removes links with the calls its processChanges makes (SDK v6)', async () => {
      const org = await f.organization();
      const [kept, removed, added] = [await f.connection(), await f.connection(), await f.connection()];
      await f.enable(org.id, kept.id);
      await f.enable(org.id, removed.id);
      // What updateOrganization sends for each kind of change.
      await deploy.organizations.connections.update(org.id, kept.id, {
        organization_connection_name: undefined,
        assign_membership_on_login: true,
        show_as_button: true,
        is_signup_enabled: false,
        is_enabled: undefined,
        organization_access_level: undefined,
      });
      await deploy.organizations.connections.create(org.id, {
        connection_id: added.id,
        assign_membership_on_login: false,
        show_as_button: true,
      });
      await deploy.organizations.connections.delete(org.id, removed.id);
      const links = await t.prisma.organizationConnection.findMany({ where: { organization_id: org.id } });
      assert.deepEqual(
        new Map(links.map((l) => [l.connection_id, l.assign_membership_on_login])),
        new Map([
          [kept.id, true],
          [added.id, false],
        ]),
      );
    });
  });
});

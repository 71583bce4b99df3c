import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collect, Sdk } from '../support/sdk.js';
import { a0deploy, a0deployClient, ConnectionFactories, paginate, sdkV7, type A0DeployClient } from '../support/connection-factories.js';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const notFound = (res: Parameters<typeof expectError>[0]) =>
  expectError(res, 404, 'inexistent_connection', 'The connection does not exist');

describe('connection clients, and the connection requests a0deploy 8.44 makes', () => {
  let t: TestApp;
  let f: ConnectionFactories;
  let auth: string;
  let sdk: ReturnType<typeof sdkV7>;
  let deploy: A0DeployClient;
  before(async () => {
    t = await startTestApp();
    f = new ConnectionFactories(t.prisma);
    auth = await t.bearer('create:connections read:connections update:connections delete:connections read:clients');
    const baseUrl = await Sdk.listen(t);
    sdk = sdkV7(baseUrl, auth.slice('Bearer '.length));
    deploy = a0deployClient(baseUrl, auth.slice('Bearer '.length));
  });
  after(() => t.close());

  const enabled = async (connectionId: string) =>
    (await t.prisma.connectionClient.findMany({ where: { connection_id: connectionId }, orderBy: { client_id: 'asc' } })).map(
      (r) => r.client_id,
    );
  const clientIds = async (count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await f.client()).client_id);
    return ids.sort();
  };
  const patchClients = (id: string, body: unknown) =>
    t.api
      .patch(`/api/v2/connections/${id}/clients`)
      .set('Authorization', auth)
      .send(body as object);

  describe('GET /connections/{id}/clients', () => {
    it('checkpoint pages of {client_id}, next absent on the last one; the SDK v7 iterates them', async () => {
      const connection = await f.connection();
      const ids = await clientIds(3);
      for (const id of ids) await f.enableClient(connection.id, id);
      const first = await t.api.get(`/api/v2/connections/${connection.id}/clients?take=2`).set('Authorization', auth);
      assert.deepEqual(
        first.body.clients,
        ids.slice(0, 2).map((client_id) => ({ client_id })),
      );
      const last = await t.api
        .get(`/api/v2/connections/${connection.id}/clients?take=2&from=${first.body.next}`)
        .set('Authorization', auth);
      assert.deepEqual(last.body, { clients: [{ client_id: ids[2] }] });
      const page = await sdk.connections.clients.get(connection.id, { take: 1 });
      assert.deepEqual(
        (await collect(page)).map((c) => c.client_id),
        ids,
      );
    });

    it('404 for an unknown connection; 403 without read:connections', async () => {
      notFound(await t.api.get('/api/v2/connections/con_doesNotExist0000/clients').set('Authorization', auth));
      Errors.insufficientScope(
        await t.api.get('/api/v2/connections/con_x/clients').set('Authorization', await t.bearer('update:connections')),
        'read:connections',
      );
    });
  });

  describe('PATCH /connections/{id}/clients', () => {
    it('204: enables and disables by status, skips unknown clients, leaves the others (SDK v7)', async () => {
      const connection = await f.connection();
      const [stays, goes, comes] = await clientIds(3);
      await f.enableClient(connection.id, stays);
      await f.enableClient(connection.id, goes);
      await sdk.connections.clients.update(connection.id, [
        { client_id: goes, status: false },
        { client_id: comes, status: true },
        { client_id: 'client_unknown', status: true },
      ]);
      assert.deepEqual(await enabled(connection.id), [stays, comes].sort());
      const res = await patchClients(connection.id, []);
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
    });

    it('400 for a body that is not an array of {client_id, status}, or of more than 50', async () => {
      const connection = await f.connection();
      Errors.invalidBody(
        await patchClients(connection.id, { client_id: 'x', status: true }),
        `Payload validation error: 'Expected type array but found type object'.`,
      );
      Errors.invalidBody(
        await patchClients(
          connection.id,
          Array.from({ length: 51 }, (_, i) => ({ client_id: `c${i}`, status: true })),
        ),
        `Payload validation error: 'Array is too long (51), maximum 50'.`,
      );
      Errors.invalidBody(
        await patchClients(connection.id, [{ client_id: 'x' }]),
        `Payload validation error: 'Missing required property: status' on property [0].`,
      );
      Errors.invalidBody(
        await patchClients(connection.id, [
          { client_id: 'x', status: true },
          { client_id: 'y', status: 'yes' },
        ]),
        `Payload validation error: 'Expected type boolean but found type string' on property [1].status.`,
      );
      Errors.invalidBody(
        await patchClients(connection.id, [{ client_id: 'x', status: true, extra: 1 }]),
        `Payload validation error: 'Additional properties not allowed: extra' on property [0].`,
      );
    });

    it('404 for an unknown connection; 403 without update:connections; 401 with a bad token', async () => {
      notFound(await patchClients('con_doesNotExist0000', [{ client_id: 'x', status: true }]));
      await assert.rejects(sdk.connections.clients.update('con_doesNotExist0000', []), { statusCode: 404 });
      Errors.insufficientScope(
        await t.api
          .patch('/api/v2/connections/con_x/clients')
          .set('Authorization', await t.bearer('read:connections'))
          .send([]),
        'update:connections',
      );
      Errors.invalidToken(await t.api.patch('/api/v2/connections/con_x/clients').set('Authorization', 'Bearer x').send([]));
    });
  });

  describe('a0deploy (SDK v6 through its own pagedClient)', () => {
    it("reads every database connection: checkpoint list with strategy=auth0 and include_totals, then each one's enabled clients", async () => {
      const ids = await f.connections(55);
      const social = await f.connection({ strategy: 'github' });
      const [client] = await clientIds(1);
      await f.enableClient(ids[54], client);
      const databases = (await paginate(deploy, 'connections', {
        strategy: ['auth0'],
        checkpoint: true,
        include_totals: true,
      })) as { id: string }[];
      const listed = databases.map((c) => c.id);
      assert.ok(ids.every((id) => listed.includes(id)));
      assert.equal(listed.includes(social.id), false);
      const all = (await paginate(deploy, 'connections', { checkpoint: true })) as { id: string }[];
      assert.ok(all.some((c) => c.id === social.id));
      assert.deepEqual(await a0deploy.connections.getConnectionEnabledClients(deploy, ids[54]), [client]);
    });

    it('the databases handler creates (enabled_clients dropped), then updates a connection after reading it, merging options', async () => {
      const handler = a0deploy.handler('databases', deploy);
      await handler.getClientFN('create')({
        name: 'deployed-db',
        strategy: 'auth0',
        options: { passwordPolicy: 'good', brute_force_protection: true },
        enabled_clients: ['ignored'],
      });
      const row = await t.prisma.connection.findUniqueOrThrow({ where: { name: 'deployed-db' } });
      await handler.getClientFN('update')(row.id, { options: { passwordPolicy: 'excellent' }, display_name: 'Deployed' });
      const updated = await t.prisma.connection.findUniqueOrThrow({ where: { id: row.id } });
      assert.deepEqual(updated.options, { passwordPolicy: 'excellent', brute_force_protection: true });
      assert.equal(updated.display_name, 'Deployed');
    });

    it('sets enabled clients as a0deploy does: finds the new connection by name, then PATCHes /clients in chunks of 50', async () => {
      const connection = await f.connection();
      const old = await clientIds(1);
      await f.enableClient(connection.id, old[0]);
      const wanted = await clientIds(52);
      const existing = [{ id: connection.id, enabled_clients: old }];
      await a0deploy.connections.processConnectionEnabledClients(
        deploy,
        'database',
        existing,
        { create: [{ name: connection.name, enabled_clients: wanted }], update: [], conflicts: [] },
        0,
      );
      assert.deepEqual(await enabled(connection.id), wanted);
    });

    it('deletes a connection through the SDK v6', async () => {
      const connection = await f.connection();
      await deploy.connections.delete(connection.id);
      assert.equal(await t.prisma.connection.count({ where: { id: connection.id } }), 0);
    });
  });
});

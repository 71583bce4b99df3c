import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConnectionFactories } from '../support/connection-factories.js';
import { must } from '../support/must.js';
import { Errors, expectError } from '../support/responses.js';
import { collect, Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Links read from their other side: a grant's organizations, a client's connections (go-auth0's
// recordings TestClientGrantManager_Organizations and TestClientManager_ReadEnabledConnections).
describe("a client grant's organizations and a client's connections", () => {
  let t: TestApp;
  let baseUrl: string;
  let connections: ConnectionFactories;
  const sdkWith = async (scope: string) => Sdk.for(baseUrl, await t.tokens.sign({ scope }));
  before(async () => {
    t = await startTestApp();
    baseUrl = await Sdk.listen(t);
    connections = new ConnectionFactories(t.prisma);
  });
  after(() => t.close());

  it('GET /client-grants/{id}/organizations: the associated organizations by id, by checkpoint (SDK v7) or offset (go-auth0 v1)', async () => {
    const grant = await t.factories.clientGrant();
    const organizations = (await t.factories.organizations(3)).sort();
    for (const id of organizations) await t.factories.associate(id, grant.id);
    const other = await t.factories.clientGrant();
    await t.factories.associate(organizations[0], other.id);

    const sdk = await sdkWith('read:organization_client_grants');
    const page = await sdk.clientGrants.organizations.list(grant.id, { take: 2 });
    assert.deepEqual(
      page.data.map(({ id }) => id),
      organizations.slice(0, 2),
    );
    assert.deepEqual(
      (await collect(await sdk.clientGrants.organizations.list(grant.id, { take: 2 }))).map(({ id }) => id),
      organizations,
    );
    const offset = await t.api
      .get(`/api/v2/client-grants/${grant.id}/organizations?include_totals=true&per_page=50`)
      .set('Authorization', await t.bearer('read:organization_client_grants'));
    assert.deepEqual([offset.body.start, offset.body.limit, offset.body.total], [0, 50, 3]);
    assert.deepEqual(
      (offset.body.organizations as { id: string }[]).map(({ id }) => id),
      organizations,
    );

    const path = '/api/v2/client-grants/cgr_missing/organizations';
    expectError(
      await t.api.get(path).set('Authorization', await t.bearer('read:organization_client_grants')),
      404,
      'inexistent_client_grant',
      'The grant does not exist.',
    );
    Errors.insufficientScope(
      await t.api.get(path).set('Authorization', await t.bearer('read:client_grants')),
      'read:organization_client_grants',
    );
    Errors.missingAuth(await t.api.get(path));
  });

  it('GET /clients/{id}/connections: the connections enabled for the client, checkpoint paged with next, filtered by strategy (SDK v7)', async () => {
    const client = await t.factories.client();
    const enabled = [];
    for (const strategy of ['auth0', 'auth0', 'okta']) enabled.push(await connections.connection({ strategy }));
    await connections.connection();
    const update = await t.api
      .patch(`/api/v2/connections/${enabled[2].id}/clients`)
      .set('Authorization', await t.bearer('update:connections'))
      .send([{ client_id: client.client_id, status: true }]);
    assert.equal(update.status, 204, update.text);
    for (const { id } of enabled.slice(0, 2))
      await t.prisma.connectionClient.create({ data: { connection_id: id, client_id: client.client_id } });

    const sdk = await sdkWith('read:connections');
    const ids = enabled.map(({ id }) => id).sort();
    const first = await sdk.clients.connections.get(client.client_id, { take: 2 });
    assert.deepEqual(
      first.data.map(({ id }) => id),
      ids.slice(0, 2),
    );
    assert.ok(first.response.next, 'a page followed by more carries next');
    assert.deepEqual(
      (await collect(await sdk.clients.connections.get(client.client_id, { take: 2 }))).map(({ id }) => id),
      ids,
    );
    const okta = await sdk.clients.connections.get(client.client_id, { strategy: 'okta', fields: 'id,strategy' });
    assert.deepEqual(okta.data, [{ id: enabled[2].id, strategy: 'okta' }]);

    const fresh = await t.factories.client();
    assert.deepEqual((await sdk.clients.connections.get(fresh.client_id)).data, []);
    const path = '/api/v2/clients/client_missing/connections';
    expectError(
      await t.api.get(path).set('Authorization', await t.bearer('read:connections')),
      404,
      'inexistent_client',
      'The client does not exist',
    );
    Errors.insufficientScope(
      await t.api.get(`/api/v2/clients/${must(client.client_id)}/connections`).set('Authorization', await t.bearer('read:clients')),
      'read:connections',
    );
  });
});

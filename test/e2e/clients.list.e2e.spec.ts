import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/v2/clients filters and fields', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  before(async () => {
    t = await startTestApp();
    const auth = await t.bearer('create:clients');
    for (const [name, body] of Object.entries({
      m2m: { app_type: 'non_interactive' },
      spa: { app_type: 'spa' },
      native: { app_type: 'native', is_first_party: false },
      web: { app_type: 'regular_web' },
    })) {
      const res = await t.api
        .post('/api/v2/clients')
        .set('Authorization', auth)
        .send({ name, ...body });
      assert.equal(res.status, 201, res.text);
      ids[name] = res.body.client_id;
    }
  });
  after(() => t.close());

  const list = async (query: string) => t.api.get(`/api/v2/clients?${query}`).set('Authorization', await t.bearer('read:clients'));
  const names = (body: { name: string }[]) => body.map((c) => c.name).sort();

  it('filters by app_type (a comma list), is_first_party and is_global', async () => {
    assert.deepEqual(names((await list('app_type=spa,native')).body), ['native', 'spa']);
    assert.deepEqual(names((await list('app_type=regular_web&is_first_party=true')).body), ['web']);
    assert.deepEqual(names((await list('is_first_party=false')).body), ['native']);
    // No client here is Auth0's legacy global client: a0deploy lists with is_global=false.
    assert.deepEqual((await list('is_global=true')).body, []);
    const all = await list('is_global=false&include_totals=true');
    assert.equal(all.body.total, 5, 'the bootstrap admin and the four made here');
    assert.deepEqual((await list('is_global=true&include_totals=true')).body, { start: 0, limit: 50, total: 0, clients: [] });
  });

  it('returns only the fields asked for, or all but them', async () => {
    const only = await list('app_type=spa&fields=client_id,name');
    assert.deepEqual(only.body, [{ client_id: ids.spa, name: 'spa' }]);
    const without = await list('app_type=spa&fields=refresh_token,jwt_configuration,client_metadata&include_fields=false');
    assert.deepEqual(
      ['refresh_token', 'jwt_configuration', 'client_metadata', 'name'].map((key) => key in without.body[0]),
      [false, false, false, true],
    );
    const one = await t.api
      .get(`/api/v2/clients/${ids.web}?fields=name,app_type&include_fields=true`)
      .set('Authorization', await t.bearer('read:clients'));
    assert.deepEqual(one.body, { name: 'web', app_type: 'regular_web' });
  });

  it('q finds the clients whose grants reach an organization, alone, with either paging (Auth0 answered offset paging, recorded)', async () => {
    const organization = await t.factories.organization();
    const grant = await t.factories.clientGrant({ client_id: ids.web });
    await t.factories.associate(organization.id, grant.id);
    const found = await list(`q=${encodeURIComponent(`client_grant.organization_id:${organization.id}`)}&take=10`);
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(names(found.body.clients), ['web']);
    assert.deepEqual((await list(`q=client_grant.allow_any_organization:true&take=10`)).body, { clients: [] });
    Errors.invalidQuery(
      await list(`q=client_grant.allow_any_organization:true&take=10&app_type=spa`),
      "Query validation error: 'q cannot be used in combination with other filters' on property q (Advanced Query in Lucene syntax. Permitted Queries: client_grant.organization_id:{organization_id}, client_grant.allow_any_organization:true. Cannot be used in combination with other filters; requires checkpoint pagination (from/take).).",
    );
    const offset = await list(`q=${encodeURIComponent(`client_grant.organization_id:${organization.id}`)}&per_page=50&include_totals=true`);
    assert.equal(offset.status, 200, offset.text);
    assert.deepEqual([names(offset.body.clients), offset.body.start, offset.body.limit, offset.body.total], [['web'], 0, 50, 1]);
  });

  it('q pages by next, and the allow_any_organization query finds only grants that set it', async () => {
    const organization = await t.factories.organization();
    for (const client of [ids.m2m, ids.spa, ids.native]) {
      const grant = await t.factories.clientGrant({ client_id: client });
      await t.factories.associate(organization.id, grant.id);
    }
    const q = encodeURIComponent(`client_grant.organization_id:${organization.id}`);
    const first = await list(`q=${q}&take=2`);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.clients.length, 2);
    const second = await list(`q=${q}&take=2&from=${encodeURIComponent(first.body.next)}`);
    assert.deepEqual(second.body.next, undefined);
    assert.deepEqual(names([...first.body.clients, ...second.body.clients]), ['m2m', 'native', 'spa']);

    const anyGrant = await t.factories.clientGrant({ client_id: ids.spa });
    await t.prisma.clientGrant.update({ where: { id: anyGrant.id }, data: { allow_any_organization: true } });
    assert.deepEqual(names((await list('q=client_grant.allow_any_organization:true&take=10')).body.clients), ['spa']);
    await t.prisma.clientGrant.delete({ where: { id: anyGrant.id } });
  });

  it('refuses unknown and mistyped query parameters', async () => {
    Errors.invalidQuery(await list('name=spa'), "Query validation error: 'Additional properties not allowed: name'.");
    Errors.invalidQuery(
      await list('is_global=maybe'),
      "Query validation error: 'Expected type boolean but found type string' on property is_global (Optional filter on the global client parameter.).",
    );
    Errors.invalidQuery(
      await t.api.get(`/api/v2/clients/${ids.spa}?include_fields=1`).set('Authorization', await t.bearer('read:clients')),
      "Query validation error: 'Expected type boolean but found type string' on property include_fields (Whether specified fields are to be included (true) or excluded (false).).",
    );
    Errors.invalidQuery(
      await t.api.get(`/api/v2/clients/${ids.spa}?page=1`).set('Authorization', await t.bearer('read:clients')),
      "Query validation error: 'Additional properties not allowed: page'.",
    );
  });
});

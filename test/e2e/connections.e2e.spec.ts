import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collect, Sdk } from '../support/sdk.js';
import { ConnectionFactories, sdkV7 } from '../support/connection-factories.js';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Auth0's answer for a connection whose purposes were never set.
const PURPOSES = { authentication: { active: true }, connected_accounts: { active: false } };

const ALL = 'create:connections read:connections update:connections delete:connections';
const NAME_RULE =
  "The name of the connection. Must start and end with an alphanumeric character and can only contain alphanumeric characters and '-'. Max length 128";
const notFound = (res: Parameters<typeof expectError>[0]) =>
  expectError(res, 404, 'inexistent_connection', 'The connection does not exist');
const nameTaken = (res: Parameters<typeof expectError>[0]) =>
  expectError(res, 409, 'connection_conflict', 'A connection with the same name already exists');

describe('connections', () => {
  let t: TestApp;
  let f: ConnectionFactories;
  let auth: string;
  let sdk: ReturnType<typeof sdkV7>;
  before(async () => {
    t = await startTestApp();
    f = new ConnectionFactories(t.prisma);
    auth = await t.bearer(ALL);
    sdk = sdkV7(await Sdk.listen(t), auth.slice('Bearer '.length));
  });
  after(() => t.close());

  const create = (body: object) => t.api.post('/api/v2/connections').set('Authorization', auth).send(body);
  const list = (query = '') => t.api.get(`/api/v2/connections?${query}`).set('Authorization', auth);
  const patch = (id: string, body: object) => t.api.patch(`/api/v2/connections/${id}`).set('Authorization', auth).send(body);

  describe('POST /connections', () => {
    it('201 through the SDK: a database connection, options exactly as given, the name as realm, known enabled clients', async () => {
      const client = await f.client();
      const options = {
        passwordPolicy: 'excellent',
        password_complexity_options: { min_length: 12 },
        brute_force_protection: true,
        requires_username: false,
        custom: { nested: [1, 'two', null] },
      };
      const created = await sdk.connections.create({
        name: 'Username-Password-Authentication',
        strategy: 'auth0',
        options,
        enabled_clients: [client.client_id, 'client_that_does_not_exist'],
        metadata: { team: 'identity' },
      } as Parameters<typeof sdk.connections.create>[0]);
      assert.match(String(created.id), /^con_[A-Za-z0-9]{16}$/);
      assert.deepEqual(created, {
        id: created.id,
        name: 'Username-Password-Authentication',
        options,
        strategy: 'auth0',
        realms: ['Username-Password-Authentication'],
        enabled_clients: [client.client_id],
        is_domain_connection: false,
        ...PURPOSES,
        metadata: { team: 'identity' },
      });
      const row = await t.prisma.connection.findUniqueOrThrow({ where: { id: String(created.id) } });
      assert.deepEqual(row.options, options);
    });

    it('stores another strategy with its options, display_name, realms and flags as given', async () => {
      const res = await create({
        name: 'google',
        display_name: 'Google',
        strategy: 'google-oauth2',
        options: { client_id: 'x', scope: ['email'] },
        realms: ['example.com'],
        is_domain_connection: true,
        show_as_button: false,
      });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(res.body, {
        id: res.body.id,
        name: 'google',
        display_name: 'Google',
        options: { client_id: 'x', scope: ['email'] },
        strategy: 'google-oauth2',
        realms: ['example.com'],
        enabled_clients: [],
        is_domain_connection: true,
        ...PURPOSES,
        show_as_button: false,
      });
    });

    it('409 for a name already taken, also to two concurrent creates', async () => {
      const existing = await f.connection();
      nameTaken(await create({ name: existing.name, strategy: 'auth0' }));
      const results = await Promise.all([create({ name: 'racing', strategy: 'auth0' }), create({ name: 'racing', strategy: 'auth0' })]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
      await assert.rejects(sdk.connections.create({ name: existing.name, strategy: 'auth0' }), { statusCode: 409 });
    });

    it('400 for a name breaking Auth0 rules, a missing or unknown strategy, a non-object options, an unknown property', async () => {
      const pattern = '^[a-zA-Z0-9](-[a-zA-Z0-9]|[a-zA-Z0-9])*$';
      for (const name of ['under_score', '-leading', 'trailing-', 'double--hyphen', 'sp ace']) {
        Errors.invalidBody(
          await create({ name, strategy: 'auth0' }),
          `Payload validation error: 'String does not match pattern ${pattern}: ${name}' on property name (${NAME_RULE}).`,
        );
      }
      Errors.invalidBody(
        await create({ name: 'a'.repeat(129), strategy: 'auth0' }),
        `Payload validation error: 'String is too long (129 chars), maximum 128' on property name (${NAME_RULE}).`,
      );
      Errors.invalidBody(await create({ name: 'ok' }), `Payload validation error: 'Missing required property: strategy'.`);
      Errors.invalidBody(
        await create({ name: 'ok', strategy: 'nope' }),
        `Payload validation error: 'No enum match for: "nope"' on property strategy (The identity provider identifier for the connection).`,
      );
      Errors.invalidBody(
        await create({ name: 'ok', strategy: 'auth0', options: 'x' }),
        `Payload validation error: 'Expected type object but found type string' on property options (The connection options, stored as given.).`,
      );
      Errors.invalidBody(
        await create({ name: 'ok', strategy: 'auth0', foo: 1 }),
        `Payload validation error: 'Additional properties not allowed: foo'.`,
      );
      assert.equal(await t.prisma.connection.count({ where: { name: 'ok' } }), 0);
    });

    it('403 without create:connections; 401 with a bad token', async () => {
      const res = await t.api
        .post('/api/v2/connections')
        .set('Authorization', await t.bearer('read:connections'))
        .send({ name: 'x', strategy: 'auth0' });
      Errors.insufficientScope(res, 'create:connections');
      Errors.invalidToken(
        await t.api.post('/api/v2/connections').set('Authorization', 'Bearer not.a.token').send({ name: 'x', strategy: 'auth0' }),
      );
    });
  });

  describe('GET /connections', () => {
    it('offset paging: a bare array by default, {start, limit, total, connections} with include_totals; no enabled_clients in list items', async () => {
      const ids = await f.connections(3, 'samlp');
      const bare = await list('strategy=samlp&per_page=2&page=1');
      assert.equal(bare.status, 200, bare.text);
      assert.deepEqual(
        bare.body.map((c: { id: string }) => c.id),
        [ids[2]],
      );
      assert.equal('enabled_clients' in bare.body[0], false);
      const totals = await list('strategy=samlp&per_page=2&include_totals=true');
      assert.deepEqual(
        { ...totals.body, connections: totals.body.connections.map((c: { id: string }) => c.id) },
        {
          start: 0,
          limit: 2,
          total: 3,
          connections: ids.slice(0, 2),
        },
      );
      Errors.invalidPaging(await list('per_page=100&page=10'));
    });

    it('checkpoint paging with take/from (include_totals ignored, as the SDKs send it), next absent on the last page', async () => {
      const ids = await f.connections(5, 'waad');
      const first = await list('strategy=waad&take=2&include_totals=true');
      assert.deepEqual(
        first.body.connections.map((c: { id: string }) => c.id),
        ids.slice(0, 2),
      );
      assert.equal(typeof first.body.next, 'string');
      assert.deepEqual(Object.keys(first.body).sort(), ['connections', 'next']);
      const second = await list(`strategy=waad&take=2&from=${first.body.next}`);
      const third = await list(`strategy=waad&take=2&from=${second.body.next}`);
      assert.deepEqual(
        [...second.body.connections, ...third.body.connections].map((c: { id: string }) => c.id),
        ids.slice(2),
      );
      assert.equal('next' in third.body, false);
      Errors.invalidQuery(
        await list('from=%25%25'),
        `Query validation error: 'Invalid checkpoint' on property from (Optional Id from which to start selection.).`,
      );
    });

    it('the SDK v7 iterates every page; filters by one or several strategies and by name', async () => {
      const adfs = await f.connections(3, 'adfs');
      const pingfederate = await f.connections(2, 'pingfederate');
      const page = await sdk.connections.list({ strategy: ['adfs', 'pingfederate'], take: 2 });
      assert.deepEqual(
        (await collect(page)).map((c) => c.id),
        [...adfs, ...pingfederate].sort(),
      );
      const single = await list('strategy=pingfederate');
      assert.deepEqual(
        single.body.map((c: { id: string }) => c.id),
        pingfederate,
      );
      const named = await f.connection();
      const byName = await sdk.connections.list({ name: named.name, take: 1 });
      assert.deepEqual(
        byName.data.map((c) => c.id),
        [named.id],
      );
      Errors.invalidQuery(
        await list('strategy=nope'),
        `Query validation error: 'No enum match for: "nope"' on property strategy (Provide strategies to only retrieve connections with such strategies).`,
      );
    });

    it('fields and include_fields select the properties of each item', async () => {
      const named = await f.connection();
      const only = await list(`name=${named.name}&fields=id,name`);
      assert.deepEqual(only.body, [{ id: named.id, name: named.name }]);
      const without = await list(`name=${named.name}&fields=options,realms&include_fields=false`);
      assert.deepEqual(without.body, [{ id: named.id, name: named.name, strategy: 'auth0', is_domain_connection: false, ...PURPOSES }]);
    });

    it('403 without read:connections; 401 without a token', async () => {
      Errors.insufficientScope(
        await t.api.get('/api/v2/connections').set('Authorization', await t.bearer('update:connections')),
        'read:connections',
      );
      Errors.missingAuth(await t.api.get('/api/v2/connections'));
    });
  });

  describe('GET /connections/{id}', () => {
    it('200 with its enabled clients; fields apply; 404 for an unknown id', async () => {
      const connection = await f.connection({ options: { passwordPolicy: 'good' } });
      const client = await f.client();
      await f.enableClient(connection.id, client.client_id);
      const got = await sdk.connections.get(connection.id);
      assert.deepEqual(got, {
        id: connection.id,
        name: connection.name,
        options: { passwordPolicy: 'good' },
        strategy: 'auth0',
        realms: [connection.name],
        enabled_clients: [client.client_id],
        is_domain_connection: false,
        ...PURPOSES,
      });
      const some = await t.api.get(`/api/v2/connections/${connection.id}?fields=enabled_clients`).set('Authorization', auth);
      assert.deepEqual(some.body, { enabled_clients: [client.client_id] });
      notFound(await t.api.get('/api/v2/connections/con_doesNotExist0000').set('Authorization', auth));
      await assert.rejects(sdk.connections.get('con_doesNotExist0000'), { statusCode: 404 });
    });

    it('403 without read:connections', async () => {
      const res = await t.api.get('/api/v2/connections/con_x').set('Authorization', await t.bearer('create:connections'));
      Errors.insufficientScope(res, 'read:connections');
    });
  });

  describe('PATCH /connections/{id}', () => {
    it('200: options replaced whole, enabled_clients replaced (unknown ids skipped), empty realms become the name', async () => {
      const connection = await f.connection({ options: { passwordPolicy: 'good', mfa: { active: true } } });
      const [kept, added] = [await f.client(), await f.client()];
      await f.enableClient(connection.id, kept.client_id);
      const before = await t.prisma.connection.findUniqueOrThrow({ where: { id: connection.id } });
      const updated = await sdk.connections.update(connection.id, {
        display_name: 'Renamed',
        options: { passwordPolicy: 'fair' },
        enabled_clients: [added.client_id, 'client_unknown'],
        realms: [],
        show_as_button: true,
      });
      assert.deepEqual(updated, {
        id: connection.id,
        name: connection.name,
        display_name: 'Renamed',
        options: { passwordPolicy: 'fair' },
        strategy: 'auth0',
        realms: [connection.name],
        enabled_clients: [added.client_id],
        is_domain_connection: false,
        ...PURPOSES,
        show_as_button: true,
      });
      const after = await t.prisma.connection.findUniqueOrThrow({ where: { id: connection.id } });
      assert.ok(after.updated_at > before.updated_at);
    });

    it('a null enabled_clients disables every client; an empty body changes nothing', async () => {
      const connection = await f.connection();
      const client = await f.client();
      await f.enableClient(connection.id, client.client_id);
      const cleared = await patch(connection.id, { enabled_clients: null });
      assert.deepEqual(cleared.body.enabled_clients, []);
      const same = await patch(connection.id, {});
      assert.equal(same.status, 200);
      assert.equal(same.body.name, connection.name);
    });

    it('a null realms or is_domain_connection puts back the default: the name as realm, not a domain connection', async () => {
      const connection = await f.connection();
      const set = await patch(connection.id, { realms: ['example.com'], is_domain_connection: true });
      assert.deepEqual([set.body.realms, set.body.is_domain_connection], [['example.com'], true]);
      const reset = await patch(connection.id, { realms: null, is_domain_connection: null });
      assert.equal(reset.status, 200, reset.text);
      assert.deepEqual(reset.body, {
        id: connection.id,
        name: connection.name,
        options: {},
        strategy: 'auth0',
        realms: [connection.name],
        enabled_clients: [],
        is_domain_connection: false,
        ...PURPOSES,
      });
    });

    it('404 for an unknown id; 400 for name or strategy (fixed once created) and bad types', async () => {
      notFound(await patch('con_doesNotExist0000', { display_name: 'x' }));
      const connection = await f.connection();
      Errors.invalidBody(
        await patch(connection.id, { name: 'other' }),
        `Payload validation error: 'Additional properties not allowed: name'.`,
      );
      Errors.invalidBody(
        await patch(connection.id, { strategy: 'auth0' }),
        `Payload validation error: 'Additional properties not allowed: strategy'.`,
      );
      Errors.invalidBody(
        await patch(connection.id, { is_domain_connection: 'yes' }),
        `Payload validation error: 'Expected type boolean but found type string' on property is_domain_connection (<code>true</code> promotes to a domain-level connection so that third-party applications can use it. <code>false</code> does not promote the connection, so only first-party applications with the connection enabled can use it. (Defaults to <code>false</code>.)).`,
      );
    });

    it('403 without update:connections', async () => {
      const res = await t.api
        .patch('/api/v2/connections/con_x')
        .set('Authorization', await t.bearer('read:connections'))
        .send({ display_name: 'x' });
      Errors.insufficientScope(res, 'update:connections');
    });
  });

  describe('DELETE /connections/{id}', () => {
    it('202 with deleted_at, and its users, enabled clients and organization links go with it; the clients and organization stay', async () => {
      const connection = await f.connection();
      const [client, organization] = [await f.client(), await f.organization()];
      await f.enableClient(connection.id, client.client_id);
      await f.enable(organization.id, connection.id);
      const user = await f.user(connection.id);
      const res = await t.api.delete(`/api/v2/connections/${connection.id}`).set('Authorization', auth);
      assert.equal(res.status, 202);
      assert.deepEqual(Object.keys(res.body), ['deleted_at']);
      assert.ok(Math.abs(Date.parse(res.body.deleted_at) - Date.now()) < 60_000, res.text);
      assert.equal(await t.prisma.connection.count({ where: { id: connection.id } }), 0);
      assert.equal(await t.prisma.user.count({ where: { user_id: user.user_id } }), 0);
      assert.equal(await t.prisma.connectionClient.count({ where: { connection_id: connection.id } }), 0);
      assert.equal(await t.prisma.organizationConnection.count({ where: { connection_id: connection.id } }), 0);
      assert.equal(await t.prisma.client.count({ where: { client_id: client.client_id } }), 1);
      assert.equal(await t.prisma.organization.count({ where: { id: organization.id } }), 1);
    });

    it('204 for a connection that no longer exists; the SDK accepts both answers', async () => {
      const connection = await f.connection();
      await sdk.connections.delete(connection.id);
      await sdk.connections.delete(connection.id);
      const again = await t.api.delete(`/api/v2/connections/${connection.id}`).set('Authorization', auth);
      assert.equal(again.status, 204);
    });

    it('403 without delete:connections; 401 with a bad token', async () => {
      const connection = await f.connection();
      Errors.insufficientScope(
        await t.api.delete(`/api/v2/connections/${connection.id}`).set('Authorization', await t.bearer('read:connections')),
        'delete:connections',
      );
      Errors.invalidToken(await t.api.delete(`/api/v2/connections/${connection.id}`).set('Authorization', 'Bearer x'));
      assert.equal(await t.prisma.connection.count({ where: { id: connection.id } }), 1);
    });
  });
});

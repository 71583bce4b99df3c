import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Sdk } from '../support/sdk.js';
import { sdkV7 } from '../support/connection-factories.js';
import { expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { UserFactories } from '../support/user-factories.js';

// Keys that name what every object inherits: class-transformer skipped them and Nest's pipe deleted
// `constructor` and `prototype`, so each was dropped without an error.
const INHERITED = { constructor: 'c', toString: 't', valueOf: 'v', hasOwnProperty: 'h', prototype: 'p', __defineGetter__: 'g' };
const ORG_META =
  'Metadata associated with the organization, in the form of an object with string values (max 255 chars). Maximum of 25 metadata properties allowed.';

describe('metadata keeps every key the caller sent, inherited names included', () => {
  let t: TestApp;
  let auth: string;
  let sdk: Sdk;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(
      'create:organizations read:organizations update:organizations create:clients read:clients update:clients create:users read:users update:users create:connections read:connections update:connections',
    );
    sdk = Sdk.for(await Sdk.listen(t), auth.slice('Bearer '.length));
  });
  after(() => t.close());

  const send = (method: 'post' | 'patch' | 'get', path: string, body?: object) => {
    const request = t.api[method](`/api/v2/${path}`).set('Authorization', auth);
    return body ? request.send(body) : request;
  };

  it('organizations: create, read and update through the API keep them, as plain data', async () => {
    const created = await send('post', 'organizations', { name: 'meta-org', metadata: INHERITED });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.metadata, INHERITED);
    assert.deepEqual((await send('get', `organizations/${created.body.id}`)).body.metadata, INHERITED);
    const changed = { ...INHERITED, toString: 'changed', isPrototypeOf: 'i' };
    const updated = await send('patch', `organizations/${created.body.id}`, { metadata: changed });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.metadata, changed);
    const stored = await t.prisma.organization.findUniqueOrThrow({ where: { id: created.body.id } });
    assert.deepEqual(stored.metadata, changed);
    // Stored as data: the row's object still has Object's own prototype, not one the caller chose.
    assert.equal(Object.getPrototypeOf(stored.metadata), Object.prototype);
  });

  it('organizations through the SDK v7: create, get and update keep them', async () => {
    const created = await sdk.organizations.create({ name: 'meta-sdk', metadata: INHERITED });
    assert.deepEqual(created.metadata, INHERITED);
    assert.deepEqual((await sdk.organizations.get(String(created.id))).metadata, INHERITED);
    const updated = await sdk.organizations.update(String(created.id), { metadata: { constructor: 'only' } });
    assert.deepEqual(updated.metadata, { constructor: 'only' });
  });

  it('the limits count those keys too: 26 properties are refused, 25 accepted', async () => {
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v']));
    expectError(
      await send('post', 'organizations', { name: 'meta-too-many', metadata: { ...many, ...INHERITED } }),
      400,
      'invalid_body',
      `Payload validation error: 'Too many properties defined (26), maximum 25' on property metadata (${ORG_META}).`,
    );
    const { prototype: _p, ...twentyFive } = { ...many, ...INHERITED };
    assert.equal((await send('post', 'organizations', { name: 'meta-twenty-five', metadata: twentyFive })).status, 201);
  });

  it('__proto__ is refused 400 in the error shape, never taken as a prototype', async () => {
    const res = await t.api
      .post('/api/v2/organizations')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send('{"name":"meta-proto","metadata":{"__proto__":{"polluted":"yes"}}}');
    expectError(res, 400, 'invalid_body', 'Invalid JSON body.');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('clients client_metadata, through the API and the SDK v7', async () => {
    const created = await send('post', 'clients', { name: 'meta-client', client_metadata: INHERITED });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.client_metadata, INHERITED);
    assert.deepEqual((await sdk.clients.get(String(created.body.client_id))).client_metadata, INHERITED);
    // A PATCH merges client_metadata into what is stored, as in Auth0.
    const updated = await sdk.clients.update(String(created.body.client_id), { client_metadata: { valueOf: 'x', constructor: 'y' } });
    assert.deepEqual(updated.client_metadata, { ...INHERITED, valueOf: 'x', constructor: 'y' });
  });

  it('users user_metadata and app_metadata, nested objects included', async () => {
    const connection = await new UserFactories(t.prisma).connection();
    const nested = { ...INHERITED, deeper: { constructor: { toString: 'x' }, list: [{ valueOf: 1 }] } };
    const created = await send('post', 'users', {
      connection: connection.name,
      email: 'meta@example.com',
      password: 'Correct-Horse-Battery-9',
      user_metadata: nested,
      app_metadata: { toString: 'a' },
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual([created.body.user_metadata, created.body.app_metadata], [nested, { toString: 'a' }]);
    const read = await send('get', `users/${encodeURIComponent(created.body.user_id)}`);
    assert.deepEqual([read.body.user_metadata, read.body.app_metadata], [nested, { toString: 'a' }]);
    const updated = await send('patch', `users/${encodeURIComponent(created.body.user_id)}`, { app_metadata: { hasOwnProperty: 'b' } });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.app_metadata, { toString: 'a', hasOwnProperty: 'b' });
  });

  it('connections metadata and options, through the API and the SDK v7', async () => {
    // Fastify's parser refuses a constructor holding a prototype key (as __proto__): Nest's pipe is not what keeps that out.
    const options = { constructor: { name: 'x' }, toString: { valueOf: 'y' } };
    const created = await send('post', 'connections', { name: 'meta-conn', strategy: 'auth0', metadata: INHERITED, options });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual([created.body.metadata, created.body.options], [INHERITED, options]);
    const v7 = sdkV7(sdk.baseUrl, auth.slice('Bearer '.length));
    const read = await v7.connections.get(created.body.id);
    assert.deepEqual([read.metadata, read.options], [INHERITED, options]);
    const updated = await v7.connections.update(created.body.id, { metadata: { toString: 'z' } });
    assert.deepEqual(updated.metadata, { toString: 'z' });
  });

  it('outside metadata, constructor and prototype are undeclared properties: refused like any other, not dropped', async () => {
    expectError(
      await send('post', 'organizations', { name: 'proto-top', constructor: 'x' }),
      400,
      'invalid_body',
      "Payload validation error: 'Additional properties not allowed: constructor'.",
    );
    expectError(
      await send('post', 'organizations', { name: 'proto-nested', branding: { colors: { primary: '#000000', prototype: 1 } } }),
      400,
      'invalid_body',
      "Payload validation error: 'Additional properties not allowed: prototype' on property branding.",
    );
    assert.equal(await t.prisma.organization.count({ where: { name: { startsWith: 'proto-' } } }), 0);
  });
});

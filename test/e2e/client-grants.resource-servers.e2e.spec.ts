import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Management, ManagementError } from 'auth0';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { expectError } from '../support/responses.js';
import { AUDIENCE, startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:client_grants read:client_grants update:client_grants delete:client_grants';
const noApi = [404, 'inexistent_resource_server', 'The resource server does not exist'] as const;
const notItsScopes = [400, 'invalid_body', 'Payload validation error: scope must be a subset of resource server scopes'] as const;

async function rejects(
  call: Promise<unknown>,
  type: new (...args: never[]) => ManagementError,
  [status, errorCode, message]: readonly [number, string, string],
) {
  const error = await call.then(
    () => assert.fail(`expected ${type.name}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof type, `expected ${type.name}, got ${(error as Error).name}: ${(error as Error).message}`);
  assert.deepEqual(error.body, { statusCode: status, error: STATUS_CODES[status], message, errorCode });
}

describe('client grants name a real resource server and only its scopes', () => {
  let t: TestApp;
  let sdk: Sdk;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(ALL);
    sdk = Sdk.for(await Sdk.listen(t), auth.slice('Bearer '.length));
  });
  after(() => t.close());

  const clientId = () => `client_${Math.random().toString(36).slice(2, 10)}`;

  it('creates a grant for an API with scopes it defines', async () => {
    const api = await t.factories.resourceServer({ scopes: ['read:orders', 'write:orders'] });
    const grant = await sdk.clientGrants.create({ client_id: clientId(), audience: api.identifier, scope: ['read:orders'] });
    assert.deepEqual([grant.audience, grant.scope], [api.identifier, ['read:orders']]);
  });

  it('creates a grant for the Management API with catalog scopes, and refuses others', async () => {
    const grant = await sdk.clientGrants.create({
      client_id: clientId(),
      audience: AUDIENCE,
      scope: ['read:clients', 'create:resource_servers'],
    });
    assert.deepEqual(grant.scope, ['read:clients', 'create:resource_servers']);
    await rejects(
      sdk.clientGrants.create({ client_id: clientId(), audience: AUDIENCE, scope: ['read:things'] }),
      Management.BadRequestError,
      notItsScopes,
    );
  });

  it('404 for an audience that names no API, before any grant is written', async () => {
    const audience = 'https://nothing-here.example.com/';
    await rejects(sdk.clientGrants.create({ client_id: clientId(), audience, scope: [] }), Management.NotFoundError, noApi);
    expectError(await t.api.post('/api/v2/client-grants').set('Authorization', auth).send({ client_id: clientId(), audience }), ...noApi);
    assert.equal(await t.prisma.clientGrant.count({ where: { audience } }), 0);
  });

  it('400 for a scope the API does not define, on create and on update', async () => {
    const api = await t.factories.resourceServer({ scopes: ['read:orders'] });
    await rejects(
      sdk.clientGrants.create({ client_id: clientId(), audience: api.identifier, scope: ['read:orders', 'delete:orders'] }),
      Management.BadRequestError,
      notItsScopes,
    );
    const grant = await t.factories.clientGrant({ audience: api.identifier, scope: ['read:orders'] });
    await rejects(sdk.clientGrants.update(grant.id, { scope: ['delete:orders'] }), Management.BadRequestError, notItsScopes);
    assert.deepEqual((await t.prisma.clientGrant.findUniqueOrThrow({ where: { id: grant.id } })).scope, ['read:orders']);
    const updated = await sdk.clientGrants.update(grant.id, { scope: [] });
    assert.deepEqual(updated.scope, []);
  });

  it("a user grant takes scopes its API does not define, as Auth0's recorded PATCH did; a client grant beside it still does not", async () => {
    const api = await t.factories.resourceServer({ scopes: ['create:resource'] });
    const client = clientId();
    const created = await sdk.clientGrants.create({
      client_id: client,
      audience: api.identifier,
      scope: ['create:resource', 'read:extra'],
      subject_type: 'user',
    });
    assert.deepEqual(created.scope, ['create:resource', 'read:extra']);
    const updated = await sdk.clientGrants.update(must(created.id), { scope: ['create:resource', 'update:resource'] });
    assert.deepEqual(updated.scope, ['create:resource', 'update:resource']);
    await rejects(
      sdk.clientGrants.create({ client_id: client, audience: api.identifier, scope: ['update:resource'], subject_type: 'client' }),
      Management.BadRequestError,
      notItsScopes,
    );
  });

  it('a scope added to the API can then be granted', async () => {
    const api = await t.factories.resourceServer({ scopes: ['read:orders'] });
    const grant = await t.factories.clientGrant({ audience: api.identifier, scope: ['read:orders'] });
    const patchApi = await t.api
      .patch(`/api/v2/resource-servers/${api.id}`)
      .set('Authorization', await t.bearer('update:resource_servers'))
      .send({ scopes: [{ value: 'read:orders' }, { value: 'ship:orders' }] });
    assert.equal(patchApi.status, 200, patchApi.text);
    assert.deepEqual((await sdk.clientGrants.update(grant.id, { scope: ['ship:orders'] })).scope, ['ship:orders']);
  });

  it('updating a grant without scopes does not look at its API', async () => {
    const grant = await t.factories.clientGrant();
    const updated = await sdk.clientGrants.update(grant.id, { allow_any_organization: true });
    assert.equal(updated.allow_any_organization, true);
  });
});

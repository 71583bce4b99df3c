import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { ClientGrantsClient } from 'auth0/clientGrants';
import { ClientsClient } from 'auth0/clients';
import { ResourceServersClient } from 'auth0/resourceServers';
import { requestToken } from '../support/issuer.js';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:clients read:clients create:client_grants read:client_grants update:client_grants';
const RS_SCOPES = 'create:resource_servers read:resource_servers update:resource_servers';
const PEM = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----';

/** Fields Auth0's own recorded traffic sends on client grants and resource servers, through the official SDK. */
describe('the official auth0 SDK (v7): client grant subject types and resource server token settings', () => {
  let t: TestApp;
  let grants: ClientGrantsClient;
  let clients: ClientsClient;
  let servers: ResourceServersClient;
  let audience: string;
  before(async () => {
    t = await startTestApp();
    const baseUrl = await Sdk.listen(t);
    const token = (await t.bearer(`${SCOPES} ${RS_SCOPES}`)).slice('Bearer '.length);
    grants = new ClientGrantsClient({ baseUrl, token, maxRetries: 0 });
    clients = new ClientsClient({ baseUrl, token, maxRetries: 0 });
    servers = new ResourceServersClient({ baseUrl, token, maxRetries: 0 });
    audience = (await t.factories.resourceServer({ scopes: ['read:things'] })).identifier;
  });
  after(() => t.close());

  it("a user grant keeps its subject_type and authorization_details_types, and never grants a client's token", async () => {
    const client = await clients.create({ name: 'user-grant app', app_type: 'non_interactive' });
    const clientId = must(client.client_id);
    const created = await grants.create({
      client_id: clientId,
      audience,
      scope: ['read:things'],
      subject_type: 'user',
      authorization_details_types: ['payment', 'shipping'],
    });
    const id = must(created.id);
    assert.deepEqual(created, {
      id,
      client_id: clientId,
      audience,
      scope: ['read:things'],
      subject_type: 'user',
      authorization_details_types: ['payment', 'shipping'],
    });
    assert.deepEqual(await grants.get(id), created);
    const updated = await grants.update(id, { authorization_details_types: [] });
    assert.deepEqual(updated.authorization_details_types, []);
    // Only a client grant lets the client credentials exchange through.
    const res = await requestToken(t, { client_id: clientId, client_secret: must(client.client_secret) }, { audience });
    assert.equal(res.status, 403, res.text);
  });

  it('a client grant answers subject_type client, and default_for once given; unknown values are refused', async () => {
    const client = await clients.create({ name: 'default-for app', app_type: 'non_interactive' });
    const grant = await grants.create({ client_id: must(client.client_id), audience, default_for: 'third_party_clients' });
    assert.deepEqual(
      [grant.subject_type, grant.default_for, 'authorization_details_types' in grant],
      ['client', 'third_party_clients', false],
    );
    await assert.rejects(
      grants.create({ client_id: must(client.client_id), audience: `${audience}x`, subject_type: 'robot' as never }),
      (e: unknown) => e instanceof Management.BadRequestError,
    );
  });

  it("stores a resource server's authorization_details and token_encryption, and changes them", async () => {
    const created = await servers.create({
      identifier: 'https://payments.example.com/',
      name: 'payments',
      authorization_details: [{ type: 'payment' }, { type: 'my custom type' }],
      token_encryption: { format: 'compact-nested-jwe', encryption_key: { name: 'jwe key', alg: 'RSA-OAEP-256', kid: 'k1', pem: PEM } },
    });
    const id = must(created.id);
    assert.deepEqual(created.authorization_details, [{ type: 'payment' }, { type: 'my custom type' }]);
    assert.deepEqual(created.token_encryption, {
      format: 'compact-nested-jwe',
      encryption_key: { name: 'jwe key', alg: 'RSA-OAEP-256', kid: 'k1', pem: PEM },
    });
    assert.deepEqual((await servers.get(id)).authorization_details, created.authorization_details);
    const updated = await servers.update(id, {
      authorization_details: [{ type: 'shipping' }],
      token_encryption: { format: 'compact-nested-jwe', encryption_key: { alg: 'RSA-OAEP-512', pem: PEM } },
    });
    assert.deepEqual(updated.authorization_details, [{ type: 'shipping' }]);
    assert.deepEqual(updated.token_encryption, { format: 'compact-nested-jwe', encryption_key: { alg: 'RSA-OAEP-512', pem: PEM } });
    await assert.rejects(
      servers.update(id, { token_encryption: { format: 'compact-nested-jwe', encryption_key: { alg: 'RSA1_5' as never, pem: PEM } } }),
      (e: unknown) => e instanceof Management.BadRequestError,
    );
  });
});

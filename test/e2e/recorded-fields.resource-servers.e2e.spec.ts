import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { ResourceServersClient } from 'auth0/resourceServers';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:resource_servers read:resource_servers update:resource_servers';
const PEM = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----';

/** Resource server fields as Auth0 treats them: fields/include_fields on reads, null removing nested settings. */
describe('the official auth0 SDK (v7): resource server fields and null settings', () => {
  let t: TestApp;
  let servers: ResourceServersClient;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    const baseUrl = await Sdk.listen(t);
    auth = await t.bearer(SCOPES);
    servers = new ResourceServersClient({ baseUrl, token: auth.slice('Bearer '.length), maxRetries: 0 });
  });
  after(() => t.close());

  it('null removes token_encryption, authorization_details, proof_of_possession and authorization_policy; the others stay', async () => {
    const created = await servers.create({
      identifier: 'https://nulls.example.com/',
      token_encryption: { format: 'compact-nested-jwe', encryption_key: { alg: 'RSA-OAEP-256', pem: PEM } },
      authorization_details: [{ type: 'payment' }],
      proof_of_possession: { mechanism: 'dpop', required: true },
      authorization_policy: { policy_id: 'pol_1' },
      consent_policy: 'transactional-authorization-with-mfa',
    });
    const id = must(created.id);
    const updated = await servers.update(id, {
      token_encryption: null,
      authorization_details: null,
      proof_of_possession: null,
      authorization_policy: null,
    });
    for (const name of ['token_encryption', 'authorization_details', 'proof_of_possession', 'authorization_policy'])
      assert.equal(name in updated, false, name);
    assert.equal(updated.consent_policy, 'transactional-authorization-with-mfa');
    assert.deepEqual(await servers.get(id), updated);
    // null on create: none.
    const none = await servers.create({ identifier: 'https://none.example.com/', token_encryption: null, proof_of_possession: null });
    assert.equal('token_encryption' in none || 'proof_of_possession' in none, false);
    await assert.rejects(
      servers.update(id, { proof_of_possession: { mechanism: 'dpop' } as never }),
      (e: unknown) => e instanceof Management.BadRequestError,
    );
  });

  it('applies fields and include_fields on the list and on one, as Auth0 answered go-auth0', async () => {
    const identifier = 'https://fields.example.com/';
    const id = must((await servers.create({ identifier, name: 'fields' })).id);
    const res = await t.api
      .get('/api/v2/resource-servers')
      .query({ fields: 'id,identifier', identifiers: identifier, include_fields: true, include_totals: true, per_page: 50 })
      .set('Authorization', auth);
    assert.deepEqual(res.body, { total: 1, start: 0, limit: 50, resource_servers: [{ id, identifier }] });
    const one = await t.api.get(`/api/v2/resource-servers/${id}`).query({ fields: 'name,scopes' }).set('Authorization', auth);
    assert.deepEqual(one.body, { name: 'fields', scopes: [] });
    const without = await servers.get(id, { include_fields: false });
    assert.equal(without.identifier, identifier);
    const excluded = await t.api
      .get(`/api/v2/resource-servers/${id}`)
      .query({ fields: 'signing_alg,scopes', include_fields: false })
      .set('Authorization', auth);
    assert.equal('signing_alg' in excluded.body || 'scopes' in excluded.body, false);
    assert.equal(excluded.body.id, id);
    const listed = await servers.list({ include_fields: true });
    assert.ok(listed.data.some((server) => server.id === id));
  });
});

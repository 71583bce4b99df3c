import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { must } from '../support/must.js';
import { rsaKeyPair } from '../support/key-pairs.js';
import { Errors, expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES =
  'create:clients read:clients update:clients delete:clients create:client_credentials read:client_credentials update:client_credentials delete:client_credentials';
const spki = (bits = 2048) => rsaKeyPair(bits).publicKey.export({ type: 'spki', format: 'pem' }).toString();
const credentialsNotFound = (res: Parameters<typeof expectError>[0]) =>
  expectError(res, 404, 'inexistent_credential', 'The credential does not exist.');

describe("client credentials (/clients/{id}/credentials) and clients' client_authentication_methods", () => {
  let t: TestApp;
  let sdk: Sdk;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    sdk = Sdk.for(await Sdk.listen(t), await t.tokens.sign({ scope: SCOPES }));
    auth = await t.bearer(SCOPES);
  });
  after(() => t.close());

  const newClient = async () => must((await sdk.clients.create({ name: 'keys client', app_type: 'non_interactive' })).client_id);

  it('creates, lists, gets, updates and deletes a credential through the official SDK; the pem is never returned', async () => {
    const clientId = await newClient();
    const { publicKey } = rsaKeyPair();
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const created = await sdk.clients.credentials.create(clientId, { credential_type: 'public_key', name: 'ci key', pem });
    assert.match(must(created.id), /^cred_[A-Za-z0-9]{22}$/);
    // Auth0's kid is the key's JWK thumbprint (RFC 7638), as its recorded answers show.
    assert.equal(created.kid, await calculateJwkThumbprint(await exportJWK(publicKey), 'sha256'));
    assert.deepEqual(Object.keys(created).sort(), ['alg', 'created_at', 'credential_type', 'id', 'kid', 'name', 'updated_at']);
    assert.equal(created.alg, 'RS256');
    assert.equal(created.credential_type, 'public_key');

    const listed = await sdk.clients.credentials.list(clientId);
    assert.deepEqual(listed, [{ ...created, expires_at: null }]);
    assert.deepEqual(await sdk.clients.credentials.get(clientId, must(created.id)), { ...created, expires_at: null });

    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const updated = await sdk.clients.credentials.update(clientId, must(created.id), { expires_at: expiresAt });
    assert.equal(updated.expires_at, expiresAt);
    assert.notEqual(updated.updated_at, created.updated_at);
    const cleared = await sdk.clients.credentials.update(clientId, must(created.id), { expires_at: null });
    assert.equal(cleared.expires_at, null);

    await sdk.clients.credentials.delete(clientId, must(created.id));
    await sdk.clients.credentials.delete(clientId, must(created.id));
    await assert.rejects(sdk.clients.credentials.get(clientId, must(created.id)), { statusCode: 404 });
    assert.deepEqual(await sdk.clients.credentials.list(clientId), []);
  });

  it('takes a kid, an algorithm and an expiry; refuses bad PEMs, small keys, private keys and a key as a certificate', async () => {
    const clientId = await newClient();
    const post = (body: object) => t.api.post(`/api/v2/clients/${clientId}/credentials`).set('Authorization', auth).send(body);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const given = await post({ credential_type: 'public_key', pem: spki(), kid: 'my-key-id-0001', alg: 'PS256', expires_at: expiresAt });
    assert.equal(given.status, 201);
    assert.deepEqual([given.body.kid, given.body.alg, given.body.expires_at], ['my-key-id-0001', 'PS256', expiresAt]);

    const invalidPem = (why: string) => `Payload validation error: 'Invalid pem: ${why}' on property pem.`;
    Errors.invalidBody(
      await post({ credential_type: 'public_key', pem: 'not a pem' }),
      invalidPem('expected a PEM public key (SPKI or PKCS#1) or X.509 certificate'),
    );
    Errors.invalidBody(
      await post({ credential_type: 'public_key', pem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' }),
      invalidPem('the PEM could not be parsed'),
    );
    Errors.invalidBody(
      await post({ credential_type: 'public_key', pem: spki(1024) }),
      invalidPem('the RSA key must be at least 2048 bits long'),
    );
    const privatePem = rsaKeyPair().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    Errors.invalidBody(
      await post({ credential_type: 'public_key', pem: privatePem }),
      invalidPem('expected a PEM public key (SPKI or PKCS#1) or X.509 certificate'),
    );
    Errors.invalidBody(
      await post({ credential_type: 'x509_cert', pem: spki() }),
      "Payload validation error: 'Invalid pem: expected a PEM X.509 certificate' on property pem.",
    );
    const badDate = await post({ credential_type: 'public_key', pem: spki(), expires_at: 'tomorrow' });
    assert.equal(badDate.status, 400);
    Errors.invalidBody(await post({ credential_type: 'public_key' }), "Payload validation error: 'Missing required property: pem'.");
    const badKid = await post({ credential_type: 'public_key', pem: spki(), kid: 'short' });
    assert.equal(badKid.status, 400);
    const badAlg = await post({ credential_type: 'public_key', pem: spki(), alg: 'HS256' });
    assert.equal(badAlg.status, 400);
    const unknownProperty = await post({ credential_type: 'public_key', pem: spki(), extra: 1 });
    assert.equal(unknownProperty.status, 400);
  });

  it('answers 404 for an unknown client or credential, 403 without the scope, 401 without a token', async () => {
    const clientId = await newClient();
    const path = `/api/v2/clients/${clientId}/credentials`;
    expectError(
      await t.api.post('/api/v2/clients/nope/credentials').set('Authorization', auth).send({ credential_type: 'public_key', pem: spki() }),
      404,
      'inexistent_client',
      'The client does not exist',
    );
    expectError(
      await t.api.get('/api/v2/clients/nope/credentials').set('Authorization', auth),
      404,
      'inexistent_client',
      'The client does not exist',
    );
    credentialsNotFound(await t.api.get(`${path}/cred_missing`).set('Authorization', auth));
    credentialsNotFound(await t.api.patch(`${path}/cred_missing`).set('Authorization', auth).send({ expires_at: null }));

    const other = await t.bearer('read:clients create:clients update:clients delete:clients');
    Errors.insufficientScope(await t.api.get(path).set('Authorization', other), 'read:client_credentials');
    Errors.insufficientScope(
      await t.api.post(path).set('Authorization', other).send({ credential_type: 'public_key', pem: spki() }),
      'create:client_credentials',
    );
    Errors.insufficientScope(await t.api.get(`${path}/cred_x`).set('Authorization', other), 'read:client_credentials');
    Errors.insufficientScope(await t.api.patch(`${path}/cred_x`).set('Authorization', other).send({}), 'update:client_credentials');
    Errors.insufficientScope(await t.api.delete(`${path}/cred_x`).set('Authorization', other), 'delete:client_credentials');
    Errors.missingAuth(await t.api.get(path));
  });

  it('creates a private_key_jwt client with its credentials, enables others by id, unsets, and deletes them with the client', async () => {
    const created = await t.api
      .post('/api/v2/clients')
      .set('Authorization', auth)
      .send({
        name: 'pkjwt',
        client_authentication_methods: { private_key_jwt: { credentials: [{ credential_type: 'public_key', name: 'k1', pem: spki() }] } },
      });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const clientId = created.body.client_id as string;
    // Auth0's create answers the credential whole and sets no token_endpoint_auth_method.
    const [inline] = created.body.client_authentication_methods.private_key_jwt.credentials as Record<string, string>[];
    assert.deepEqual(Object.keys(inline).sort(), ['alg', 'created_at', 'credential_type', 'id', 'kid', 'name', 'updated_at']);
    assert.equal(created.body.token_endpoint_auth_method, undefined);
    const read = await t.api.get(`/api/v2/clients/${clientId}`).set('Authorization', auth);
    assert.deepEqual(read.body.client_authentication_methods, { private_key_jwt: { credentials: [{ id: inline.id }] } });

    const second = await sdk.clients.credentials.create(clientId, { credential_type: 'public_key', pem: spki() });
    const patch = (body: object, token = auth) => t.api.patch(`/api/v2/clients/${clientId}`).set('Authorization', token).send(body);
    const both = { private_key_jwt: { credentials: [{ id: inline.id }, { id: must(second.id) }] } };
    const enabled = await patch({ client_authentication_methods: both });
    assert.equal(enabled.status, 200);
    assert.deepEqual(enabled.body.client_authentication_methods, both);

    // Another client's credential, a definition instead of an id, both methods at once, the scope.
    const foreign = await sdk.clients.credentials.create(await newClient(), { credential_type: 'public_key', pem: spki() });
    Errors.invalidBody(
      await patch({ client_authentication_methods: { private_key_jwt: { credentials: [{ id: foreign.id }] } } }),
      `Payload validation error: 'The client has no credential ${foreign.id}' on property client_authentication_methods.private_key_jwt.credentials.`,
    );
    Errors.invalidBody(
      await patch({
        client_authentication_methods: { private_key_jwt: { credentials: [{ credential_type: 'public_key', pem: spki() }] } },
      }),
      "Payload validation error: 'Each credential must be an existing credential, by its id only' on property client_authentication_methods.private_key_jwt.credentials.",
    );
    Errors.invalidBody(
      await patch({ token_endpoint_auth_method: 'client_secret_post', client_authentication_methods: both }),
      "Payload validation error: 'client_authentication_methods and token_endpoint_auth_method are mutually exclusive' on property client_authentication_methods.",
    );
    Errors.insufficientScope(
      await patch({ client_authentication_methods: both }, await t.bearer('update:clients')),
      'update:client_credentials',
    );
    expectError(
      await t.api.patch('/api/v2/clients/nope').set('Authorization', auth).send({ client_authentication_methods: both }),
      404,
      'inexistent_client',
      'The client does not exist',
    );

    // Deleting a credential drops it from the setting.
    await sdk.clients.credentials.delete(clientId, must(second.id));
    const afterDelete = await t.api.get(`/api/v2/clients/${clientId}`).set('Authorization', auth);
    assert.deepEqual(afterDelete.body.client_authentication_methods, { private_key_jwt: { credentials: [{ id: inline.id }] } });

    // Back to secrets: setting token_endpoint_auth_method unsets client_authentication_methods.
    const back = await patch({ token_endpoint_auth_method: 'client_secret_post' });
    assert.equal(back.body.client_authentication_methods, undefined);
    assert.equal(back.body.token_endpoint_auth_method, 'client_secret_post');
    // Unsetting needs no credentials scope: setting token_endpoint_auth_method unsets it as well.
    const unset = await patch({ client_authentication_methods: null }, await t.bearer('update:clients'));
    assert.equal(unset.status, 200);

    assert.equal(await t.prisma.clientCredential.count({ where: { client_id: clientId } }), 1);
    await sdk.clients.delete(clientId);
    assert.equal(await t.prisma.clientCredential.count({ where: { client_id: clientId } }), 0);
  });

  it('refuses a create with both methods, an id among definitions, or without create:client_credentials', async () => {
    const definition = { credential_type: 'public_key', pem: spki() };
    const post = (body: object, token = auth) =>
      t.api
        .post('/api/v2/clients')
        .set('Authorization', token)
        .send({ name: 'x', ...body });
    Errors.invalidBody(
      await post({
        token_endpoint_auth_method: 'client_secret_post',
        client_authentication_methods: { private_key_jwt: { credentials: [definition] } },
      }),
      "Payload validation error: 'client_authentication_methods and token_endpoint_auth_method are mutually exclusive' on property client_authentication_methods.",
    );
    Errors.invalidBody(
      await post({ client_authentication_methods: { private_key_jwt: { credentials: [{ id: 'cred_x' }] } } }),
      "Payload validation error: 'Each credential must be a new credential definition (credential_type, pem, ...), without an id' on property client_authentication_methods.private_key_jwt.credentials.",
    );
    Errors.insufficientScope(
      await post({ client_authentication_methods: { private_key_jwt: { credentials: [definition] } } }, await t.bearer('create:clients')),
      'create:client_credentials',
    );
    Errors.invalidBody(
      await post({ client_authentication_methods: { tls_client_auth: { credentials: [definition] } } }),
      "Payload validation error: 'Expected cert_subject_dn credentials, got public_key' on property client_authentication_methods.tls_client_auth.credentials.",
    );
    assert.equal((await post({ client_authentication_methods: { tls_client_auth: { credentials: [] } } })).status, 400);
  });
});

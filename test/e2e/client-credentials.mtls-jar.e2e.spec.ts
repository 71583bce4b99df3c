// needs: openssl
import assert from 'node:assert/strict';
import { createHash, X509Certificate } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { selfSignedCertificate } from '../support/certificates.js';
import { rsaKeyPair } from '../support/key-pairs.js';
import { must } from '../support/must.js';
import { Errors, expectOAuthError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { AUDIENCE, startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES =
  'create:clients read:clients update:clients delete:clients create:client_credentials read:client_credentials update:client_credentials delete:client_credentials';
const SUBJECT = '/C=JP/ST=Tokyo/O=Client/CN=client.example.org';
const spki = () => rsaKeyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
const keys = (value: object) => Object.keys(value).sort();

describe("mTLS credentials (x509_cert, cert_subject_dn) and methods, and clients' signed_request_object (JAR)", () => {
  let t: TestApp;
  let sdk: Sdk;
  let auth: string;
  let certificate: string;
  before(async () => {
    t = await startTestApp();
    sdk = Sdk.for(await Sdk.listen(t), await t.tokens.sign({ scope: SCOPES }));
    auth = await t.bearer(SCOPES);
    certificate = (await selfSignedCertificate(30, SUBJECT)).pem;
  });
  after(() => t.close());

  const newClient = async () => must((await sdk.clients.create({ name: 'mtls client', app_type: 'non_interactive' })).client_id);
  const post = (clientId: string, body: object) =>
    t.api.post(`/api/v2/clients/${clientId}/credentials`).set('Authorization', auth).send(body);

  it("keeps an x509_cert by its SHA-256 thumbprint and the certificate's expiry, and a cert_subject_dn by its DN", async () => {
    const clientId = await newClient();
    const x509 = new X509Certificate(certificate);
    const selfSigned = await sdk.clients.credentials.create(clientId, {
      credential_type: 'x509_cert',
      name: 'self-signed',
      pem: certificate,
    });
    // Auth0's recorded answer: the thumbprint is the base64url SHA-256 of the DER, expires_at the notAfter.
    assert.deepEqual(keys(selfSigned), ['created_at', 'credential_type', 'expires_at', 'id', 'name', 'thumbprint_sha256', 'updated_at']);
    assert.equal(selfSigned.thumbprint_sha256, createHash('sha256').update(x509.raw).digest('base64url'));
    assert.equal(selfSigned.expires_at, new Date(x509.validTo).toISOString());

    const fromPem = await sdk.clients.credentials.create(clientId, { credential_type: 'cert_subject_dn', pem: certificate });
    assert.deepEqual(keys(fromPem), ['created_at', 'credential_type', 'id', 'subject_dn', 'updated_at']);
    // Node's form, one RDN per line, is the form Auth0 answers with.
    assert.equal(fromPem.subject_dn, 'C=JP\nST=Tokyo\nO=Client\nCN=client.example.org');
    const byDn = await sdk.clients.credentials.create(clientId, { credential_type: 'cert_subject_dn', subject_dn: 'CN=other.example.org' });
    assert.equal(byDn.subject_dn, 'CN=other.example.org');

    const listed = await sdk.clients.credentials.list(clientId);
    assert.deepEqual(
      listed.map(({ id, credential_type }) => [id, credential_type]),
      [selfSigned, fromPem, byDn].map(({ id, credential_type }) => [id, credential_type]),
    );
    assert.equal((await sdk.clients.credentials.get(clientId, must(byDn.id))).expires_at, null);
    assert.equal((await t.prisma.clientCredential.findUniqueOrThrow({ where: { id: must(byDn.id) } })).pem, null);
  });

  it('refuses what a type does not take', async () => {
    const clientId = await newClient();
    const refusal = (property: string, why: string) => `Payload validation error: '${why}' on property ${property}.`;
    Errors.invalidBody(
      await post(clientId, { credential_type: 'x509_cert', pem: spki() }),
      refusal('pem', 'Invalid pem: expected a PEM X.509 certificate'),
    );
    Errors.invalidBody(
      await post(clientId, { credential_type: 'x509_cert' }),
      "Payload validation error: 'Missing required property: pem'.",
    );
    const broken = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
    Errors.invalidBody(
      await post(clientId, { credential_type: 'x509_cert', pem: broken }),
      refusal('pem', 'Invalid pem: the certificate could not be parsed'),
    );
    const eitherOr = refusal('pem', 'A cert_subject_dn credential takes either pem or subject_dn, exactly one of them');
    Errors.invalidBody(await post(clientId, { credential_type: 'cert_subject_dn', pem: certificate, subject_dn: 'CN=x' }), eitherOr);
    Errors.invalidBody(await post(clientId, { credential_type: 'cert_subject_dn' }), eitherOr);
    const empty = await post(clientId, { credential_type: 'cert_subject_dn', subject_dn: '' });
    assert.deepEqual([empty.status, empty.body.errorCode], [400, 'invalid_body']);
    Errors.invalidBody(
      await post(clientId, { credential_type: 'x509_cert', pem: certificate, alg: 'RS256' }),
      refusal('alg', 'alg and kid apply to public_key credentials only'),
    );
    Errors.invalidBody(
      await post(clientId, { credential_type: 'public_key', pem: spki(), subject_dn: 'CN=x' }),
      refusal('subject_dn', 'subject_dn applies to cert_subject_dn credentials only'),
    );
    assert.equal(await t.prisma.clientCredential.count({ where: { client_id: clientId } }), 0);
  });

  it('creates an mTLS client with its certificate inline; its secret then no longer authenticates it, until it is reverted', async () => {
    const created = await sdk.clients.create({
      name: 'mtls inline',
      app_type: 'non_interactive',
      client_authentication_methods: {
        self_signed_tls_client_auth: { credentials: [{ credential_type: 'x509_cert', name: 'edge cert', pem: certificate }] },
      },
    });
    const clientId = must(created.client_id);
    // The create answers the credential whole, reads name it by id; no token_endpoint_auth_method.
    const [inline] = must(created.client_authentication_methods?.self_signed_tls_client_auth).credentials;
    assert.deepEqual(keys(inline), ['created_at', 'credential_type', 'expires_at', 'id', 'name', 'thumbprint_sha256', 'updated_at']);
    assert.equal(created.token_endpoint_auth_method, undefined);
    const read = await sdk.clients.get(clientId);
    assert.deepEqual(read.client_authentication_methods, { self_signed_tls_client_auth: { credentials: [{ id: inline.id }] } });

    const token = () =>
      t.api
        .post('/oauth/token')
        .send({ grant_type: 'client_credentials', client_id: clientId, client_secret: created.client_secret, audience: AUDIENCE });
    expectOAuthError(await token(), 401, 'invalid_client', 'Client authentication failed.');

    // Auth0's "Revert a client to use a Client Secret".
    await sdk.clients.update(clientId, { token_endpoint_auth_method: 'client_secret_post', client_authentication_methods: null });
    const reverted = await token();
    // Authenticated now: refused further on, for want of a grant on the audience.
    assert.equal(reverted.status, 403, JSON.stringify(reverted.body));
    assert.equal(reverted.body.error, 'access_denied');
  });

  it('enables credentials by id for each method, each of its own type, and drops a deleted one', async () => {
    const clientId = await newClient();
    const dn = await sdk.clients.credentials.create(clientId, { credential_type: 'cert_subject_dn', subject_dn: 'CN=client.example.org' });
    const selfSigned = await sdk.clients.credentials.create(clientId, { credential_type: 'x509_cert', pem: certificate });
    const patch = (body: object) => t.api.patch(`/api/v2/clients/${clientId}`).set('Authorization', auth).send(body);

    const methods = {
      tls_client_auth: { credentials: [{ id: must(dn.id) }] },
      self_signed_tls_client_auth: { credentials: [{ id: must(selfSigned.id) }] },
    };
    // As Auth0's guide sends it: token_endpoint_auth_method null beside the methods.
    const updated = await sdk.clients.update(clientId, { token_endpoint_auth_method: null, client_authentication_methods: methods });
    assert.deepEqual(updated.client_authentication_methods, methods);
    assert.equal(updated.token_endpoint_auth_method, undefined);

    Errors.invalidBody(
      await patch({ client_authentication_methods: { tls_client_auth: { credentials: [{ id: selfSigned.id }] } } }),
      "Payload validation error: 'Expected cert_subject_dn credentials, got x509_cert' on property client_authentication_methods.tls_client_auth.credentials.",
    );
    Errors.invalidBody(
      await patch({ client_authentication_methods: { self_signed_tls_client_auth: { credentials: [{ id: 'cred_missing' }] } } }),
      "Payload validation error: 'The client has no credential cred_missing' on property client_authentication_methods.self_signed_tls_client_auth.credentials.",
    );

    await sdk.clients.credentials.delete(clientId, must(dn.id));
    const afterDelete = await sdk.clients.get(clientId);
    assert.deepEqual(afterDelete.client_authentication_methods, {
      tls_client_auth: { credentials: [] },
      self_signed_tls_client_auth: { credentials: [{ id: selfSigned.id }] },
    });
  });

  it('keeps signed_request_object: public keys inline on create, by id on update, `required` alone keeping them', async () => {
    const created = await sdk.clients.create({
      name: 'jar client',
      require_pushed_authorization_requests: true,
      signed_request_object: { required: true, credentials: [{ credential_type: 'public_key', name: 'jar key', pem: spki() }] },
    });
    const clientId = must(created.client_id);
    const answered = must(created.signed_request_object);
    assert.equal(answered.required, true);
    const [inline] = must(answered.credentials);
    assert.deepEqual(keys(inline), ['alg', 'created_at', 'credential_type', 'id', 'kid', 'name', 'updated_at']);
    // JAR's keys do not authenticate the client: its secret still does.
    assert.equal(created.token_endpoint_auth_method, 'client_secret_post');
    assert.deepEqual((await sdk.clients.get(clientId)).signed_request_object, { required: true, credentials: [{ id: inline.id }] });

    const relaxed = await sdk.clients.update(clientId, { signed_request_object: { required: false } });
    assert.deepEqual(relaxed.signed_request_object, { required: false, credentials: [{ id: inline.id }] });
    const second = await sdk.clients.credentials.create(clientId, { credential_type: 'public_key', pem: spki() });
    const both = await sdk.clients.update(clientId, {
      signed_request_object: { credentials: [{ id: must(second.id) }, { id: inline.id }] },
    });
    assert.deepEqual(both.signed_request_object, { required: false, credentials: [{ id: second.id }, { id: inline.id }] });

    const patch = (body: object, token = auth) => t.api.patch(`/api/v2/clients/${clientId}`).set('Authorization', token).send(body);
    const dn = await sdk.clients.credentials.create(clientId, { credential_type: 'cert_subject_dn', subject_dn: 'CN=x' });
    Errors.invalidBody(
      await patch({ signed_request_object: { credentials: [{ id: dn.id }] } }),
      "Payload validation error: 'Expected public_key credentials, got cert_subject_dn' on property signed_request_object.credentials.",
    );
    Errors.insufficientScope(
      await patch({ signed_request_object: { credentials: [{ id: inline.id }] } }, await t.bearer('update:clients')),
      'update:client_credentials',
    );
    Errors.insufficientScope(
      await t.api
        .post('/api/v2/clients')
        .set('Authorization', await t.bearer('create:clients'))
        .send({ name: 'x', signed_request_object: { credentials: [{ credential_type: 'public_key', pem: spki() }] } }),
      'create:client_credentials',
    );
    // `required` alone names no credential: no credentials scope needed.
    assert.equal((await patch({ signed_request_object: { required: true } }, await t.bearer('update:clients'))).status, 200);

    await sdk.clients.credentials.delete(clientId, inline.id);
    assert.deepEqual((await sdk.clients.get(clientId)).signed_request_object, { required: true, credentials: [{ id: second.id }] });
  });
});

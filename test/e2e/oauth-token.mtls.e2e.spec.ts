// needs: openssl, haproxy
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from '../support/issuer.js';
import { m2mClient, type M2mSetup } from '../support/m2m.js';
import { makePki, MtlsEdge, type Pki } from '../support/mtls-edge.js';
import { expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const CNAME_API_KEY = 'edge-key-0123456789-0123456789-0123456789';
const DISCOVERY = '/.well-known/openid-configuration';
const SCOPES = 'read:clients update:clients create:client_credentials update:client_credentials';
const refused = (why: string) => ({ status: 401, body: { error: 'invalid_client', error_description: why } });

describe('mTLS client authentication through the edge (tls_client_auth, self_signed_tls_client_auth)', () => {
  let t: TestApp;
  let pki: Pki;
  let edge: MtlsEdge;
  let auth: string;
  before(async () => {
    t = await startTestApp({ MTLS_CNAME_API_KEY: CNAME_API_KEY });
    await t.app.listen(0, '127.0.0.1');
    pki = await makePki();
    edge = await MtlsEdge.start(`127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`, pki, CNAME_API_KEY);
    auth = await t.bearer(SCOPES);
  });
  after(async () => {
    await edge.stop();
    await t.close();
  });

  /** An m2m client with a grant, switched to `method` with one credential of `credential` through the Management API. */
  async function mtlsClient(method: string, credential: Record<string, unknown>): Promise<M2mSetup> {
    const setup = await m2mClient(t);
    const created = await t.api.post(`/api/v2/clients/${setup.client.client_id}/credentials`).set('Authorization', auth).send(credential);
    assert.equal(created.status, 201, created.text);
    const patched = await t.api
      .patch(`/api/v2/clients/${setup.client.client_id}`)
      .set('Authorization', auth)
      .send({ token_endpoint_auth_method: null, client_authentication_methods: { [method]: { credentials: [{ id: created.body.id }] } } });
    assert.equal(patched.status, 200, patched.text);
    return setup;
  }
  const form = ({ client, audience }: M2mSetup) => ({ grant_type: 'client_credentials', client_id: client.client_id, audience });

  it('issues a token to a client presenting its self-signed certificate, and to one presenting a CA-signed certificate with its subject DN', async () => {
    const selfSigned = await mtlsClient('self_signed_tls_client_auth', { credential_type: 'x509_cert', pem: pki.selfSigned.pem });
    const issued = await edge.post('/oauth/token', form(selfSigned), pki.selfSigned);
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
    assert.equal(decodeJwt(issued.body.access_token as string).claims.azp, selfSigned.client.client_id);

    // The DN read from the certificate at registration is the one the edge's certificate carries.
    const caSigned = await mtlsClient('tls_client_auth', { credential_type: 'cert_subject_dn', pem: pki.caSigned.pem });
    const second = await edge.post('/oauth/token', form(caSigned), pki.caSigned);
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.equal(decodeJwt(second.body.access_token as string).claims.azp, caSigned.client.client_id);

    // /oauth/revoke authenticates clients the same way (RFC 7009: 200 whether or not the token was one).
    const revoked = await edge.post(
      '/oauth/revoke',
      { client_id: selfSigned.client.client_id, token: 'not-one-of-its-tokens' },
      pki.selfSigned,
    );
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));

    // Each certificate is taken only for its own method: the CA verified one, the other did not.
    assert.deepEqual(
      await edge.post('/oauth/token', form(selfSigned), pki.caSigned),
      refused('The client is not configured for tls_client_auth (a CA-signed certificate).'),
    );
    assert.deepEqual(
      await edge.post('/oauth/token', form(caSigned), pki.selfSigned),
      refused('The client is not configured for self_signed_tls_client_auth (a self-signed certificate).'),
    );
    // Without a certificate the edge forwards none, and there is nothing else to authenticate with.
    assert.deepEqual(await edge.post('/oauth/token', form(selfSigned)), {
      status: 400,
      body: { error: 'invalid_request', error_description: 'Missing required parameter: client_secret' },
    });
    // An mTLS client's secret no longer authenticates it (Auth0's "a Client Secret will no longer be accepted").
    expectOAuthError(
      await t.api.post('/oauth/token').send({ ...form(selfSigned), client_secret: selfSigned.client.client_secret }),
      401,
      'invalid_client',
      'Client authentication failed.',
    );
  });

  it("refuses a certificate that is not the client's, or whose credential expired", async () => {
    const other = await mtlsClient('tls_client_auth', {
      credential_type: 'cert_subject_dn',
      subject_dn: 'C=JP\nO=Client\nCN=someone-else',
    });
    assert.deepEqual(
      await edge.post('/oauth/token', form(other), pki.caSigned),
      refused("Invalid client certificate: its subject DN is not one of the client's enabled credentials."),
    );
    const expiring = await mtlsClient('self_signed_tls_client_auth', { credential_type: 'x509_cert', pem: pki.selfSigned.pem });
    const [credential] = (
      await t.api
        .get(`/api/v2/clients/${expiring.client.client_id}/credentials`)
        .set('Authorization', await t.bearer('read:client_credentials'))
    ).body as { id: string }[];
    const past = new Date(Date.now() - 1000).toISOString();
    await t.api
      .patch(`/api/v2/clients/${expiring.client.client_id}/credentials/${credential.id}`)
      .set('Authorization', auth)
      .send({ expires_at: past });
    assert.deepEqual(
      await edge.post('/oauth/token', form(expiring), pki.selfSigned),
      refused("Invalid client certificate: it is not one of the client's enabled, unexpired certificates."),
    );
  });

  it('takes the certificate headers only with the edge’s cname-api-key, and lists the methods in discovery', async () => {
    const client = await mtlsClient('self_signed_tls_client_auth', { credential_type: 'x509_cert', pem: pki.selfSigned.pem });
    const headers = {
      'client-certificate': encodeURIComponent(pki.selfSigned.pem),
      'client-certificate-ca-verified': 'FAILED: self signed',
    };
    const direct = (extra: Record<string, string>) =>
      t.api
        .post('/oauth/token')
        .set({ ...headers, ...extra })
        .send(form(client));
    assert.equal((await direct({ 'cname-api-key': CNAME_API_KEY })).status, 200);
    for (const key of [{}, { 'cname-api-key': 'a-guess' }] as Record<string, string>[])
      expectOAuthError(
        await direct(key),
        401,
        'invalid_client',
        'A client-certificate header is only taken from the edge: cname-api-key is missing or wrong.',
      );
    expectOAuthError(
      await t.api
        .post('/oauth/token')
        .set({ 'client-certificate': 'not%20a%20certificate', 'cname-api-key': CNAME_API_KEY })
        .send(form(client)),
      401,
      'invalid_client',
      'Invalid client-certificate header: a URL-encoded PEM certificate is expected.',
    );
    // Headers a client sends the edge itself are dropped, its key guessed right or not.
    assert.deepEqual(await edge.post('/oauth/token', form(client), undefined, { ...headers, 'cname-api-key': CNAME_API_KEY }), {
      status: 400,
      body: { error: 'invalid_request', error_description: 'Missing required parameter: client_secret' },
    });

    const methods = (await t.api.get(DISCOVERY)).body.token_endpoint_auth_methods_supported as string[];
    assert.deepEqual(methods.slice(-2), ['tls_client_auth', 'self_signed_tls_client_auth']);
  });

  it('without MTLS_CNAME_API_KEY, reads no certificate header and lists no mTLS method', async () => {
    // startTestApp leaves its env in process.env; the first app read its config at boot.
    delete process.env.MTLS_CNAME_API_KEY;
    const plain = await startTestApp();
    try {
      const headers = { 'client-certificate': encodeURIComponent(pki.selfSigned.pem), 'cname-api-key': CNAME_API_KEY };
      expectOAuthError(
        await plain.api.post('/oauth/token').set(headers).send({ grant_type: 'client_credentials', client_id: 'x', audience: 'y' }),
        400,
        'invalid_request',
        'Missing required parameter: client_secret',
      );
      const methods = (await plain.api.get(DISCOVERY)).body.token_endpoint_auth_methods_supported as string[];
      assert.ok(!methods.includes('tls_client_auth') && !methods.includes('self_signed_tls_client_auth'), methods.join());
    } finally {
      await plain.close();
    }
  });
});

// needs: openssl
import assert from 'node:assert/strict';
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { selfSignedCertificate } from '../support/certificates.js';
import { AUDIENCE, ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:clients update:clients create:client_credentials update:client_credentials read:client_credentials';

describe('X.509 certificates as client credentials (pem, parse_expiry_from_cert)', () => {
  let t: TestApp;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(SCOPES);
  });
  after(() => t.close());

  it("takes a certificate's key and, when asked, its expiry; its key then signs the client's assertions", async () => {
    const { pem, key } = await selfSignedCertificate(30);
    const created = await t.api
      .post('/api/v2/clients')
      .set('Authorization', auth)
      .send({ name: 'cert client', app_type: 'non_interactive' });
    const clientId = created.body.client_id as string;
    await t.factories.clientGrant({ client_id: clientId, audience: AUDIENCE, scope: ['read:clients'] });
    const path = `/api/v2/clients/${clientId}/credentials`;

    const parsed = await t.api
      .post(path)
      .set('Authorization', auth)
      .send({ credential_type: 'public_key', pem, parse_expiry_from_cert: true });
    assert.equal(parsed.status, 201, JSON.stringify(parsed.body));
    assert.equal(parsed.body.expires_at, new Date(new X509Certificate(pem).validTo).toISOString());
    const plain = await t.api.post(path).set('Authorization', auth).send({ credential_type: 'public_key', pem });
    assert.equal(plain.body.expires_at, undefined);

    const enabled = await t.api
      .patch(`/api/v2/clients/${clientId}`)
      .set('Authorization', auth)
      .send({ client_authentication_methods: { private_key_jwt: { credentials: [{ id: parsed.body.id }] } } });
    assert.equal(enabled.status, 200, JSON.stringify(enabled.body));
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ iss: clientId, sub: clientId, aud: ISSUER, iat: now, exp: now + 60, jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: parsed.body.kid as string })
      .sign(createPrivateKey(key));
    const issued = await t.api.post('/oauth/token').send({
      grant_type: 'client_credentials',
      audience: AUDIENCE,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    });
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
  });
});

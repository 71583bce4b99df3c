// needs: openssl
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import type { PrivateKeyClientAnswer } from '../support/auth0-private-key-client.js';
import { decodeJwt } from '../support/issuer.js';
import { rsaKeyPair } from '../support/key-pairs.js';
import { startTlsServer, type TlsServer } from '../support/tls-server.js';

const CHILD = join(resolve(dirname(fileURLToPath(import.meta.url))), '../support/auth0-private-key-client.js');
const ADMIN = { id: 'private-key-e2e-admin', secret: 'private-key-e2e-secret-0123456789-0123456789' };
const API = 'https://api.private-key.test/';

/**
 * @auth0/auth0-auth-js's AuthClient configured with clientAssertionSigningKey, unmodified, against
 * the real server over HTTPS by domain: it discovers the tenant, then signs an assertion (aud
 * https://{domain}/, RS256, a fresh jti) for every token request.
 */
describe('@auth0/auth0-auth-js with clientAssertionSigningKey (private_key_jwt) over TLS', () => {
  let server: TlsServer;
  let token: string;
  const api = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await server.fetch(method, `/api/v2${path}`, { body, token });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };

  before(async () => {
    server = await startTlsServer({ BOOTSTRAP_CLIENT_ID: ADMIN.id, BOOTSTRAP_CLIENT_SECRET: ADMIN.secret });
    token = await server.managementToken(ADMIN);
  });
  after(() => server.stop());

  it('gets client credentials tokens with a private key and is refused with another', async () => {
    const { privateKey, publicKey } = rsaKeyPair();
    await api('POST', '/resource-servers', { identifier: API, name: 'Private key API', scopes: [{ value: 'read:reports' }] });
    // As Auth0's dashboard does it: a new application whose credential is defined with it.
    const made = await api('POST', '/clients', {
      name: 'reporting job',
      app_type: 'non_interactive',
      client_authentication_methods: {
        private_key_jwt: {
          credentials: [{ credential_type: 'public_key', name: 'job key', pem: publicKey.export({ type: 'spki', format: 'pem' }) }],
        },
      },
    });
    const clientId = made.client_id as string;
    await api('POST', '/client-grants', { client_id: clientId, audience: API, scope: ['read:reports'] });

    const { stdout } = await promisify(execFile)(process.execPath, [CHILD], {
      env: {
        PATH: process.env.PATH,
        NODE_EXTRA_CA_CERTS: server.certFile,
        LIBRARY_DOMAIN: server.domain,
        LIBRARY_AUDIENCE: API,
        LIBRARY_CLIENT_ID: clientId,
        LIBRARY_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        LIBRARY_WRONG_KEY: rsaKeyPair().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
    const answer = JSON.parse(stdout) as PrivateKeyClientAnswer;
    assert.equal(answer.ok, true, stdout);
    assert.ok(answer.authMethods?.includes('private_key_jwt'));
    // Both calls succeed: a second request reusing the first assertion (its jti) would be refused.
    for (const accessToken of [answer.first, answer.second]) {
      const { claims } = decodeJwt(accessToken ?? '');
      assert.equal(claims.sub, `${clientId}@clients`);
      assert.equal(claims.aud, API);
      assert.equal(claims.scope, 'read:reports');
    }
    assert.deepEqual(answer.refused, {
      ok: false,
      name: 'TokenByClientCredentialsError',
      code: 'token_by_client_credentials_error',
      error: 'invalid_client',
      description: 'Invalid client_assertion: no enabled, unexpired credential of the client verifies its signature.',
    });
  });
});

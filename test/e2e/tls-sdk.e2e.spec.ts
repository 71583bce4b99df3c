// needs: openssl
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startTlsServer, type TlsServer } from '../support/tls-server.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { id: 'sdk-e2e-admin-client', secret: 'sdk-e2e-secret-0123456789-0123456789-0123' };

/** The real server (dist/src/main.js) over HTTPS with a certificate made now, driven by the official SDK. */
describe('HTTPS + the official auth0 SDK ManagementClient, unmodified', () => {
  let server: TlsServer;
  let databaseUrl: string;

  before(async () => {
    server = await startTlsServer({ BOOTSTRAP_CLIENT_ID: ADMIN.id, BOOTSTRAP_CLIENT_SECRET: ADMIN.secret });
    databaseUrl = server.databaseUrl;
  });

  after(() => server.stop());

  it('the SDK fetches its own token, performs the three core operations, then manages a client and rotates the key', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(`INSERT INTO organizations (id, name) VALUES ('org_sdkE2eOrg000001', 'sdk-org')`);
      await db.query(
        `INSERT INTO client_grants (id, client_id, audience, scope) VALUES ('cgr_sdkE2eGrant0001', 'some-client', 'https://api.example.com/', '{read:x}')`,
      );
      await db.query(
        `INSERT INTO organization_client_grants (organization_id, grant_id) VALUES ('org_sdkE2eOrg000001', 'cgr_sdkE2eGrant0001')`,
      );
      await db.query(`INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type) VALUES
        ('tep_sdkE2eKeep00001', 'keep me', 'urn:sdk:original', 'act_1', 'custom_authentication'),
        ('tep_sdkE2eDoomed001', 'delete me', 'urn:sdk:doomed', 'act_2', 'custom_authentication')`);

      const output = await runSdk({
        NODE_EXTRA_CA_CERTS: server.certFile,
        SDK_DOMAIN: server.domain,
        SDK_CLIENT_ID: ADMIN.id,
        SDK_CLIENT_SECRET: ADMIN.secret,
        ORG_ID: 'org_sdkE2eOrg000001',
        GRANT_ID: 'cgr_sdkE2eGrant0001',
        PROFILE_ID: 'tep_sdkE2eKeep00001',
        DOOMED_PROFILE_ID: 'tep_sdkE2eDoomed001',
      });
      assert.deepEqual(output, {
        ok: true,
        missing: {
          statusCode: 404,
          body: {
            statusCode: 404,
            error: 'Not Found',
            message: 'Token exchange profile not found.',
            errorCode: 'inexistent_token_exchange_profile',
          },
        },
        // The bootstrap admin holds read:client_keys, so a read returns the secret, as Auth0's does.
        clients: { createdHasSecret: true, secretChanged: true, fetchedName: 'made by the sdk', fetchedHasSecret: true },
        rotatedKid: true,
      });
      assert.equal((await db.query(`SELECT 1 FROM clients WHERE name = 'made by the sdk'`)).rowCount, 0);
      assert.equal((await db.query(`SELECT 1 FROM signing_keys`)).rowCount, 2);

      assert.equal((await db.query(`SELECT 1 FROM organization_client_grants WHERE organization_id = 'org_sdkE2eOrg000001'`)).rowCount, 0);
      assert.equal((await db.query(`SELECT 1 FROM client_grants WHERE id = 'cgr_sdkE2eGrant0001'`)).rowCount, 1);
      const { rows } = await db.query(`SELECT name, subject_token_type FROM token_exchange_profiles ORDER BY id`);
      assert.deepEqual(rows, [{ name: 'renamed by the sdk', subject_token_type: 'urn:sdk:updated' }]);
    } finally {
      await db.end();
    }
  });
});

async function runSdk(env: Record<string, string>): Promise<unknown> {
  const child = spawn(process.execPath, [join(DIST, 'test/support/sdk-client.js')], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  await new Promise((r) => child.once('exit', r));
  try {
    return JSON.parse(out.trim().split('\n').pop() ?? '');
  } catch {
    throw new Error(`SDK child printed no result. stdout: ${out} stderr: ${err}`);
  }
}

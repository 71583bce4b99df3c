// needs: openssl
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';
import { freePort } from '../../src/common/free-port.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { id: 'sdk-e2e-admin-client', secret: 'sdk-e2e-secret-0123456789-0123456789-0123' };

/** The real server (dist/src/main.js) over HTTPS with a certificate made now, driven by the official SDK. */
describe('HTTPS + the official auth0 SDK ManagementClient, unmodified', () => {
  let dir: string;
  let databaseUrl: string;
  // Unset if before() failed before spawning it.
  let server: ChildProcess | undefined;
  let port: number;
  let serverLog = '';

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tma-tls-'));
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    databaseUrl = await createTestDatabase();
    port = await freePort();
    const child = spawn(process.execPath, [join(DIST, 'src/main.js')], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        TENANT_DOMAIN: `localhost:${port}`,
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(dir, 'data'),
        TLS_CERT_FILE: join(dir, 'cert.pem'),
        TLS_KEY_FILE: join(dir, 'key.pem'),
        BOOTSTRAP_CLIENT_ID: ADMIN.id,
        BOOTSTRAP_CLIENT_SECRET: ADMIN.secret,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    child.stdout.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
    await waitUntilReady(port, await readFile(join(dir, 'cert.pem')), () => serverLog);
  });

  after(async () => {
    const child = server;
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await dropTestDatabase(databaseUrl);
    await rm(dir, { recursive: true, force: true });
  });

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
        NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem'),
        SDK_DOMAIN: `localhost:${port}`,
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
        clients: { createdHasSecret: true, secretChanged: true, fetchedName: 'made by the sdk', fetchedHasSecret: false },
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

/** Polls /readyz over HTTPS, trusting only the test certificate, until the server answers 200. */
async function waitUntilReady(port: number, ca: Buffer, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = await new Promise<number>((done) => {
      const req = request({ host: 'localhost', port, path: '/readyz', ca }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', () => done(0));
      req.end();
    });
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready over HTTPS:\n${log()}`);
}

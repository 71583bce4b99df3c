import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { query } from '../support/scratch-database.js';
import { freePort, ServerProcess } from '../support/server-process.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';
import { TokenSigner } from '../support/token-signer.js';

const DOMAIN = 'tenant.test';
const PROFILE = {
  id: 'tep_shutdown00000001',
  name: 'before-shutdown',
  subject_token_type: 'urn:example:shutdown-test',
  action_id: 'act_1',
  type: 'custom_authentication',
};

/** True once a NEW TCP connection to the port is refused (the listener is closed). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; !(await condition()); i++) {
    assert.ok(i < 400, `gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('SIGTERM with a request in flight (the built server, DATABASE_URL set)', () => {
  const tokens = new TokenSigner(`https://${DOMAIN}/`, `https://${DOMAIN}/api/v2/`);
  let databaseUrl: string;

  before(async () => {
    await tokens.start();
    databaseUrl = await createTestDatabase();
    await query(databaseUrl, 'INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type) VALUES ($1, $2, $3, $4, $5)', Object.values(PROFILE));
  });
  after(async () => {
    await tokens.stop();
    await dropTestDatabase(databaseUrl);
  });

  it('finishes the request (200), refuses new connections meanwhile, closes the pool, exits 0', async () => {
    const port = await freePort();
    const server = new ServerProcess({ DATABASE_URL: databaseUrl, PORT: String(port), TENANT_DOMAIN: DOMAIN, JWKS_URI: tokens.jwksUri, LOG_LEVEL: 'info' });
    await server.waitFor(/"msg":"listening on /);

    // A real slow request: the PATCH waits for a row lock held by another session.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM token_exchange_profiles WHERE id = $1 FOR UPDATE', [PROFILE.id]);
      let settled = false;
      const patch = fetch(`http://127.0.0.1:${port}/api/v2/token-exchange-profiles/${PROFILE.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${await tokens.sign({ scope: 'update:token_exchange_profiles' })}`, 'content-type': 'application/json', 'x-request-id': 'in-flight-patch' },
        body: JSON.stringify({ name: 'renamed-while-stopping' }),
      }).finally(() => (settled = true));
      const dbName = new URL(databaseUrl).pathname.slice(1);
      await until(async () => (await query(
        databaseUrl,
        `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2`,
        [dbName, (locker as unknown as { processID: number }).processID],
      )).length > 0, 'the PATCH to block on the row lock');

      server.kill('SIGTERM');
      await server.waitFor(/"msg":"SIGTERM received, shutting down"/);
      await until(() => refused(port), 'new connections to be refused');
      assert.equal(settled, false, 'the PATCH is still in flight while new connections are refused');
      await locker.query('COMMIT');

      const res = await patch;
      assert.equal(res.status, 200);
      const body = (await res.json()) as Record<string, string>;
      assert.equal(body.id, PROFILE.id);
      assert.equal(body.name, 'renamed-while-stopping');
    } finally {
      await locker.end();
    }
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output);
    const events = server.lines.map((line) => JSON.parse(line) as { msg: string; reqId?: string; status?: number });
    const at = (predicate: (e: { msg: string; reqId?: string; status?: number }) => boolean) => events.findIndex(predicate);
    const sigterm = at((e) => e.msg === 'SIGTERM received, shutting down');
    const request = at((e) => e.msg === 'request' && e.reqId === 'in-flight-patch' && e.status === 200);
    const poolClosed = at((e) => e.msg === 'database pool closed');
    assert.ok(sigterm >= 0 && request > sigterm && poolClosed > request, `order: SIGTERM ${sigterm}, request ${request}, pool closed ${poolClosed}`);
    assert.deepEqual(await query(databaseUrl, 'SELECT name FROM token_exchange_profiles WHERE id = $1', [PROFILE.id]), [{ name: 'renamed-while-stopping' }]);
  });
});

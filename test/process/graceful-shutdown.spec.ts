import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { RawClient } from '../support/raw-http.js';
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
const OTHER_PROFILE = { ...PROFILE, id: 'tep_shutdown00000002', subject_token_type: 'urn:example:shutdown-test-2' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** True once a NEW TCP connection to the port is refused (the listener is closed). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
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
    for (const profile of [PROFILE, OTHER_PROFILE]) {
      await query(
        databaseUrl,
        'INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type) VALUES ($1, $2, $3, $4, $5)',
        Object.values(profile),
      );
    }
  });
  after(async () => {
    await tokens.stop();
    await dropTestDatabase(databaseUrl);
  });

  // The first tests are about what follows the drain window (SHUTDOWN_DRAIN_DELAY_MS), so it is 0 there.
  const start = async (drainDelayMs = 0): Promise<{ server: ServerProcess; port: number }> => {
    const port = await freePort();
    const server = new ServerProcess({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      TENANT_DOMAIN: DOMAIN,
      JWKS_URI: tokens.jwksUri,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_DELAY_MS: String(drainDelayMs),
    });
    await server.waitFor(/"msg":"listening on /);
    return { server, port };
  };

  it('finishes the request (200), refuses new connections meanwhile, closes the pool, exits 0', async () => {
    const { server, port } = await start();

    // A real slow request: the PATCH waits for a row lock held by another session.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM token_exchange_profiles WHERE id = $1 FOR UPDATE', [PROFILE.id]);
      let settled = false;
      const patch = fetch(`http://127.0.0.1:${port}/api/v2/token-exchange-profiles/${PROFILE.id}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${await tokens.sign({ scope: 'update:token_exchange_profiles' })}`,
          'content-type': 'application/json',
          'x-request-id': 'in-flight-patch',
        },
        body: JSON.stringify({ name: 'renamed-while-stopping' }),
      }).finally(() => (settled = true));
      const dbName = new URL(databaseUrl).pathname.slice(1);
      await until(
        async () =>
          (
            await query(databaseUrl, `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2`, [
              dbName,
              (locker as unknown as { processID: number }).processID,
            ])
          ).length > 0,
        'the PATCH to block on the row lock',
      );

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
    assert.ok(
      sigterm >= 0 && request > sigterm && poolClosed > request,
      `order: SIGTERM ${sigterm}, request ${request}, pool closed ${poolClosed}`,
    );
    assert.deepEqual(await query(databaseUrl, 'SELECT name FROM token_exchange_profiles WHERE id = $1', [PROFILE.id]), [
      { name: 'renamed-while-stopping' },
    ]);
  });

  /** A session holding the row lock on a profile, so a PATCH of it stays in flight until `release`. */
  const lockProfile = async (id: string): Promise<{ release(): Promise<void>; pid: number }> => {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM token_exchange_profiles WHERE id = $1 FOR UPDATE', [id]);
    return {
      pid: (locker as unknown as { processID: number }).processID,
      release: async () => {
        await locker.query('COMMIT');
        await locker.end();
      },
    };
  };

  const blockedOnLocks = async (count: number): Promise<boolean> =>
    (
      await query(databaseUrl, `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`, [
        new URL(databaseUrl).pathname.slice(1),
      ])
    ).length >= count;

  it('a stalled upload is closed at SIGTERM and does not delay the exit (0, promptly)', async () => {
    const { server, port } = await start();
    const upload = new RawClient(port);
    await upload.opened;
    upload.write(
      `PATCH /api/v2/token-exchange-profiles/${PROFILE.id} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
    );
    // The server has the headers once a request for the same server answers after them on another connection.
    assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
    const signalled = Date.now();
    server.kill('SIGTERM');
    await upload.closed;
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output);
    const elapsed = Date.now() - signalled;
    assert.ok(elapsed < 5000, `exited ${elapsed} ms after SIGTERM`);
    assert.equal(
      server.lines.some((l) => l.includes('"level":"error"')),
      false,
      server.output,
    );
  });

  it('a kept-alive client whose request is in flight at SIGTERM gets its 200 with Connection: close, then a clean close', async () => {
    // Left open, this connection's next request would get 503 from the draining server; the response
    // tells the client to go, so a well-behaved client never sees the 503 below.
    const { server, port } = await start();
    const auth = `Bearer ${await tokens.sign({ scope: 'update:token_exchange_profiles' })}`;
    const lock = await lockProfile(OTHER_PROFILE.id);
    try {
      const client = new RawClient(port);
      await client.opened;
      const body = JSON.stringify({ name: 'kept-alive' });
      client.write(
        `PATCH /api/v2/token-exchange-profiles/${OTHER_PROFILE.id} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      await until(() => blockedOnLocks(1), 'the PATCH to block on its row lock');
      server.kill('SIGTERM');
      await until(() => refused(port), 'new connections to be refused');
      await lock.release();
      const answered = await client.nextResponse();
      assert.equal(answered.status, 200, answered.body);
      assert.equal(answered.headers.connection, 'close');
      await client.closed;
    } finally {
      await lock.release().catch(() => undefined);
    }
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output);
  });

  it('a request that arrives after the drain window on a connection still open gets 503 in the error shape with Connection: close, not a reset', async () => {
    const { server, port } = await start();
    const auth = `Bearer ${await tokens.sign({ scope: 'update:token_exchange_profiles' })}`;
    const lock = await lockProfile(PROFILE.id);
    try {
      // Keeps the server busy until the end: the drain lasts as long as a received request.
      const longest = fetch(`http://127.0.0.1:${port}/api/v2/token-exchange-profiles/${PROFILE.id}`, {
        method: 'PATCH',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'longest' }),
      });
      // A client part way through its headers at SIGTERM: its connection is neither idle nor in a request yet.
      const client = new RawClient(port);
      await client.opened;
      client.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      await until(() => blockedOnLocks(1), 'the PATCH to block on its row lock');

      server.kill('SIGTERM');
      await server.waitFor(/"msg":"closing the listener"/);
      await until(() => refused(port), 'new connections to be refused');
      client.write('\r\n');
      const refusedRequest = await client.nextResponse();
      assert.equal(refusedRequest.status, 503);
      assert.equal(refusedRequest.headers.connection, 'close');
      assert.equal(refusedRequest.headers['content-type'], 'application/json; charset=utf-8');
      assert.match(refusedRequest.headers['x-request-id'], UUID);
      assert.deepEqual(JSON.parse(refusedRequest.body), {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The server is shutting down.',
        errorCode: 'shutting_down',
      });
      await client.closed;

      await lock.release();
      const last = await longest;
      assert.equal(last.status, 200);
      assert.equal(last.headers.get('connection'), 'close');
    } finally {
      await lock.release().catch(() => undefined);
    }
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output);
  });

  it('during the drain window: readiness 503 at once, every request still served with Connection: close, then the listener closes and it exits 0', async () => {
    // Long enough for the requests below to fit in it on a busy machine.
    const windowMs = 4000;
    const { server, port } = await start(windowMs);
    const auth = `Bearer ${await tokens.sign({ scope: 'read:token_exchange_profiles' })}`;
    const client = new RawClient(port);
    await client.opened;
    client.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const before = await client.nextResponse();
    assert.equal(before.status, 200);
    assert.notEqual(before.headers.connection, 'close');

    const signalled = Date.now();
    server.kill('SIGTERM');
    await server.waitFor(/"msg":"SIGTERM received, shutting down","drainDelayMs":4000/);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(ready.status, 503);
    assert.deepEqual(await ready.json(), {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The server is shutting down.',
      errorCode: 'shutting_down',
    });
    assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200, 'liveness stays 200: the process is fine');

    // The kept-alive connection is served normally, and told to close.
    client.write(`GET /api/v2/token-exchange-profiles/${PROFILE.id} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n\r\n`);
    const served = await client.nextResponse();
    assert.equal(served.status, 200, served.body);
    assert.equal((JSON.parse(served.body) as { id: string }).id, PROFILE.id);
    assert.equal(served.headers.connection, 'close');
    await client.closed;
    // A new connection in the window (a load balancer that has not noticed yet) is served as well.
    const late = await fetch(`http://127.0.0.1:${port}/api/v2/token-exchange-profiles/${PROFILE.id}`, { headers: { authorization: auth } });
    assert.equal(late.status, 200);
    assert.equal(late.headers.get('connection'), 'close');
    assert.ok(Date.now() - signalled < windowMs, 'still inside the window');

    await until(() => refused(port), 'new connections to be refused');
    const elapsed = Date.now() - signalled;
    assert.ok(elapsed >= windowMs - 50, `the listener closed ${elapsed} ms after SIGTERM, before the ${windowMs} ms window ended`);
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output);
    assert.equal(
      server.lines.some((l) => l.includes('"level":"error"')),
      false,
      server.output,
    );
  });

  it('SIGINT (Ctrl-C) does not wait for the drain window', async () => {
    const { server, port } = await start(30_000);
    const signalled = Date.now();
    server.kill('SIGINT');
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output);
    assert.ok(Date.now() - signalled < 5000, `exited ${Date.now() - signalled} ms after SIGINT`);
    assert.equal(await refused(port), true);
  });
});

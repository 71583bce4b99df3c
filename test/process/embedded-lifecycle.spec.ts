import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { must } from '../support/must.js';
import { query } from '../support/scratch-database.js';
import { freePort, isRunning, postgresProcessesFor, ServerProcess } from '../support/server-process.js';

// One data directory through four boots of the built server, in order: first boot, graceful
// stop, reuse, then a SIGKILL and recovery. Each step relies on the state the previous one left.
describe('the built server without DATABASE_URL (embedded PostgreSQL under DATA_DIR)', () => {
  let dataDir: string;
  let pgDir: string;
  const ORG = { id: 'org_lifecycle0000001', name: 'lifecycle-row' };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tma-data-'));
    pgDir = join(dataDir, 'pg');
  });
  after(async () => {
    for (const pid of await postgresProcessesFor(pgDir)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Boots the server and waits for it to listen; the embedded database's URL comes from its log line and DATA_DIR. */
  async function boot(group = false): Promise<{ server: ServerProcess; port: number; dbUrl: string }> {
    const port = await freePort();
    const server = new ServerProcess({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }, undefined, group);
    await server.waitFor(/"msg":"listening on http:\/\/localhost:\d+\/api\/v2"/);
    const pgPort = must(/embedded PostgreSQL listening on 127\.0\.0\.1:(\d+)/.exec(server.output), 'the embedded PostgreSQL port')[1];
    const password = (await readFile(join(dataDir, 'pg-password'), 'utf8')).trim();
    return { server, port, dbUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/tenant` };
  }

  async function stopGracefully(server: ServerProcess, signal: 'SIGTERM' | 'SIGINT' = 'SIGTERM'): Promise<void> {
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assert.match(server.output, new RegExp(`"msg":"${signal} received, shutting down"`));
    // Nest runs PrismaService's shutdown hook before DatabaseLifecycle's: pool first, then the server under it.
    const order = ['database pool closed', 'embedded PostgreSQL stopped'].map((msg) => server.output.indexOf(`"msg":"${msg}"`));
    assert.ok(order[0] >= 0 && order[1] > order[0], `pool closed, then postgres stopped: ${order.join(',')}`);
    // Closed means ended, even when no query Prisma builds ever ran: otherwise stopping postgres would cut the pool's idle connections.
    // Not asked of Ctrl-C: the terminal's SIGINT reaches postgres too, which may end them first.
    if (signal === 'SIGTERM') assert.doesNotMatch(server.output, /idle database connection lost/);
    assert.deepEqual(await postgresProcessesFor(pgDir), [], 'no postgres left running on DATA_DIR');
  }

  async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; !(await condition()); i++) {
      assert.ok(i < 200, `gave up waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const migrationRows = async (dbUrl: string) => (await query(dbUrl, 'SELECT id, checksum FROM "_prisma_migrations" ORDER BY id')).length;

  it('first boot: initialises the data directory, migrates, is ready; SIGTERM exits 0 with no postgres left', async () => {
    const { server, port, dbUrl } = await boot();
    assert.match(server.output, /initialising embedded PostgreSQL in /);
    assert.match(server.output, /"msg":"applied migrations: \d{14}_/);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ok' });
    assert.equal((await postgresProcessesFor(pgDir)).length, 1);
    assert.ok((await migrationRows(dbUrl)) >= 1);
    await query(dbUrl, 'INSERT INTO organizations (id, name) VALUES ($1, $2)', [ORG.id, ORG.name]);
    server.kill('SIGTERM');
    await stopGracefully(server);
  });

  it('second boot reuses the data (no initialisation, nothing to migrate, the row is kept) and a concurrent boot on it is refused', async () => {
    const { server, port, dbUrl } = await boot();
    assert.doesNotMatch(server.output, /initialising embedded PostgreSQL/);
    assert.doesNotMatch(server.output, /applied migrations/);
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
    assert.deepEqual(await query(dbUrl, 'SELECT id, name FROM organizations'), [ORG]);

    // A second server on the same DATA_DIR must not take the live one's database away.
    const intruder = new ServerProcess({ PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    assert.deepEqual(await intruder.exited, { code: 1, signal: null });
    assert.match(intruder.output, /"msg":"boot failed: DATA_DIR is in use: PostgreSQL pid \d+ \(started by pid \d+\) is running on /);
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);

    server.kill('SIGTERM');
    await stopGracefully(server);
  });

  it('after a SIGKILL of the server, the orphaned postgres is stopped and replaced at the next boot', async () => {
    const first = await boot();
    const orphan = Number((await readFile(join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    first.server.kill('SIGKILL');
    assert.deepEqual(await first.server.exited, { code: null, signal: 'SIGKILL' });
    assert.equal(await isRunning(orphan), true, 'SIGKILL leaves the postgres server running');

    const { server, port, dbUrl } = await boot();
    assert.equal(await isRunning(orphan), false, 'the orphan was stopped');
    const running = await postgresProcessesFor(pgDir);
    assert.equal(running.length, 1);
    assert.notEqual(running[0], orphan);
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
    assert.deepEqual(await query(dbUrl, 'SELECT id, name FROM organizations'), [ORG]);
    server.kill('SIGTERM');
    await stopGracefully(server);
  });

  it('Ctrl-C in a terminal (SIGINT to the whole process group, postgres included) still exits 0 with no postgres left', async () => {
    const { server, port } = await boot(true);
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
    server.killGroup('SIGINT');
    await stopGracefully(server, 'SIGINT');
  });

  it('a boot that fails (a changed migration) exits 1 and still leaves no postgres running', async () => {
    const { server, dbUrl } = await boot();
    await query(dbUrl, 'UPDATE "_prisma_migrations" SET checksum = $1', ['0'.repeat(64)]);
    server.kill('SIGTERM');
    await stopGracefully(server);

    const failing = new ServerProcess({ PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    assert.deepEqual(await failing.exited, { code: 1, signal: null });
    assert.match(failing.output, /"msg":"boot failed: Migration \d{14}_\w+ was modified after it was applied/);
    await until(async () => (await postgresProcessesFor(pgDir)).length === 0, 'the embedded postgres to stop');
  });
});

describe('an embedded PostgreSQL that cannot start', () => {
  it('fails the boot with one line saying why (initdb refuses a DATA_DIR/pg holding a stray file), no crash trace', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tma-data-'));
    try {
      await mkdir(join(dataDir, 'pg'));
      await writeFile(join(dataDir, 'pg', 'stray.txt'), 'not a database\n');
      const server = new ServerProcess({ PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      assert.deepEqual(await server.exited, { code: 1, signal: null });
      const events = server.lines.filter(Boolean).map((line) => JSON.parse(line) as { level: string; msg: string });
      const failure = events.filter((e) => e.msg.startsWith('boot failed'));
      assert.equal(failure.length, 1, server.output);
      assert.equal(
        failure[0].msg,
        `boot failed: embedded PostgreSQL initdb failed (exit 1): initdb: error: directory "${join(dataDir, 'pg')}" exists but is not empty`,
      );
      assert.doesNotMatch(server.output, /Unhandled 'error' event/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

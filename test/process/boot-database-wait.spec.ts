import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { must } from '../support/must.js';
import { OwnPostgres } from '../support/own-postgres.js';
import { freePort, ServerProcess } from '../support/server-process.js';

interface LogLine {
  level: string;
  msg: string;
}

const parse = (server: ServerProcess): LogLine[] => server.lines.filter(Boolean).map((l) => JSON.parse(l) as LogLine);
const attempts = (server: ServerProcess) => parse(server).filter((e) => e.msg.startsWith('database unreachable (attempt '));

describe('the built server booting while its database is unreachable', () => {
  let db: OwnPostgres | undefined;
  after(async () => db?.destroy());

  it('nothing listens: retries with backoff for DATABASE_BOOT_TIMEOUT_MS, one line per attempt, then exits 1 with one line saying why', async () => {
    const dbPort = await freePort();
    const started = Date.now();
    const server = new ServerProcess({
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${dbPort}/tenant`,
      PORT: String(await freePort()),
      LOG_LEVEL: 'info',
      DATABASE_BOOT_TIMEOUT_MS: '2500',
    });
    assert.deepEqual(await server.exited, { code: 1, signal: null });
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 2500 && elapsed < 15_000, `gave up after ${elapsed} ms`);

    const tries = attempts(server);
    assert.ok(tries.length >= 3, server.output);
    const refused = `connect ECONNREFUSED 127.0.0.1:${dbPort}`;
    tries.forEach((line, i) => {
      assert.equal(line.level, 'warn');
      const last = i === tries.length - 1;
      assert.match(
        line.msg,
        new RegExp(`^database unreachable \\(attempt ${i + 1}\\): ${refused}; ${last ? 'giving up$' : 'retrying in \\d+ ms$'}`),
      );
    });
    // Backoff: the waits grow.
    const waits = tries.slice(0, -1).map((l) => Number(must(/retrying in (\d+) ms/.exec(l.msg), 'a retry delay')[1]));
    assert.ok(waits[1] > waits[0], `growing waits: ${waits.join(',')}`);

    const failure = parse(server).filter((e) => e.msg.startsWith('boot failed'));
    assert.equal(failure.length, 1);
    assert.match(
      failure[0].msg,
      new RegExp(
        `^boot failed: database unreachable after ${tries.length} attempts in \\d+\\.\\d s \\(DATABASE_BOOT_TIMEOUT_MS=2500\\): ${refused}$`,
      ),
    );
    assert.doesNotMatch(server.output, /listening on/);
  });

  it('a database that comes up a few seconds after the server: the boot waits for it and the server becomes ready', async () => {
    // Initialise once to know the URL (password, port), then stop it before the server starts.
    db = await OwnPostgres.start(await freePort());
    const url = must(db.url, 'the database URL');
    await db.pause();

    const port = await freePort();
    const server = new ServerProcess({
      DATABASE_URL: url,
      DATA_DIR: db.dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_BOOT_TIMEOUT_MS: '60000',
    });
    try {
      await server.waitFor(/"msg":"database unreachable \(attempt 2\)/, 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      await db.resume();
      await server.waitFor(/"msg":"listening on /, 60_000);
      assert.match(server.output, /"msg":"applied migrations: /);
      assert.ok(attempts(server).length >= 2);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { status: 'ok' });
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
  });
});

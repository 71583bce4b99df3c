import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, postgresProcessesFor, PROJECT_ROOT, ServerProcess } from '../support/server-process.js';

/**
 * A newcomer as root: the checkout lives in a folder of mode 0700 (as /root is), so the
 * `postgres` user the embedded server must run as cannot reach its binaries or DATA_DIR by path.
 */
describe('the embedded PostgreSQL from a checkout inside a 0700 folder (run as root here)', () => {
  let home: string;
  let checkout: string;
  let elsewhere: string;
  const secretsInTmp: string[] = [];
  let watcher: FSWatcher;

  before(async () => {
    // Any password file the start writes into the temporary directory, however briefly.
    watcher = watch(tmpdir(), (_event, name) => {
      if (name?.startsWith('pg-password-')) secretsInTmp.push(name);
    });
    home = await mkdtemp(join(tmpdir(), 'tma-home-'));
    assert.equal((await stat(home)).mode & 0o777, 0o700);
    checkout = join(home, 'checkout');
    await mkdir(checkout);
    // A copy of the built checkout (hard links: fast, and the same files at paths inside the 0700 folder).
    for (const entry of ['package.json', 'dist', 'node_modules', 'prisma'])
      execFileSync('cp', ['-al', join(PROJECT_ROOT, entry), checkout]);
    await rm(join(checkout, '.data'), { recursive: true, force: true });
    elsewhere = await mkdtemp(join(tmpdir(), 'tma-elsewhere-'));
  });

  after(async () => {
    watcher.close();
    for (const dir of [join(checkout, '.data', 'pg'), join(elsewhere, 'pg')]) {
      for (const pid of await postgresProcessesFor(dir)) process.kill(pid, 'SIGKILL');
    }
    await rm(home, { recursive: true, force: true });
    await rm(elsewhere, { recursive: true, force: true });
  });

  it('npm start (node dist/src/main.js) with the default DATA_DIR: ready, data in ./.data, no permission widened, SIGTERM leaves no postgres', async () => {
    const port = await freePort();
    // From inside the checkout, as `npm start` runs it, so DATA_DIR's default (./.data) is there.
    const server = new ServerProcess({ PORT: String(port), LOG_LEVEL: 'info' }, [
      'sh',
      '-c',
      'cd "$0" && exec "$1" dist/src/main.js',
      checkout,
      process.execPath,
    ]);
    try {
      await server.waitFor(/"msg":"listening on /, 120_000);
      assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
      const pgDir = join(checkout, '.data', 'pg');
      const [postmaster] = await postgresProcessesFor(pgDir);
      assert.ok(postmaster, `a postgres running on ${pgDir}`);
      // The data is where DATA_DIR says (the server runs inside it), and the binary is the package's own copy outside the 0700 folder.
      assert.equal(await readlink(`/proc/${postmaster}/cwd`), pgDir);
      assert.ok(!(await readlink(`/proc/${postmaster}/exe`)).startsWith(home), 'postgres does not run from inside the 0700 folder');
      if (process.getuid?.() === 0) assert.notEqual((await stat(`/proc/${postmaster}`)).uid, 0, 'postgres does not run as root');
    } finally {
      server.kill('SIGTERM');
    }
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output);
    assert.deepEqual(await postgresProcessesFor(join(checkout, '.data', 'pg')), []);
    assert.equal((await stat(home)).mode & 0o777, 0o700, 'the 0700 folder is still 0700');
    assert.equal((await stat(checkout)).mode & 0o777, 0o755, 'the checkout keeps its mode');
    assert.doesNotMatch(server.output, /"stack"|Unhandled|\n\s+at /);
  });

  it('db:migrate with DATA_DIR elsewhere (the old workaround), binaries still inside the 0700 folder: migrates, no crash', async () => {
    const run = new ServerProcess({ DATA_DIR: elsewhere, LOG_LEVEL: 'info' }, [
      process.execPath,
      join(checkout, 'dist/src/database/migrate.cli.js'),
    ]);
    assert.deepEqual(await run.exited, { code: 0, signal: null }, run.output);
    assert.match(run.output, /"msg":"applied migrations: /);
    assert.match(run.output, /"msg":"embedded PostgreSQL stopped"/);
    assert.deepEqual(await postgresProcessesFor(join(elsewhere, 'pg')), []);
  });

  it('left no superuser password behind: no /tmp/pg-password-* (nor our scratch directory) was created or remains', async () => {
    assert.deepEqual(secretsInTmp, []);
    assert.deepEqual(
      (await readdir(tmpdir())).filter((name) => /^(pg-password-|tma-initdb-)/.test(name)),
      [],
    );
    // The password kept beside the data is the owner's alone.
    for (const dataDir of [join(checkout, '.data'), elsewhere])
      assert.equal((await stat(join(dataDir, 'pg-password'))).mode & 0o777, 0o600);
    assert.ok((await readFile(join(elsewhere, 'pg-password'), 'utf8')).trim().length >= 20);
  });
});

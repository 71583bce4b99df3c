import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { freePort, postgresProcessesFor, ServerProcess } from '../support/server-process.js';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// `npm start` runs its script through `sh -c`, and npm forwards SIGTERM only to that shell,
// which (dash, bash) dies without passing it on: the script must `exec` the server.
// --ignore-scripts skips only the `prestart` build, which the test run has already done.
describe('npm start, stopped by a SIGTERM to npm itself (what a process manager does)', () => {
  it('the server gets the signal, shuts down, and leaves no postgres running', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tma-npm-'));
    const port = await freePort();
    let npm: ServerProcess | undefined;
    try {
      npm = new ServerProcess(
        { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
        ['npm', 'start', '--ignore-scripts', '--silent'],
        true,
      );
      await npm.waitFor(/"msg":"listening on /);
      assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
      npm.kill('SIGTERM');
      await npm.exited;
      await npm.waitFor(/"msg":"embedded PostgreSQL stopped"/, 25_000);
      assert.match(npm.output, /"msg":"SIGTERM received, shutting down"/);
      assert.equal(await listening(port), false, 'the server is gone');
      assert.deepEqual(await postgresProcessesFor(join(dataDir, 'pg')), []);
    } finally {
      // A failed assertion must not leave npm and the server running (the test process would never end).
      try {
        npm?.killGroup('SIGKILL');
      } catch {
        // The group is gone: the server shut down.
      }
      for (const pid of await postgresProcessesFor(join(dataDir, 'pg'))) process.kill(pid, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

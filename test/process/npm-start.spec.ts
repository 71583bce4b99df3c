import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { freePort, postgresProcessesFor, PROJECT_ROOT, ServerProcess } from '../support/server-process.js';

/** The flags bin/server starts node with. */
function launcherFlags(): string[] {
  const exec = /^exec node (.*) "\$\(dirname "\$0"\)\/\.\.\/dist\/src\/main\.js"$/m.exec(
    readFileSync(join(PROJECT_ROOT, 'bin/server'), 'utf8'),
  );
  assert.ok(exec, 'bin/server execs node on dist/src/main.js');
  return exec[1].split(' ');
}

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// `npm start` runs its script through `sh -c`, and npm forwards SIGTERM only to that shell,
// which (dash, bash) dies without passing it on: the script, and bin/server, must `exec` the server.
// --ignore-scripts skips only the `prestart` build, which the test run has already done.
describe('npm start, stopped by a SIGTERM to npm itself (what a process manager does)', () => {
  it("runs bin/server's node; the server gets the signal, shuts down, and leaves no postgres running", async () => {
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
      // npm and bin/server's `node` come from PATH, as the runner does (under CI's Node 24 too),
      // and the server runs with bin/server's flags: the memory settings the Docker image also has.
      const listening = JSON.parse(npm.lines.find((line) => line.includes('"msg":"listening on ')) ?? '{}') as Record<string, unknown>;
      assert.equal(listening.node, process.version);
      assert.deepEqual(listening.nodeFlags, launcherFlags());
      assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
      npm.kill('SIGTERM');
      await npm.exited;
      await npm.waitFor(/"msg":"embedded PostgreSQL stopped"/, 25_000);
      assert.match(npm.output, /"msg":"SIGTERM received, shutting down"/);
      assert.equal(await isListening(port), false, 'the server is gone');
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

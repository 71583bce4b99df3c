import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { runnerProcesses } from '../support/action-runtime.js';
import { isRunning } from '../support/server-process.js';

const POOL = new URL('../../src/action-runtime/action-pool.js', import.meta.url).href;

// A service stand-in: the real pool, one idle action process and one stuck in a synchronous loop.
const SERVICE = `
import { ActionPool } from ${JSON.stringify(POOL)};
const pool = new ActionPool(2, 64, 2000);
const job = (versionId) => ({ versionId, event: {}, cache: {}, timeoutMs: 2000 });
void pool.run(job('loop'), 'exports.onExecuteCustomTokenExchange = () => { for (;;); };');
await pool.run(job('idle'), 'exports.onExecuteCustomTokenExchange = () => {};');
console.log(JSON.stringify(pool.pids()));
setInterval(() => undefined, 1000);
`;

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; !(await condition()); i++) {
    assert.ok(i < 200, `gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('action processes outlive no service', () => {
  it('exit when the service is killed outright (SIGKILL, no shutdown hook): at once when idle, at their timeout when looping', async () => {
    const service = spawn(process.execPath, ['--input-type=module', '-e', SERVICE], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(service.stdout.setEncoding('utf8'), 'data')) as [string];
    const pids = JSON.parse(line) as number[];
    assert.equal(pids.length, 2);
    assert.deepEqual((await runnerProcesses(service.pid)).sort(), [...pids].sort());
    service.kill('SIGKILL');
    await once(service, 'exit');
    // The idle one sees its IPC channel close; the looping one once its own watchdog stops the loop
    // at the execution's timeout (2 s), with nobody left to kill it.
    await until(async () => !(await isRunning(pids[1] ?? 0)), 'the idle action process to exit');
    await until(async () => !(await isRunning(pids[0] ?? 0)), 'the looping action process to exit');
  });
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ActionRuntime } from '../../src/action-runtime/action-run.js';
import type { ChildProcessActionRuntime } from '../../src/action-runtime/child-process-action-runtime.js';
import { deployAction, runAction, runnerProcesses } from '../support/action-runtime.js';
import { isRunning } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TIMEOUT_MS = 1000;
const LOOP = 'exports.onExecuteCustomTokenExchange = async () => { for (;;); };';
// Past its first await a handler is out of reach of the in-process watchdog: only SIGKILL ends it.
const LATE_LOOP = 'exports.onExecuteCustomTokenExchange = async () => { await null; for (;;); };';
const HOG = 'exports.onExecuteCustomTokenExchange = async () => { const a = []; for (;;) a.push(new Array(1e6).fill(1)); };';
const TRIVIAL = "exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById('auth0|fine'); };";
const FINE = [{ op: 'authentication.setUserById', user_id: 'auth0|fine' }];

const runtime = (app: TestApp) => app.app.get<ActionRuntime, ChildProcessActionRuntime>(ActionRuntime);

describe('action runtime: time and memory limits, processes', () => {
  let t: TestApp;
  let trivial: string;
  before(async () => {
    t = await startTestApp({ ACTIONS_TIMEOUT_MS: String(TIMEOUT_MS), ACTIONS_MEMORY_MB: '64', ACTIONS_WORKERS: '2' });
    trivial = await deployAction(t, TRIVIAL);
  });
  after(async () => {
    await t.close();
    for (let i = 0; i < 50 && (await runnerProcesses()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(await runnerProcesses(), [], 'no action process outlives the test');
  });

  it('starts no process before the first execution, nor for an action that is not deployed', async () => {
    assert.deepEqual(await runnerProcesses(), []);
    assert.deepEqual((await runAction(t, randomUUID())).outcome, {
      ok: false,
      failure: 'not_deployed',
      message: 'The action has no deployed version.',
    });
    assert.deepEqual(await runnerProcesses(), []);
    await runAction(t, trivial);
    assert.equal((await runnerProcesses()).length, 1);
  });

  for (const [name, code, survives] of [
    ['a synchronous loop: stopped inside its process, which lives on', LOOP, true],
    ['a loop after an await: its process is killed and replaced', LATE_LOOP, false],
  ] as const) {
    it(`times out an execution that outlives ACTIONS_TIMEOUT_MS, ${name}; the next one succeeds`, async () => {
      const loop = await deployAction(t, code);
      await runAction(t, trivial);
      const before = runtime(t).processIds();
      const started = Date.now();
      const result = await runAction(t, loop);
      const took = Date.now() - started;
      assert.deepEqual(result.outcome, { ok: false, failure: 'timeout', message: `The action did not finish within ${TIMEOUT_MS} ms.` });
      assert.ok(took >= TIMEOUT_MS * 0.75 && took < TIMEOUT_MS * 3, `took ${took} ms`);
      const execution = await t.prisma.actionExecution.findUniqueOrThrow({ where: { id: result.executionId } });
      assert.equal(execution.status, 'canceled');
      assert.deepEqual((execution.results as { error: unknown }[])[0]?.error, {
        id: 'timeout',
        msg: `The action did not finish within ${TIMEOUT_MS} ms.`,
      });
      assert.deepEqual((await runAction(t, trivial)).commands, FINE);
      assert.equal(runtime(t).processIds()[0] === before[0], survives);
    });
  }

  it('a process that exhausts ACTIONS_MEMORY_MB dies with a memory failure; the next execution succeeds', async () => {
    const hog = await deployAction(t, HOG);
    const result = await runAction(t, hog);
    assert.deepEqual(result.outcome, { ok: false, failure: 'memory', message: 'The action ran out of memory.' });
    assert.deepEqual((await runAction(t, trivial)).commands, FINE);
  });

  it('with every process busy, executions wait their turn instead of failing', async () => {
    const loop = await deployAction(t, LOOP);
    const results = await Promise.all([runAction(t, loop), runAction(t, loop), runAction(t, trivial)]);
    assert.deepEqual(
      results.map((r) => r.outcome.ok),
      [false, false, true],
    );
    assert.deepEqual(results[2].commands, FINE);
  });

  it('kills its processes when the application shuts down', async () => {
    const own = await startTestApp({ ACTIONS_TIMEOUT_MS: String(TIMEOUT_MS), ACTIONS_WORKERS: '2' });
    const id = await deployAction(own, TRIVIAL);
    const loop = await deployAction(own, LOOP);
    const looping = runAction(own, loop);
    await runAction(own, id);
    const pids = runtime(own).processIds();
    assert.equal(pids.length, 2);
    await own.close();
    // The looping execution ends with the service instead of hanging on.
    assert.equal((await looping).outcome.ok, false);
    for (let i = 0; i < 50 && (await Promise.all(pids.map(isRunning))).some(Boolean); i++) await new Promise((r) => setTimeout(r, 50));
    for (const pid of pids) assert.equal(await isRunning(pid), false, `action process ${pid} outlived the service`);
  });
});

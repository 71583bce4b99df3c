import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { deployAction, runAction } from '../support/action-runtime.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A loop only SIGKILL ends, and a timeout long enough that a loaded machine answers the rest first.
const LATE_LOOP = 'exports.onExecuteCustomTokenExchange = async () => { await null; for (;;); };';
const TRIVIAL = "exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById('auth0|fine'); };";
const FINE = [{ op: 'authentication.setUserById', user_id: 'auth0|fine' }];

describe('action runtime: a looping action and the rest of the service', () => {
  let t: TestApp;
  let trivial: string;
  before(async () => {
    t = await startTestApp({ ACTIONS_TIMEOUT_MS: '5000', ACTIONS_WORKERS: '2' });
    trivial = await deployAction(t, TRIVIAL);
  });
  after(() => t.close());

  it('a looping action holds only its own process: other executions and HTTP requests go on meanwhile', async () => {
    // Both processes started beforehand: what is shown is the service going on, not how fast a fork
    // or a query is on a loaded machine (the loop takes a core for the whole timeout).
    const loop = await deployAction(t, LATE_LOOP);
    const auth = await t.bearer('read:actions');
    await Promise.all([runAction(t, trivial), runAction(t, trivial)]);
    let loopEnded = false;
    const looping = runAction(t, loop).then((result) => {
      loopEnded = true;
      return result;
    });
    const other = await runAction(t, trivial);
    const res = await t.api.get('/api/v2/actions/executions/unknown').set('Authorization', auth);
    assert.equal(loopEnded, false, 'both answered while the loop was still running');
    assert.deepEqual(other.commands, FINE);
    assert.equal(res.status, 404);
    assert.equal((await looping).outcome.ok, false);
  });
});

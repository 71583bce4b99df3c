import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ExecutionsClient } from 'auth0/actions/executions';
import { ActionFactories } from '../support/action-factories.js';
import { deployAction, exchangeEvent, runAction } from '../support/action-runtime.js';
import { expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const handler = (body: string) => `exports.onExecuteCustomTokenExchange = async (event, api) => {${body}};`;

describe('action runtime: running deployed code', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ ACTIONS_TIMEOUT_MS: '2000' });
  });
  after(() => t.close());

  it('runs the deployed version and returns its api calls as commands, in call order', async () => {
    const id = await deployAction(
      t,
      handler(`
        api.user.setAppMetadata('plan', { tier: 'gold' });
        api.authentication.setUserById('auth0|' + event.transaction.subject_token);
        api.access.deny('invalid_request', 'no');
        api.authentication.setUserByConnection('db', { email: 'a@b.c' }, { creationBehavior: 'none', updateBehavior: 'replace' });
        api.user.setUserMetadata('lang', 'fr');
        api.access.rejectInvalidSubjectToken('bad token');`),
    );
    const result = await runAction(t, id, exchangeEvent({ subject_token: 'abc' }));
    assert.deepEqual(result.outcome, { ok: true });
    assert.deepEqual(result.commands, [
      { op: 'user.setAppMetadata', key: 'plan', value: { tier: 'gold' } },
      { op: 'authentication.setUserById', user_id: 'auth0|abc' },
      { op: 'access.deny', code: 'invalid_request', reason: 'no' },
      {
        op: 'authentication.setUserByConnection',
        connection: 'db',
        attributes: { email: 'a@b.c' },
        options: { creationBehavior: 'none', updateBehavior: 'replace' },
      },
      { op: 'user.setUserMetadata', key: 'lang', value: 'fr' },
      { op: 'access.rejectInvalidSubjectToken', reason: 'bad token' },
    ]);
  });

  it('compiles a version once: module state lives across runs, a new deploy starts afresh', async () => {
    const code = `let runs = 0; ${handler(`runs += 1; api.authentication.setUserById('run-' + runs);`)}`;
    const id = await deployAction(t, code);
    // One after the other, runs go to the first process (the pool fills its slots in order).
    const users: string[] = [];
    for (let i = 0; i < 3; i++) users.push(((await runAction(t, id)).commands[0] as { user_id: string }).user_id);
    assert.deepEqual(users, ['run-1', 'run-2', 'run-3']);
    const version = await t.prisma.actionVersion.findFirstOrThrow({ where: { action_id: id } });
    await t.prisma.actionVersion.update({ where: { id: version.id }, data: { deployed: null } });
    await t.prisma.actionVersion.create({
      data: { ...version, id: randomUUID(), number: 2, deployed: true, dependencies: [], secrets: [], supported_triggers: [] },
    });
    const redeployed = await runAction(t, id);
    assert.deepEqual(redeployed.commands, [{ op: 'authentication.setUserById', user_id: 'run-1' }]);
  });

  it('a process that dropped a compiled version (it keeps the 50 most recent) gets its code again', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 51; i++) ids.push(await deployAction(t, handler(`api.authentication.setUserById('action-${i}');`)));
    for (const id of ids) await runAction(t, id);
    const again = await runAction(t, ids[0] ?? '');
    assert.deepEqual(again.outcome, { ok: true });
    assert.deepEqual(again.commands, [{ op: 'authentication.setUserById', user_id: 'action-0' }]);
  });

  it('api.cache: set, get and delete across executions, shared through action_cache; entries expire', async () => {
    const id = await deployAction(
      t,
      handler(`
        const step = event.transaction.subject_token;
        const seen = { long: api.cache.get('long'), short: api.cache.get('short') };
        if (step === 'write') {
          seen.writes = [
            api.cache.set('long', 'kept'),
            api.cache.set('short', 'brief', { ttl: 2000 }),
            api.cache.set('at', 'x', { expires_at: Date.now() + 60000 }),
            api.cache.set('number', 42),
            api.cache.set('k'.repeat(65), 'x'),
            api.cache.set('big', 'v'.repeat(4097)),
            api.cache.set('bad-ttl', 'x', { ttl: -1 }),
          ];
        }
        if (step === 'delete') seen.deleted = api.cache.delete('long');
        api.user.setAppMetadata('cache', seen);`),
    );
    const seen = async (step: string) =>
      ((await runAction(t, id, exchangeEvent({ subject_token: step }))).commands[0] as { value: Record<string, unknown> }).value;
    const written = await seen('write');
    assert.deepEqual(written.writes, [
      { type: 'success' },
      { type: 'success' },
      { type: 'success' },
      { type: 'error', code: 'invalid_value' },
      { type: 'error', code: 'key_too_large' },
      { type: 'error', code: 'value_too_large' },
      { type: 'error', code: 'invalid_options' },
    ]);
    const rows = await t.prisma.actionCacheEntry.findMany({ where: { trigger_id: 'custom-token-exchange' }, orderBy: { key: 'asc' } });
    assert.deepEqual(
      rows.map((r) => [r.key, r.value]),
      [
        ['at', 'x'],
        ['long', 'kept'],
        ['short', 'brief'],
      ],
    );
    // Default lifetime: Auth0's 15 minutes.
    const long = rows.find((r) => r.key === 'long');
    const lifetime = (long?.expires_at.getTime() ?? 0) - Date.now();
    assert.ok(lifetime > 14 * 60_000 && lifetime <= 15 * 60_000, `lifetime ${lifetime}`);

    const read = await seen('read');
    assert.deepEqual(read.long, { value: 'kept', expires_at: long?.expires_at.getTime() });
    assert.equal((read.short as { value: string } | undefined)?.value, 'brief');
    // Until the short entry's own expiry, read from the table: no guess at how fast runs are.
    const short = await t.prisma.actionCacheEntry.findFirstOrThrow({ where: { key: 'short' } });
    await new Promise((r) => setTimeout(r, Math.max(0, short.expires_at.getTime() - Date.now()) + 50));
    const later = await seen('delete');
    assert.equal(later.short, undefined, 'the 2 s entry expired');
    assert.deepEqual(later.deleted, { type: 'success' });
    assert.equal((await seen('read')).long, undefined);
    assert.equal(
      await t.prisma.actionCacheEntry.count({ where: { trigger_id: 'custom-token-exchange', key: { in: ['long', 'short'] } } }),
      0,
    );
  });

  it('an action that throws fails with its message; commands recorded before the throw are kept', async () => {
    const id = await deployAction(t, handler(`api.authentication.setUserById('u1'); throw new Error('subject token expired');`));
    const result = await runAction(t, id);
    assert.deepEqual(result.outcome, { ok: false, failure: 'error', message: 'subject token expired' });
    assert.deepEqual(result.commands, [{ op: 'authentication.setUserById', user_id: 'u1' }]);
  });

  it('an unknown action, or one never deployed, is not_deployed', async () => {
    const never = await new ActionFactories(t.prisma).action();
    for (const id of [randomUUID(), never.id]) {
      const result = await runAction(t, id);
      assert.deepEqual(result.outcome, { ok: false, failure: 'not_deployed', message: 'The action has no deployed version.' });
      assert.deepEqual(result.commands, []);
    }
  });

  it('records the execution with its console output; GET /actions/executions/{id} returns it', async () => {
    const id = await deployAction(
      t,
      handler(`console.log('checking', event.transaction.subject_token, { n: 1 }); console.error('careful');`),
      {
        name: `logger-${randomUUID().slice(0, 8)}`,
      },
    );
    const result = await runAction(t, id);
    const res = await t.api.get(`/api/v2/actions/executions/${result.executionId}`).set('Authorization', await t.bearer('read:actions'));
    assert.equal(res.status, 200);
    const action = await t.prisma.action.findUniqueOrThrow({ where: { id } });
    assert.equal(res.body.id, result.executionId);
    assert.equal(res.body.trigger_id, 'custom-token-exchange');
    assert.equal(res.body.status, 'final');
    assert.equal(res.body.results.length, 1);
    const [entry] = res.body.results;
    assert.equal(entry.action_name, action.name);
    // Kept beside the name (not answered, as Auth0's), so the console finds it after a rename.
    assert.equal((await t.prisma.actionExecution.findUniqueOrThrow({ where: { id: result.executionId } })).action_id, id);
    assert.equal(entry.error, null);
    assert.equal(entry.logs, 'checking subject-token { n: 1 }\nerror: careful');
    assert.ok(Date.parse(entry.started_at) <= Date.parse(entry.ended_at));
    assert.match(res.body.created_at, /^\d{4}-\d\d-\d\dT/);
  });

  it('the official SDK (v7) reads an execution: actions.executions.get', async () => {
    const name = `sdk-${randomUUID().slice(0, 8)}`;
    const id = await deployAction(t, handler(`console.log('via sdk');`), { name });
    const result = await runAction(t, id);
    const token = (await t.bearer('read:actions')).slice('Bearer '.length);
    const executions = new ExecutionsClient({ baseUrl: await Sdk.listen(t), token, maxRetries: 0 });
    const execution = await executions.get(result.executionId);
    assert.equal(execution.id, result.executionId);
    assert.equal(execution.trigger_id, 'custom-token-exchange');
    assert.equal(execution.status, 'final');
    assert.equal(execution.results?.length, 1);
    assert.equal(execution.results[0].action_name, name);
    assert.equal(execution.results[0].error, null);
  });

  it('GET /actions/executions/{id}: 404 for an unknown id, 403 without read:actions, 401 without a token', async () => {
    expectError(
      await t.api.get('/api/v2/actions/executions/nope').set('Authorization', await t.bearer('read:actions')),
      404,
      'execution_not_found',
      'That execution does not exist.',
    );
    const forbidden = await t.api.get('/api/v2/actions/executions/nope').set('Authorization', await t.bearer('read:clients'));
    expectError(forbidden, 403, 'insufficient_scope', 'Insufficient scope, expected any of: read:actions');
    assert.equal((await t.api.get('/api/v2/actions/executions/nope')).status, 401);
  });
});

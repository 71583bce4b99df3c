import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ActionFactories } from '../support/action-factories.js';
import { clientWithGrant, type IssuedClient } from '../support/issuer.js';
import { expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HOST = 'console.test';

// The console's own reads (/console/api/insight/...): what the Management API has no endpoint for.
describe('/console/api/insight (action executions, log stream deliveries)', () => {
  let t: TestApp;
  let actions: ActionFactories;
  before(async () => {
    t = await startTestApp();
    actions = new ActionFactories(t.prisma);
  });
  after(() => t.close());

  /** A session cookie for a client holding `scopes`. */
  const cookieFor = async (scopes: string[]): Promise<string> => {
    const client: IssuedClient = await clientWithGrant(t, scopes);
    const res = await t.api
      .post('/console/session')
      .set('Host', HOST)
      .set('Origin', `http://${HOST}`)
      .send({ client_id: client.client_id, client_secret: client.client_secret });
    assert.equal(res.status, 201);
    return (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
  };
  const execution = ({ id, name }: { id: string; name: string }, minutesAgo: number, logs: string) =>
    t.prisma.actionExecution.create({
      data: {
        id: randomUUID(),
        action_id: id,
        trigger_id: 'custom-token-exchange',
        status: 'final',
        results: [{ action_name: name, error: null, started_at: '', ended_at: '', logs }],
        created_at: new Date(Date.now() - minutesAgo * 60_000),
      },
    });

  it("pages an action's executions, newest first, and only that action's", async () => {
    const action = await actions.action();
    const other = await actions.action();
    for (let i = 0; i < 12; i++) await execution(action, i, `run ${i}`);
    await execution(other, 0, 'not this one');
    const cookie = await cookieFor(['read:actions']);
    const read = (page: number) =>
      t.api.get(`/console/api/insight/action-executions?action_id=${action.id}&page=${page}&per_page=10`).set('Cookie', cookie);
    const first = await read(0);
    assert.equal(first.status, 200);
    assert.equal(first.headers['cache-control'], 'no-store');
    const logsOf = (body: { executions: { results: { logs: string }[] }[] }) => body.executions.map((e) => e.results[0].logs);
    assert.equal(first.body.total, 12);
    assert.deepEqual(
      logsOf(first.body),
      Array.from({ length: 10 }, (_, i) => `run ${i}`),
    );
    assert.deepEqual(logsOf((await read(1)).body), ['run 10', 'run 11']);

    // Renamed, the action keeps its executions; a new action given its old name does not take them.
    const renamed = await t.api
      .patch(`/api/v2/actions/actions/${action.id}`)
      .set('Authorization', await t.bearer('update:actions'))
      .send({ name: `renamed-${randomUUID().slice(0, 8)}` });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await read(0)).body.total, 12);
    const namesake = await actions.action({ name: action.name });
    const ofNamesake = await t.api.get(`/console/api/insight/action-executions?action_id=${namesake.id}`).set('Cookie', cookie);
    assert.equal(ofNamesake.body.total, 0);
  });

  it("refuses without read:actions in the scopes guard's words, and an unknown action as the API does", async () => {
    const action = await actions.action();
    const path = `/console/api/insight/action-executions?action_id=${action.id}`;
    expectError(
      await t.api.get(path).set('Cookie', await cookieFor(['read:logs'])),
      403,
      'insufficient_scope',
      'Insufficient scope, expected any of: read:actions',
    );
    const cookie = await cookieFor(['read:actions']);
    const unknown = await t.api.get(`/console/api/insight/action-executions?action_id=${randomUUID()}`).set('Cookie', cookie);
    const api = await t.api.get(`/api/v2/actions/actions/${randomUUID()}`).set('Authorization', await t.bearer('read:actions'));
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, api.body);
    expectError(
      await t.api.get('/console/api/insight/nothing').set('Cookie', cookie),
      404,
      'inexistent_route',
      'The console has no such read.',
    );
    expectError(await t.api.get(path), 401, 'console_sign_in_required', 'Sign in to the console first.');
  });

  it("answers each log stream's failures in a row, next try and last error", async () => {
    const created = await t.api
      .post('/api/v2/log-streams')
      .set('Authorization', await t.bearer('create:log_streams'))
      .send({ name: 'siem', type: 'http', sink: { httpEndpoint: 'https://logs.example.com/in' } });
    assert.equal(created.status, 200);
    const id = (created.body as { id: string }).id;
    const retryAt = new Date(Date.now() + 60_000);
    await t.prisma.logStream.update({ where: { id }, data: { failures: 3, retry_at: retryAt, last_error: 'The endpoint said 503.' } });
    const res = await t.api.get('/console/api/insight/log-stream-deliveries').set('Cookie', await cookieFor(['read:log_streams']));
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, [{ id, failures: 3, retry_at: retryAt.toISOString(), last_error: 'The endpoint said 503.' }]);
    expectError(
      await t.api.get('/console/api/insight/log-stream-deliveries').set('Cookie', await cookieFor(['read:logs'])),
      403,
      'insufficient_scope',
      'Insufficient scope, expected any of: read:log_streams',
    );
  });
});

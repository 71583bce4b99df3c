import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { captureLogLines } from '../support/capture-stdout.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('request log (LOG_LEVEL=info)', () => {
  let t: TestApp;
  // Nest's boot lines are info too; keep them out of the test output.
  before(() => captureLogLines(async () => void (t = await startTestApp({ LOG_LEVEL: 'info' }))));
  after(() => t.close());

  const requestLines = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'request');

  it('writes one JSON line per request with method, path, status, durationMs and reqId', async () => {
    const auth = await t.bearer('delete:token_exchange_profiles');
    const lines = await captureLogLines(async () => {
      await t.api
        .delete('/api/v2/token-exchange-profiles/tep_log0000000000001?x=1')
        .set('Authorization', auth)
        .set('X-Request-Id', 'log-1')
        .expect(204);
      await t.api.get('/healthz').set('X-Request-Id', 'log-2').expect(200);
      await t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('X-Request-Id', 'log-3').expect(401);
    });
    const logged = requestLines(lines);
    assert.equal(logged.length, 3, JSON.stringify(lines));
    assert.deepEqual(
      logged.map(({ level, method, path, status, reqId }) => ({ level, method, path, status, reqId })),
      [
        { level: 'info', method: 'DELETE', path: '/api/v2/token-exchange-profiles/tep_log0000000000001?x=1', status: 204, reqId: 'log-1' },
        { level: 'info', method: 'GET', path: '/healthz', status: 200, reqId: 'log-2' },
        { level: 'info', method: 'DELETE', path: '/api/v2/token-exchange-profiles/tep_x', status: 401, reqId: 'log-3' },
      ],
    );
    for (const line of logged) {
      assert.equal(typeof line.durationMs, 'number');
      assert.ok((line.durationMs as number) >= 0);
      assert.match(String(line.time), /^\d{4}-\d\d-\d\dT/);
    }
  });

  it('logs the generated request id that the response carries', async () => {
    let header = '';
    const lines = await captureLogLines(async () => {
      header = (await t.api.get('/api/v2/unknown')).headers['x-request-id'];
    });
    assert.deepEqual(
      requestLines(lines).map((l) => [l.reqId, l.status]),
      [[header, 404]],
    );
  });

  it('never logs the Authorization header or the body', async () => {
    const auth = await t.bearer('update:token_exchange_profiles');
    const lines = await captureLogLines(async () => {
      await t.api.patch('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth).send({ name: 'secret-name-value' });
    });
    const text = JSON.stringify(lines);
    assert.equal(text.includes(auth.slice(7, 40)), false);
    assert.equal(text.includes('secret-name-value'), false);
  });
});

describe('request log (LOG_LEVEL=warn)', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ LOG_LEVEL: 'warn' })));
  after(() => t.close());

  it('writes no request lines', async () => {
    const lines = await captureLogLines(async () => {
      await t.api.get('/healthz').expect(200);
    });
    assert.deepEqual(lines, []);
  });
});

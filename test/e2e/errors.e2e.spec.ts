import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { captureLogLines } from '../support/capture-stdout.js';
import { expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TestOnlyModule } from '../support/test-only.module.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('one error shape for every failure, from any layer', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({}, { imports: [TestOnlyModule] })));
  after(() => t.close());

  const patch = async (contentType: string, body: string) =>
    t.api
      .patch('/api/v2/token-exchange-profiles/tep_whatever0000001')
      .set('Authorization', await t.bearer('update:token_exchange_profiles'))
      .set('Content-Type', contentType)
      .send(body);

  it('404 for an unknown route, inside and outside /api/v2, and for an unknown method', async () => {
    expectError(await t.api.get('/api/v2/nothing-here'), 404, 'not_found', 'Cannot GET /api/v2/nothing-here');
    expectError(await t.api.get('/nothing-here'), 404, 'not_found', 'Cannot GET /nothing-here');
    expectError(await t.api.put('/api/v2/token-exchange-profiles/x'), 404, 'not_found', 'Cannot PUT /api/v2/token-exchange-profiles/x');
  });

  it('400 invalid_body "Invalid JSON body." for malformed JSON', async () => {
    expectError(await patch('application/json', '{"name": '), 400, 'invalid_body', 'Invalid JSON body.');
    expectError(await patch('application/json; charset=utf-8', '{bad}'), 400, 'invalid_body', 'Invalid JSON body.');
  });

  it('413 for a body over 10 kB, before any parsing', async () => {
    expectError(
      await patch('application/json', JSON.stringify({ name: 'x'.repeat(10 * 1024) })),
      413,
      'payload_too_large',
      'Request body exceeds 10kb.',
    );
  });

  it('a body of exactly 10 kB is read (then validated)', async () => {
    const filler = 'x'.repeat(10 * 1024 - '{"name":""}'.length);
    const res = await patch('application/json', `{"name":"${filler}"}`);
    assert.equal(res.status, 400);
    assert.match(res.body.message, /^Payload validation error: 'String is too long/);
  });

  it('415 for a content type other than JSON or form', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      expectError(await patch(type, 'name=abc'), 415, 'unsupported_media_type', 'Unsupported Media Type.');
    }
  });

  it('500 with nothing internal in the body; the full error is logged once, as JSON, with the request id', async () => {
    let res!: Awaited<ReturnType<typeof t.api.get>>;
    const lines = await captureLogLines(async () => {
      res = await t.api.get('/api/v2/test-only/crash').set('X-Request-Id', 'req-crash-1');
    });
    expectError(res, 500, 'internal_error', 'Internal error.');
    assert.equal(res.headers['x-request-id'], 'req-crash-1');
    for (const secret of ['s3cret', 'postgresql', 'TokenVault', 'stack']) assert.equal(res.text.includes(secret), false, secret);
    const errors = lines.filter((l) => l.level === 'error');
    assert.equal(errors.length, 1, JSON.stringify(lines));
    const [line] = errors;
    assert.equal(line.reqId, 'req-crash-1');
    assert.equal(line.msg, 'connect to postgresql://admin:s3cret@db.internal failed in TokenVault.decrypt');
    assert.deepEqual([line.method, line.path, line.status], ['GET', '/api/v2/test-only/crash', 500]);
    assert.match(String(line.stack), /TestOnlyController\.crash/);
  });

  it('expected errors (4xx) are not logged as errors', async () => {
    const lines = await captureLogLines(async () => {
      await t.api.get('/api/v2/nothing-here');
      await patch('application/json', '{bad');
    });
    assert.deepEqual(
      lines.filter((l) => l.level === 'error'),
      [],
    );
  });

  it('X-Request-Id is echoed when sent and sane, generated (a UUID) when absent or not', async () => {
    assert.equal((await t.api.get('/healthz').set('X-Request-Id', 'abc-123_x.y:z')).headers['x-request-id'], 'abc-123_x.y:z');
    const generated = (await t.api.get('/healthz')).headers['x-request-id'];
    assert.match(generated, UUID);
    for (const bad of ['has spaces', 'x'.repeat(129), 'semi;colon', '']) {
      const id = (await t.api.get('/healthz').set('X-Request-Id', bad)).headers['x-request-id'];
      assert.match(id, UUID, JSON.stringify(bad));
    }
  });

  it('X-Request-Id is on error responses too', async () => {
    const res = await t.api.get('/api/v2/nothing-here').set('X-Request-Id', 'req-404');
    assert.equal(res.headers['x-request-id'], 'req-404');
    assert.match((await patch('application/json', '{bad')).headers['x-request-id'], UUID);
  });
});

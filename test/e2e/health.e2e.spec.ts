import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { captureLogLines } from '../support/capture-stdout.js';
import { expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('health probes', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_MINUTE: '1' })));
  after(() => t.close());

  it('GET /healthz: 200 {"status":"ok"}, no token, no rate-limit headers', async () => {
    const res = await t.api.get('/healthz');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok' });
    assert.match(res.headers['content-type'], /^application\/json/);
    assert.equal(res.headers['x-ratelimit-limit'], undefined);
  });

  it('GET /readyz: 200 {"status":"ok"} while the database answers', async () => {
    const res = await t.api.get('/readyz');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok' });
  });

  it('are never rate limited (the burst here is 1)', async () => {
    for (let i = 0; i < 5; i++) {
      assert.equal((await t.api.get('/healthz')).status, 200);
      assert.equal((await t.api.get('/readyz')).status, 200);
    }
  });
});

describe('database unreachable', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  it('probes are served outside /api/v2 only', async () => {
    for (const path of ['/api/v2/healthz', '/api/v2/readyz']) assert.equal((await t.api.get(path)).status, 404, path);
  });

  it('readyz and a core endpoint answer 503 database_unavailable with Retry-After; healthz stays 200', async () => {
    const auth = await t.bearer('delete:token_exchange_profiles');
    assert.equal((await t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth)).status, 204);

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE "${new URL(t.databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }

    const responses: Awaited<ReturnType<typeof t.api.get>>[] = [];
    const lines = await captureLogLines(async () => {
      responses.push(await t.api.get('/readyz').set('X-Request-Id', 'ready-1'));
      responses.push(await t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth).set('X-Request-Id', 'core-1'));
    });
    assert.deepEqual(
      lines.map((l) => [l.level, l.reqId, l.status]),
      [
        ['error', 'ready-1', 503],
        ['error', 'core-1', 503],
      ],
      'logged with the request id',
    );
    for (const res of responses) {
      expectError(res, 503, 'database_unavailable', 'Service temporarily unavailable.');
      assert.match(res.headers['retry-after'], /^[1-9]\d*$/);
      assert.equal(res.text.includes(new URL(t.databaseUrl).pathname.slice(1)), false, 'no database name in the body');
    }
    assert.deepEqual((await t.api.get('/healthz').expect(200)).body, { status: 'ok' });
  });
});

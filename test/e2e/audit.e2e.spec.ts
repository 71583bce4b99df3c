import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { recordPoolStatements, type SentStatement } from '../support/pool-statements.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Details {
  request?: { path?: string };
  response?: { statusCode: number };
}

/** The tenant log entries of `path`'s requests, oldest first, with their answered status. */
async function entriesOf(t: TestApp, path: string): Promise<{ type: string; status: number }[]> {
  const rows = await t.prisma.tenantLog.findMany({ orderBy: [{ tx_id: 'asc' }, { seq: 'asc' }] });
  return rows
    .map((row) => ({ type: row.type, details: JSON.parse(row.details ?? '{}') as Details }))
    .filter((row) => row.details.request?.path === path)
    .map((row) => ({ type: row.type, status: row.details.response?.statusCode ?? 0 }));
}

describe('the audit record of a request', () => {
  describe('the transaction boundary', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp();
    });
    after(() => t.close());

    const statementsOf = async (send: () => Promise<unknown>): Promise<string[]> => {
      const sent: SentStatement[] = [];
      const stop = recordPoolStatements(sent);
      try {
        await send();
      } finally {
        stop();
      }
      return sent.map((statement) => statement.text.trim());
    };

    it('opens no transaction for a request the guards or the pipe refuse, nor for a read; one for a write', async () => {
      const writer = await t.bearer('create:organizations read:organizations');
      const refused = await statementsOf(async () => {
        await t.api.post('/api/v2/organizations').set('Authorization', writer).send({ name: 'Not A Valid Name!' }).expect(400);
        await t.api.post('/api/v2/organizations').send({ name: 'no-token' }).expect(401);
        await t.api
          .post('/api/v2/organizations')
          .set('Authorization', await t.bearer('read:organizations'))
          .send({ name: 'no-scope' })
          .expect(403);
        await t.api.get('/api/v2/organizations').set('Authorization', writer).expect(200);
      });
      assert.deepEqual(
        refused.filter((text) => text === 'BEGIN'),
        [],
      );
      // Each refusal still leaves its entry, a statement of its own.
      assert.equal(refused.filter((text) => text.includes('tenant_log_write')).length, 3);
      const accepted = await statementsOf(() =>
        t.api.post('/api/v2/organizations').set('Authorization', writer).send({ name: 'audited-org' }).expect(201),
      );
      assert.equal(accepted.filter((text) => text === 'BEGIN').length, 1, accepted.join('\n'));
    });
  });

  describe('under the rate limit', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ RATE_LIMIT_BURST: '2', RATE_LIMIT_PER_MINUTE: '1' });
    });
    after(() => t.close());

    it('logs each refusal with the status it was answered: 401 until the burst is spent, then 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await t.api.post('/api/v2/organizations').send({ name: `burst-${i}` })).status);
      assert.deepEqual(statuses, [401, 401, 429, 429]);
      assert.deepEqual(await entriesOf(t, '/api/v2/organizations'), [
        { type: 'fapi', status: 401 },
        { type: 'fapi', status: 401 },
        { type: 'fapi', status: 429 },
        { type: 'fapi', status: 429 },
      ]);
    });
  });

  describe('while the database cannot give a connection', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ DATABASE_POOL_SIZE: '1', DATABASE_CONNECT_TIMEOUT_MS: '300' });
    });
    after(() => t.close());

    it('answers a write 503 and logs it once a connection is free again', async () => {
      const bearer = await t.bearer('create:organizations');
      // The pool's one connection, held by a transaction of the test's own until the 503 is in.
      await t.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          const res = await t.api.post('/api/v2/organizations').set('Authorization', bearer).send({ name: 'starved' });
          assert.equal(res.status, 503, res.text);
          assert.equal(res.body.errorCode, 'database_unavailable');
        },
        { timeout: 10_000 },
      );
      let entries: { type: string; status: number }[] = [];
      for (let attempt = 0; attempt < 50 && entries.length === 0; attempt++) {
        await sleep(100);
        entries = await entriesOf(t, '/api/v2/organizations');
      }
      assert.deepEqual(entries, [{ type: 'fapi', status: 503 }]);
    });
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { SHUTDOWN_WAIT_MS } from '../../src/log-streams/delivery/delivery-policy.js';
import { LogReceiver } from '../support/log-stream-receiver.js';
import { query } from '../support/scratch-database.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('log streams: shutdown with a delivery in flight', () => {
  let databaseUrl: string;
  let receiver: LogReceiver;
  let t: TestApp;
  beforeEach(async () => {
    // The database outlives the app, so the stream's state can be read after the app closed.
    databaseUrl = await createTestDatabase();
    receiver = await LogReceiver.start();
    t = await startTestApp({ LOG_STREAM_POLL_MS: '100' }, { databaseUrl });
  });
  afterEach(async () => {
    await receiver.close();
    await dropTestDatabase(databaseUrl);
  });

  /** A stream, entries for it, and the moment its first request is being answered. */
  const deliveringOne = async (): Promise<string[]> => {
    const res = await t.api
      .post('/api/v2/log-streams')
      .set('Authorization', await t.bearer('create:log_streams'))
      .send({ type: 'http', sink: { httpEndpoint: receiver.url, httpContentFormat: 'JSONARRAY' } });
    assert.equal(res.status, 200);
    const ids = Array.from({ length: 3 }, (_, i) => `shutdown-${randomBytes(4).toString('hex')}-${i}`);
    await t.prisma.tenantLog.createMany({ data: ids.map((log_id) => ({ log_id, type: 'sapi' })) });
    for (let i = 0; !receiver.requests.some((r) => r.endedAt === 0 && r.logs.some((log) => ids.includes(log.log_id))); i++) {
      assert.ok(i < 800, 'no delivery started');
      await sleep(10);
    }
    return ids;
  };
  const stream = async () =>
    (
      await query<{ cursor_tx: string; cursor_seq: string; failures: number; lease_owner: string | null }>(
        databaseUrl,
        'SELECT cursor_tx::text, cursor_seq::text, failures, lease_owner FROM log_streams',
      )
    )[0];
  const positionOf = async (logId: string) =>
    (
      await query<{ tx_id: string; seq: string }>(databaseUrl, 'SELECT tx_id::text, seq::text FROM tenant_logs WHERE log_id = $1', [logId])
    )[0];

  it('waits for the batch in flight, records it delivered, and lets the lease go', async () => {
    receiver.delayMs = 1500;
    const ids = await deliveringOne();
    const started = Date.now();
    await t.close();
    const took = Date.now() - started;
    assert.ok(took >= 500, `closed in ${took} ms, before the delivery ended`);
    assert.deepEqual(receiver.acceptedOf(ids), ids);
    const row = await stream();
    const last = await positionOf(ids[2]);
    assert.deepEqual([row.cursor_tx, row.cursor_seq], [last.tx_id, last.seq], 'the delivered batch moved the cursor');
    assert.equal(row.lease_owner, null);
  });

  it('past its bound, cancels the request: the entries stay for later, no failure counted, the lease let go', async () => {
    receiver.delayMs = SHUTDOWN_WAIT_MS + 5000;
    const ids = await deliveringOne();
    const started = Date.now();
    await t.close();
    const took = Date.now() - started;
    assert.ok(took >= SHUTDOWN_WAIT_MS - 200 && took < SHUTDOWN_WAIT_MS + 4000, `closed in ${took} ms`);
    const row = await stream();
    const first = await positionOf(ids[0]);
    const behind =
      BigInt(row.cursor_tx) < BigInt(first.tx_id) || (row.cursor_tx === first.tx_id && BigInt(row.cursor_seq) < BigInt(first.seq));
    assert.ok(behind, 'the cancelled batch is still ahead of the cursor');
    assert.equal(row.failures, 0);
    assert.equal(row.lease_owner, null);
  });
});

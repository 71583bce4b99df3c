import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { SHUTDOWN_WAIT_MS } from '../../src/log-streams/delivery/delivery-policy.js';
import { logId } from '../../src/logs/log-id.js';
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

  const positions = new Map<string, { tx_id: string; seq: string }>();
  /** A stream, entries for it, and the moment its first request is being answered. */
  const deliveringOne = async (): Promise<string[]> => {
    const res = await t.api
      .post('/api/v2/log-streams')
      .set('Authorization', await t.bearer('create:log_streams'))
      .send({ type: 'http', sink: { httpEndpoint: receiver.url, httpContentFormat: 'JSONARRAY' } });
    assert.equal(res.status, 200);
    const rows = await t.prisma.tenantLog.createManyAndReturn({ data: Array.from({ length: 3 }, () => ({ type: 'sapi' })) });
    const ids = rows
      .sort((a, b) => Number(a.seq - b.seq))
      .map((row) => {
        const id = logId(row.tx_id, row.seq);
        positions.set(id, { tx_id: String(row.tx_id), seq: String(row.seq) });
        return id;
      });
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
  const positionOf = (id: string) => {
    const position = positions.get(id);
    assert.ok(position, `no entry ${id}`);
    return position;
  };

  it('waits for the batch in flight, records it delivered, and lets the lease go', async () => {
    receiver.delayMs = 1500;
    const ids = await deliveringOne();
    const started = Date.now();
    await t.close();
    const took = Date.now() - started;
    assert.ok(took >= 500, `closed in ${took} ms, before the delivery ended`);
    assert.deepEqual(receiver.acceptedOf(ids), ids);
    const row = await stream();
    const last = positionOf(ids[2]);
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
    const first = positionOf(ids[0]);
    const behind =
      BigInt(row.cursor_tx) < BigInt(first.tx_id) || (row.cursor_tx === first.tx_id && BigInt(row.cursor_seq) < BigInt(first.seq));
    assert.ok(behind, 'the cancelled batch is still ahead of the cursor');
    assert.equal(row.failures, 0);
    assert.equal(row.lease_owner, null);
  });
});

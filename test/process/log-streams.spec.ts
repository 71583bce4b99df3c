import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import pg from 'pg';
import { LEASE_MS } from '../../src/log-streams/delivery/delivery-policy.js';
import { logId } from '../../src/logs/log-id.js';
import { Instance } from '../support/instances.js';
import { LogReceiver } from '../support/log-stream-receiver.js';
import { query } from '../support/scratch-database.js';
import { freePort } from '../support/server-process.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';

const BATCH = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A steady flow of entries, as the service writes them: small transactions from two writers at once,
 * some held open a while, so commit order differs from seq order. Resolves when `total` are written.
 */
async function writeSteadily(pool: pg.Pool, total: number, tag: string): Promise<void> {
  let next = 0;
  const writer = async (): Promise<void> => {
    while (next < total) {
      const size = Math.min(1 + Math.floor(Math.random() * 3), total - next);
      const first = next;
      next += size;
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (let i = first; i < first + size; i++) {
          await client.query(`INSERT INTO tenant_logs (type, description) VALUES ('sapi', $1)`, [`${tag}-${i}`]);
        }
        if (Math.random() < 0.1) await sleep(40);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await sleep(5);
    }
  };
  await Promise.all([writer(), writer()]);
}

/**
 * pool.end() resolves once pg-pool has let go of its clients, before their connections have closed;
 * dropping the database WITH (FORCE) meanwhile could reach a closing client, whose error the pool
 * then emitted with no listener, failing the file after its tests had passed. Each client's 'remove'
 * comes after its connection ended.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (++removed === open) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** Every entry in the order a stream must deliver them. */
async function deliveryOrder(databaseUrl: string, tag: string): Promise<string[]> {
  const rows = await query<{ tx_id: string; seq: string }>(
    databaseUrl,
    'SELECT tx_id::text, seq::text FROM tenant_logs WHERE description LIKE $1 ORDER BY tenant_logs.tx_id, tenant_logs.seq',
    [`${tag}-%`],
  );
  return rows.map((row) => logId(row.tx_id, row.seq));
}

/** The first arrival of each log id, in arrival order, and how many arrivals were repeats. */
function firstArrivals(accepted: string[]): { order: string[]; duplicates: number } {
  const seen = new Set<string>();
  for (const id of accepted) seen.add(id);
  return { order: [...seen], duplicates: accepted.length - seen.size };
}

describe('log streams: the built service delivering through crashes and beside another instance', () => {
  let databaseUrl: string;
  let pool: pg.Pool;
  let receiver: LogReceiver;
  const instances: Instance[] = [];

  before(async () => {
    databaseUrl = await createTestDatabase();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  });
  after(async () => {
    await endPool(pool);
    await dropTestDatabase(databaseUrl);
  });
  beforeEach(async () => {
    receiver = await LogReceiver.start();
    // Each delivery takes a while, so a kill lands mid-request and overlapping senders would show.
    receiver.delayMs = 30;
    // The stream starts at the current end, as one made through the API does.
    await query(databaseUrl, 'DELETE FROM log_streams');
    await query(
      databaseUrl,
      `INSERT INTO log_streams (id, name, type, sink, cursor_tx, cursor_seq)
       VALUES ($1, 'process', 'http', $2, pg_snapshot_xmin(pg_current_snapshot())::text::bigint - 1, 9223372036854775807)`,
      [`lst_${randomBytes(8).toString('hex')}`, JSON.stringify({ httpEndpoint: receiver.url, httpContentFormat: 'JSONARRAY' })],
    );
  });
  afterEach(async () => {
    for (const instance of instances.splice(0)) await instance.kill();
    await receiver.close();
  });

  const instance = async (name: string): Promise<Instance> => {
    const started = new Instance(name, await freePort(), {
      DATABASE_URL: databaseUrl,
      TENANT_DOMAIN: 'tenant.test',
      LOG_LEVEL: 'warn',
      LOG_STREAM_POLL_MS: '100',
      LOG_STREAM_BATCH_SIZE: String(BATCH),
      SHUTDOWN_DRAIN_DELAY_MS: '0',
    });
    instances.push(started);
    await started.start();
    return started;
  };

  it('SIGKILL mid-delivery, then a restart: every entry arrives, in order; repeats only at the crash', async () => {
    const server = await instance('a');
    const tag = `crash-${randomBytes(3).toString('hex')}`;
    const writing = writeSteadily(pool, 600, tag);
    await receiver.until(120, 60_000);
    // Mid-delivery: wait for a request the receiver is still answering, then kill.
    for (let i = 0; !receiver.requests.some((r) => r.endedAt === 0); i++) {
      assert.ok(i < 2000, 'no delivery in flight to interrupt');
      await sleep(2);
    }
    await server.kill();
    const atCrash = receiver.accepted.length;
    await server.start();
    await writing;
    const expected = await deliveryOrder(databaseUrl, tag);
    assert.equal(expected.length, 600);
    // The dead instance's lease holds the stream until it expires (LEASE_MS), then the new one takes over.
    const deadline = Date.now() + LEASE_MS + 120_000;
    while (firstArrivals(receiver.accepted).order.length < expected.length) {
      if (Date.now() > deadline) {
        const [stream] = await query(
          databaseUrl,
          'SELECT cursor_tx, cursor_seq, failures, last_error, lease_owner, lease_until FROM log_streams',
        );
        assert.fail(
          `only ${firstArrivals(receiver.accepted).order.length} of ${expected.length} arrived; stream: ${JSON.stringify(stream)}`,
        );
      }
      await sleep(25);
    }
    const { order, duplicates } = firstArrivals(receiver.accepted);
    console.log(
      `crash test: ${receiver.accepted.length} deliveries of ${expected.length} entries, ${duplicates} repeated (${atCrash} before the kill)`,
    );
    assert.deepEqual(order, expected, 'every entry, none lost, in (tx_id, seq) order');
    // At-least-once: the batch in flight at the kill may come again, nothing else.
    assert.ok(duplicates <= BATCH, `${duplicates} repeats: more than the one batch in flight`);
    const repeated = receiver.accepted.filter((id, index) => receiver.accepted.indexOf(id) !== index);
    assert.ok(
      repeated.every((id) => receiver.accepted.indexOf(id) < atCrash + BATCH),
      'repeats are of entries sent around the crash',
    );
  });

  it('two instances on one database and one stream: each entry exactly once, in order, never two senders at once', async () => {
    await Promise.all([instance('a'), instance('b')]);
    const owners = new Set<string>();
    const watching = { on: true };
    const watch = (async () => {
      while (watching.on) {
        const rows = await query<{ lease_owner: string | null }>(databaseUrl, 'SELECT lease_owner FROM log_streams');
        const owner = rows.at(0)?.lease_owner;
        if (owner) owners.add(owner.split(':')[1]);
        await sleep(10);
      }
    })();
    const tag = `pair-${randomBytes(3).toString('hex')}`;
    await writeSteadily(pool, 400, tag);
    const expected = await deliveryOrder(databaseUrl, tag);
    await receiver.until(expected.length, 60_000);
    await sleep(500);
    watching.on = false;
    await watch;
    console.log(`two instances: ${receiver.requests.length} requests, lease holders seen (pids): ${[...owners].join(', ')}`);
    assert.deepEqual(receiver.accepted, expected, 'exactly once, in order');
    assert.equal(receiver.maxInFlight, 1, 'one sender at a time');
    assert.equal(owners.size, 2, 'both instances delivered');
  });
});

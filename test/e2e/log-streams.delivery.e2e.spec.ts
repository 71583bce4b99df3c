import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import pg from 'pg';
import { SUSPEND_AFTER_FAILURES } from '../../src/log-streams/delivery/delivery-policy.js';
import { logId } from '../../src/logs/log-id.js';
import { LogReceiver } from '../support/log-stream-receiver.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:log_streams read:log_streams update:log_streams';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('log streams: delivery to a real HTTP endpoint', () => {
  let t: TestApp;
  let auth: string;
  let receiver: LogReceiver;
  before(async () => {
    t = await startTestApp({
      LOG_STREAM_POLL_MS: '100',
      LOG_STREAM_BATCH_SIZE: '4',
      KEY_ENCRYPTION_SECRET: 'a-key-encryption-secret-for-tests',
    });
    auth = await t.bearer(ALL);
  });
  after(() => t.close());
  beforeEach(async () => {
    receiver = await LogReceiver.start();
  });
  afterEach(async () => {
    // One stream per test: the next test's receiver must not see this one's deliveries.
    await t.prisma.logStream.deleteMany({});
    await receiver.close();
  });

  const createStream = async (sink: Record<string, unknown> = {}, extra: object = {}): Promise<string> => {
    const res = await t.api
      .post('/api/v2/log-streams')
      .set('Authorization', auth)
      .send({ type: 'http', sink: { httpEndpoint: receiver.url, ...sink }, ...extra });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { id: string }).id;
  };
  const patch = (id: string, body: object) => t.api.patch(`/api/v2/log-streams/${id}`).set('Authorization', auth).send(body);
  /** Entries written one transaction each, as the service writes them; their log ids in order. */
  const write = async (count: number, type = 'sapi'): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const row = await t.prisma.tenantLog.create({ data: { type, description: `entry ${i}`, client_id: 'cli_1' } });
      ids.push(logId(row.tx_id, row.seq));
    }
    return ids;
  };

  it('JSONARRAY: every entry written after creation, in order, in batches, with the Authorization and custom headers', async () => {
    await write(2);
    await createStream({
      httpContentFormat: 'JSONARRAY',
      httpContentType: 'application/vnd.test+json',
      httpAuthorization: 'Bearer sink-token',
      httpCustomHeaders: [{ header: 'X-Team', value: 'identity' }],
    });
    const ids = await write(10);
    assert.deepEqual(await receiver.untilAll(ids), ids);
    for (const request of receiver.requests.filter((r) => r.logs.some((log) => ids.includes(log.log_id)))) {
      assert.equal(request.headers.authorization, 'Bearer sink-token');
      assert.equal(request.headers['content-type'], 'application/vnd.test+json');
      assert.equal(request.headers['x-team'], 'identity');
      assert.ok(request.body.startsWith('['));
      assert.ok(request.logs.length <= 4, 'LOG_STREAM_BATCH_SIZE bounds a request');
    }
    const first = receiver.requests.flatMap((r) => r.logs).find((log) => log.log_id === ids[0]);
    assert.ok(first);
    assert.deepEqual(Object.keys(first), ['log_id', 'data']);
    assert.equal(first.data.log_id, first.log_id);
    assert.ok(!('seq' in first.data) && !('tx_id' in first.data), 'the ordering columns are not part of the event');
    assert.equal(first.data.type, 'sapi');
    assert.equal(first.data.client_id, 'cli_1');
    assert.match(String(first.data.date), /^\d{4}-\d\d-\d\dT/);
  });

  it('JSONLINES (the default): one JSON document per line, application/json, no Authorization when none was given', async () => {
    await createStream();
    const ids = await write(3);
    assert.deepEqual(await receiver.untilAll(ids), ids);
    const request = receiver.requests[0];
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers.authorization, undefined);
    assert.ok(!request.body.startsWith('['));
    assert.equal(request.body.split('\n').length, request.logs.length);
  });

  it('delivers a management write’s entry as GET /logs/{id} answers it, details and changes as stored', async () => {
    const id = await createStream();
    assert.equal((await patch(id, { name: 'renamed-stream' })).status, 200);
    const reader = await t.bearer('read:logs');
    const [latest] = (await t.api.get('/api/v2/logs?per_page=1').set('Authorization', reader)).body as { log_id: string }[];
    await receiver.untilAll([latest.log_id]);
    const request = receiver.requests.find((r) => r.logs.some((log) => log.log_id === latest.log_id));
    assert.ok(request);
    const delivered = request.logs.find((log) => log.log_id === latest.log_id);
    const read = await t.api.get(`/api/v2/logs/${latest.log_id}`).set('Authorization', reader);
    assert.equal(read.status, 200);
    assert.deepEqual(delivered?.data, read.body);
    assert.equal((read.body as { type: string }).type, 'sapi');
    const [change] = (read.body as { details: { changes: { table: string; after: { name: string } }[] } }).details.changes;
    assert.deepEqual([change.table, change.after.name], ['log_streams', 'renamed-stream']);
    // The very text: both send the event's details as stored, neither parses and re-serializes them.
    assert.ok(request.body.includes(`"data":${read.text}`), request.body);
  });

  it('JSONOBJECT: one request per entry', async () => {
    await createStream({ httpContentFormat: 'JSONOBJECT' });
    const ids = await write(5);
    assert.deepEqual(await receiver.untilAll(ids), ids);
    assert.ok(receiver.requests.every((r) => r.logs.length === 1));
    assert.ok(receiver.requests.every((r) => r.body.startsWith('{')));
  });

  it('filters by category: management.success delivers sapi, not seccft or fapi', async () => {
    await createStream({}, { filters: [{ type: 'category', name: 'management.success' }] });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      await write(1, 'seccft');
      ids.push(...(await write(1, 'sapi')));
      await write(1, 'fapi');
    }
    assert.deepEqual(await receiver.untilAll(ids), ids);
    await sleep(500);
    const types = receiver.requests.flatMap((r) => r.logs.map((log) => log.data.type));
    assert.deepEqual([...new Set(types)], ['sapi'], 'only the category asked for');
    assert.deepEqual(receiver.acceptedOf(ids), ids);
  });

  it('orders by number: seq 999 before 1000, in one transaction and across transactions', async () => {
    await createStream({ httpContentFormat: 'JSONARRAY' });
    await t.prisma.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('tenant_logs', 'seq'), 995)`);
    const rows = await t.prisma.tenantLog.createManyAndReturn({ data: Array.from({ length: 8 }, () => ({ type: 'sapi' })) });
    const together = rows.sort((a, b) => Number(a.seq - b.seq)).map((row) => logId(row.tx_id, row.seq));
    assert.ok(rows.some((row) => row.seq === 999n) && rows.some((row) => row.seq === 1000n));
    const apart = await write(3);
    assert.deepEqual(await receiver.untilAll([...together, ...apart]), [...together, ...apart]);
  });

  it('an entry committed late is not skipped: later entries wait for the older transaction', async () => {
    await createStream();
    const slow = new pg.Client({ connectionString: t.databaseUrl });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      const { rows } = await slow.query<{ tx_id: string; seq: string }>(
        `INSERT INTO tenant_logs (type) VALUES ('sapi') RETURNING tx_id::text, seq::text`,
      );
      const late = logId(rows[0].tx_id, rows[0].seq);
      const quick = await write(2);
      await sleep(800);
      assert.deepEqual(receiver.acceptedOf([late, ...quick]), [], 'nothing passes an entry whose transaction is still open');
      await slow.query('COMMIT');
      // The older transaction's entry comes first: (tx_id, seq) order is commit-safe, not commit order.
      assert.deepEqual(await receiver.untilAll([late, ...quick]), [late, ...quick]);
    } finally {
      await slow.end();
    }
  });

  it('a sink answering 500 for a while gets everything, in order, once it recovers; the failure is recorded meanwhile', async () => {
    receiver.answer = (index) => (index < 3 ? 500 : 200);
    const id = await createStream({ httpContentFormat: 'JSONARRAY' });
    const ids = await write(6);
    for (let i = 0; receiver.requests.length < 2; i++) {
      assert.ok(i < 400, 'the sink was not tried');
      await sleep(25);
    }
    const failing = await t.prisma.logStream.findUniqueOrThrow({ where: { id } });
    assert.ok(failing.failures >= 1);
    assert.equal(failing.last_error, 'The endpoint answered HTTP 500.');
    assert.deepEqual(await receiver.untilAll(ids), ids);
    // The refused requests carried the same first batch that was then accepted.
    assert.deepEqual(receiver.requests[0].logs, receiver.requests[3].logs);
    const recovered = await t.prisma.logStream.findUniqueOrThrow({ where: { id } });
    assert.deepEqual([recovered.status, recovered.failures, recovered.last_error], ['active', 0, null]);
  });

  it('a paused stream delivers nothing; resumed, it catches up in order', async () => {
    const id = await createStream();
    const first = await write(2);
    await receiver.untilAll(first);
    assert.equal((await patch(id, { status: 'paused' })).status, 200);
    await sleep(300);
    const seen = receiver.requests.length;
    const during = await write(5);
    await sleep(800);
    assert.equal(receiver.requests.length, seen, 'paused: no request');
    assert.equal((await patch(id, { status: 'active' })).status, 200);
    const later = await write(1);
    assert.deepEqual(await receiver.untilAll([...first, ...during, ...later]), [...first, ...during, ...later]);
  });

  it('a stream failing past the threshold is suspended and left alone; set active again, it delivers', async () => {
    receiver.answer = () => 503;
    const id = await createStream();
    // As if it had failed for days: one failure short of the threshold.
    await t.prisma.logStream.update({ where: { id }, data: { failures: SUSPEND_AFTER_FAILURES - 1 } });
    const ids = await write(2);
    for (let i = 0; (await t.prisma.logStream.findUniqueOrThrow({ where: { id } })).status !== 'suspended'; i++) {
      assert.ok(i < 400, 'not suspended');
      await sleep(25);
    }
    const res = await t.api.get(`/api/v2/log-streams/${id}`).set('Authorization', auth);
    assert.equal(res.body.status, 'suspended');
    const tried = receiver.requests.length;
    await sleep(800);
    assert.equal(receiver.requests.length, tried, 'a suspended stream is not tried');
    receiver.answer = () => 200;
    assert.equal((await patch(id, { status: 'active' })).status, 200);
    assert.deepEqual(await receiver.untilAll(ids), ids);
  });

  it("streams the entries of real management writes: the stream's own creation, then an organization's, in order", async () => {
    const id = await createStream({}, { filters: [{ type: 'category', name: 'management.success' }] });
    const org = await t.api
      .post('/api/v2/organizations')
      .set('Authorization', await t.bearer('create:organizations'))
      .send({ name: `streamed-${randomBytes(4).toString('hex')}` });
    assert.equal(org.status, 201, JSON.stringify(org.body));
    const entries = await t.prisma.tenantLog.findMany({ where: { type: 'sapi' }, orderBy: [{ tx_id: 'asc' }, { seq: 'asc' }] });
    const ours = entries.filter((entry) => [id, org.body.id].some((value) => entry.details?.includes(value)));
    assert.equal(ours.length, 2, 'one sapi for the stream, one for the organization');
    const ids = ours.map((entry) => logId(entry.tx_id, entry.seq));
    assert.deepEqual(await receiver.untilAll(ids), ids);
    const streamed = receiver.requests.flatMap((r) => r.logs).find((log) => log.log_id === ids[1]);
    assert.ok(streamed);
    assert.equal(streamed.data.type, 'sapi');
    // An object, as GET /logs shows it, not the text it is stored as.
    const details = streamed.data.details as { response: { statusCode: number } };
    assert.equal(details.response.statusCode, 201);
    assert.ok(JSON.stringify(details).includes(org.body.id));
  });

  it('an unreachable sink is a recorded failure with a backoff, not a crash', async () => {
    const id = await createStream({ httpEndpoint: 'http://127.0.0.1:9/nothing-listens-here' });
    await write(1);
    for (let i = 0; (await t.prisma.logStream.findUniqueOrThrow({ where: { id } })).failures < 2; i++) {
      assert.ok(i < 400, 'no failure recorded');
      await sleep(25);
    }
    const row = await t.prisma.logStream.findUniqueOrThrow({ where: { id } });
    assert.match(row.last_error ?? '', /^The endpoint could not be reached: /);
    assert.ok(row.retry_at && row.retry_at > new Date(Date.now() - 1000));
    assert.equal(row.lease_owner, null, 'a failed attempt lets the lease go');
  });
});

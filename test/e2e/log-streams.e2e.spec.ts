import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ManagementError } from 'auth0';
import { LogStreamsClient } from 'auth0/logStreams';
import { Errors, expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:log_streams read:log_streams update:log_streams delete:log_streams';
const SECRET = 'a-key-encryption-secret-for-tests';
const SINK_DESC = 'Where and how the logs are posted';
const FILTERS_DESC =
  'Only logs events matching these filters will be delivered by the stream. If omitted or empty, all events will be delivered.';
const notFound = [404, 'inexistent_log_stream', 'The log stream does not exist.'] as const;

describe('log streams: the management API', () => {
  let t: TestApp;
  let auth: string;
  before(async () => {
    t = await startTestApp({ KEY_ENCRYPTION_SECRET: SECRET });
    auth = await t.bearer(ALL);
  });
  after(() => t.close());

  const sink = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    httpEndpoint: 'https://logs.example.com/auth0',
    ...extra,
  });
  const create = (body: object) => t.api.post('/api/v2/log-streams').set('Authorization', auth).send(body);
  const get = (id: string) => t.api.get(`/api/v2/log-streams/${id}`).set('Authorization', auth);
  const patch = (id: string, body: object) => t.api.patch(`/api/v2/log-streams/${id}`).set('Authorization', auth).send(body);
  const remove = (id: string) => t.api.delete(`/api/v2/log-streams/${id}`).set('Authorization', auth);

  describe('POST /log-streams', () => {
    it('200 with the stream, httpAuthorization left out; stored encrypted', async () => {
      const given = sink({
        httpContentType: 'application/json',
        httpContentFormat: 'JSONARRAY',
        httpAuthorization: 'Bearer sink-token',
        httpCustomHeaders: [{ header: 'X-Team', value: 'identity' }],
      });
      const filters = [{ type: 'category', name: 'management.success' }];
      const res = await create({ name: 'siem', type: 'http', sink: given, filters });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.match(res.body.id, /^lst_[A-Za-z0-9]{16}$/);
      const { httpAuthorization: _, ...shown } = given;
      assert.deepEqual(res.body, {
        id: res.body.id,
        name: 'siem',
        type: 'http',
        status: 'active',
        isPriority: false,
        filters,
        sink: shown,
      });
      const row = await t.prisma.logStream.findUniqueOrThrow({ where: { id: res.body.id } });
      assert.ok(row.sink_secret?.startsWith('v1.'), 'httpAuthorization is sealed with KEY_ENCRYPTION_SECRET');
      assert.ok(!String(row.sink_secret).includes('sink-token'));
      assert.ok(!JSON.stringify(row.sink).includes('sink-token'));
      // Nor in the tenant log entry of the write, which the streams themselves deliver.
      const leaks = await t.prisma.$queryRaw<unknown[]>`SELECT seq FROM tenant_logs WHERE details::text LIKE '%sink-token%'`;
      assert.deepEqual(leaks, []);
    });

    it('starts at the current end: its cursor is past every entry already written', async () => {
      const before = await t.prisma.tenantLog.create({ data: { type: 'sapi' } });
      const res = await create({ type: 'http', sink: sink() });
      const row = await t.prisma.logStream.findUniqueOrThrow({ where: { id: res.body.id } });
      assert.ok(row.cursor_tx >= before.tx_id, `cursor ${row.cursor_tx} is not past ${before.tx_id}`);
      // Unnamed: named after its id (ours).
      assert.equal(res.body.name, res.body.id);
    });

    const invalid: [string, object, string][] = [
      ['a missing type', { sink: sink() }, `Payload validation error: 'Missing required property: type'.`],
      ['an unknown type', { type: 'ftp', sink: sink() }, `Payload validation error: 'No enum match for: "ftp"' on property type.`],
      ['a missing sink', { type: 'http' }, `Payload validation error: 'Missing required property: sink'.`],
      [
        'a sink without httpEndpoint',
        { type: 'http', sink: {} },
        `Payload validation error: 'Missing required property: httpEndpoint' on property sink (${SINK_DESC}).`,
      ],
      [
        'a plain http endpoint off this host',
        { type: 'http', sink: sink({ httpEndpoint: 'http://logs.example.com/x' }) },
        `Payload validation error: 'String does not match pattern ^(https:\\/\\/|http:\\/\\/(localhost|127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}|\\[::1\\])([:/?#]|$)): http://logs.example.com/x' on property sink (${SINK_DESC}).`,
      ],
      [
        'an unknown content format',
        { type: 'http', sink: sink({ httpContentFormat: 'XML' }) },
        `Payload validation error: 'No enum match for: "XML"' on property sink (${SINK_DESC}).`,
      ],
      [
        'an unknown filter category',
        { type: 'http', sink: sink(), filters: [{ type: 'category', name: 'everything' }] },
        `Payload validation error: 'No enum match for: "everything"' on property filters (${FILTERS_DESC}).`,
      ],
      [
        'a header that would split the request',
        { type: 'http', sink: sink({ httpCustomHeaders: [{ header: 'X-A', value: 'a\r\nX-B: b' }] }) },
        `Payload validation error: 'String does not match pattern ^[^\\r\\n]*$: a\r\nX-B: b' on property sink (${SINK_DESC}).`,
      ],
      [
        'pii_config without log_fields',
        { type: 'http', sink: sink(), pii_config: { method: 'mask' } },
        `Payload validation error: 'Missing required property: log_fields' on property pii_config (Which personal fields of the logs are masked or hashed (stored, no effect yet)).`,
      ],
    ];
    for (const [what, body, message] of invalid) {
      it(`400 for ${what}`, async () => Errors.invalidBody(await create(body), message));
    }

    it("400 for a sink that is not its type's", async () => {
      Errors.invalidBody(
        await create({ type: 'datadog', sink: sink() }),
        `Payload validation error: 'Additional properties not allowed: httpEndpoint' on property sink (${SINK_DESC}).`,
      );
      Errors.invalidBody(
        await create({ type: 'kafka', sink: sink() }),
        `Payload validation error: 'No enum match for: "kafka"' on property type.`,
      );
    });

    it('403 without create:log_streams; 401 without a token', async () => {
      const res = await t.api
        .post('/api/v2/log-streams')
        .set('Authorization', await t.bearer('read:log_streams'))
        .send({});
      Errors.insufficientScope(res, 'create:log_streams');
      Errors.missingAuth(await t.api.post('/api/v2/log-streams').send({ type: 'http', sink: sink() }));
    });
  });

  describe('GET /log-streams and /log-streams/{id}', () => {
    it('lists every stream as a plain array, oldest first', async () => {
      const a = (await create({ name: 'a', type: 'http', sink: sink() })).body as { id: string };
      const b = (await create({ name: 'b', type: 'http', sink: sink() })).body as { id: string };
      const res = await t.api.get('/api/v2/log-streams').set('Authorization', auth);
      assert.equal(res.status, 200);
      assert.ok(Array.isArray(res.body));
      const ids = (res.body as { id: string }[]).map((s) => s.id);
      assert.ok(ids.includes(a.id) && ids.indexOf(a.id) < ids.indexOf(b.id));
      assert.deepEqual(
        (res.body as object[]).find((s) => (s as { id: string }).id === b.id),
        b,
      );
    });

    it('gets one; 404 for an unknown id', async () => {
      const created = (await create({ name: 'one', type: 'http', sink: sink({ httpAuthorization: 'x' }) })).body as { id: string };
      const res = await get(created.id);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, created);
      expectError(await get('lst_doesNotExist0000'), ...notFound);
    });

    it('403 without read:log_streams', async () => {
      const res = await t.api.get('/api/v2/log-streams').set('Authorization', await t.bearer('create:log_streams'));
      Errors.insufficientScope(res, 'read:log_streams');
    });
  });

  describe('PATCH /log-streams/{id}', () => {
    it('changes the name, the filters and some sink fields; keeps the rest and the secret', async () => {
      const created = (
        await create({ name: 'old', type: 'http', sink: sink({ httpAuthorization: 'keep-me', httpContentFormat: 'JSONLINES' }) })
      ).body as { id: string };
      const before = await t.prisma.logStream.findUniqueOrThrow({ where: { id: created.id } });
      const res = await patch(created.id, {
        name: 'new',
        filters: [{ type: 'category', name: 'auth.token_exchange.fail' }],
        sink: { httpContentFormat: 'JSONOBJECT' },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, {
        id: created.id,
        name: 'new',
        type: 'http',
        status: 'active',
        isPriority: false,
        filters: [{ type: 'category', name: 'auth.token_exchange.fail' }],
        sink: { httpEndpoint: 'https://logs.example.com/auth0', httpContentFormat: 'JSONOBJECT' },
      });
      const after = await t.prisma.logStream.findUniqueOrThrow({ where: { id: created.id } });
      assert.equal(after.sink_secret, before.sink_secret);
      assert.ok(after.updated_at > before.updated_at);
    });

    it('pauses and resumes; resuming a suspended stream resets its failures', async () => {
      const { id } = (await create({ type: 'http', sink: sink() })).body as { id: string };
      assert.equal((await patch(id, { status: 'paused' })).body.status, 'paused');
      await t.prisma.logStream.update({
        where: { id },
        data: { status: 'suspended', failures: 42, retry_at: new Date(Date.now() + 3_600_000) },
      });
      assert.equal((await get(id)).body.status, 'suspended');
      const res = await patch(id, { status: 'active' });
      assert.equal(res.body.status, 'active');
      const row = await t.prisma.logStream.findUniqueOrThrow({ where: { id } });
      assert.deepEqual([row.failures, row.retry_at], [0, null]);
    });

    it('400 for suspended (the server decides that), for an empty body, for a type change', async () => {
      const { id } = (await create({ type: 'http', sink: sink() })).body as { id: string };
      Errors.invalidBody(
        await patch(id, { status: 'suspended' }),
        `Payload validation error: 'No enum match for: "suspended"' on property status.`,
      );
      Errors.invalidBody(await patch(id, {}), `Payload validation error: 'Too few properties defined (0), minimum 1'.`);
      Errors.invalidBody(await patch(id, { type: 'http' }), `Payload validation error: 'Additional properties not allowed: type'.`);
    });

    it('404 for an unknown id; 403 without update:log_streams', async () => {
      expectError(await patch('lst_doesNotExist0000', { name: 'x' }), ...notFound);
      const res = await t.api
        .patch('/api/v2/log-streams/lst_x')
        .set('Authorization', await t.bearer('read:log_streams'))
        .send({ name: 'x' });
      Errors.insufficientScope(res, 'update:log_streams');
    });
  });

  describe('DELETE /log-streams/{id}', () => {
    it('204, then 404 on get and 204 again on a second delete (Auth0 recorded); 403 without delete:log_streams', async () => {
      const { id } = (await create({ type: 'http', sink: sink() })).body as { id: string };
      const denied = await t.api.delete(`/api/v2/log-streams/${id}`).set('Authorization', await t.bearer('read:log_streams'));
      Errors.insufficientScope(denied, 'delete:log_streams');
      const res = await remove(id);
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      expectError(await get(id), ...notFound);
      const again = await remove(id);
      assert.equal(again.status, 204);
    });
  });

  describe('the official SDK (v7): management.logStreams', () => {
    it('create, list, get, update, delete, and a 404 read through its error class', async () => {
      const baseUrl = await Sdk.listen(t);
      const logStreams = new LogStreamsClient({ baseUrl, token: auth.slice('Bearer '.length), maxRetries: 0 });
      const created = await logStreams.create({
        name: 'by the sdk',
        type: 'http',
        sink: { httpEndpoint: 'https://sdk.example.com/logs', httpContentFormat: 'JSONLINES', httpAuthorization: 'sdk-secret' },
        filters: [{ type: 'category', name: 'management.fail' }],
      });
      const id = String(created.id);
      assert.deepEqual(created, {
        id,
        name: 'by the sdk',
        type: 'http',
        status: 'active',
        isPriority: false,
        filters: [{ type: 'category', name: 'management.fail' }],
        sink: { httpEndpoint: 'https://sdk.example.com/logs', httpContentFormat: 'JSONLINES' },
      });
      assert.ok((await logStreams.list()).some((stream) => stream.id === id));
      assert.deepEqual(await logStreams.get(id), created);
      const updated = await logStreams.update(id, { status: 'paused', sink: { httpEndpoint: 'https://sdk.example.com/v2' } });
      assert.equal(updated.status, 'paused');
      assert.deepEqual(updated.sink, { httpEndpoint: 'https://sdk.example.com/v2', httpContentFormat: 'JSONLINES' });
      await logStreams.delete(id);
      const error = await logStreams.get(id).then(
        () => assert.fail('expected a 404'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ManagementError);
      assert.equal(error.statusCode, 404);
      assert.deepEqual(error.body, { statusCode: 404, error: STATUS_CODES[404], message: notFound[2], errorCode: notFound[1] });
    });
  });
});

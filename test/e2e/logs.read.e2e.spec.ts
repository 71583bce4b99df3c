import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LogsClient } from 'auth0/logs';
import { LogPruner } from '../../src/logs/log-pruner.js';
import { Errors, expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const READ = 'read:logs';
type Log = Record<string, unknown> & { log_id: string; date: string; type: string };

describe('GET /api/v2/logs', () => {
  let t: TestApp;
  let auth: string;
  const seeded: { type: string; client_id: string; description: string; date: string }[] = [
    { type: 'sapi', client_id: 'cli_a', description: 'Update a token exchange profile', date: '2026-01-01T00:00:00.000Z' },
    { type: 'fapi', client_id: 'cli_a', description: 'Delete a token exchange profile', date: '2026-01-02T00:00:00.000Z' },
    { type: 'sapi', client_id: 'cli_b', description: 'Create a client', date: '2026-01-03T00:00:00.000Z' },
    { type: 'seccft', client_id: 'cli_b', description: 'Client Credentials for Access Token', date: '2026-01-04T00:00:00.000Z' },
    { type: 'feccft', client_id: 'cli_c', description: 'Unauthorized', date: '2026-01-05T00:00:00.000Z' },
  ];

  before(async () => {
    t = await startTestApp({ LOG_RETENTION_DAYS: '30' });
    auth = await t.bearer(READ);
    for (const entry of seeded) {
      await t.prisma.$executeRaw`
        INSERT INTO tenant_logs (type, client_id, description, date, ip, details)
        VALUES (${entry.type}, ${entry.client_id}, ${entry.description}, ${new Date(entry.date)}, '10.0.0.1', '{"request":{}}'::jsonb)`;
    }
  });
  after(() => t.close());

  const list = async (query: string): Promise<Log[]> => {
    const res = await t.api.get(`/api/v2/logs?${query}`).set('Authorization', auth);
    assert.equal(res.status, 200, res.text);
    return res.body as Log[];
  };
  const dates = (logs: Log[]) => logs.map((l) => l.date);

  it('lists newest first as Auth0 log events, without the ordering columns', async () => {
    const logs = await list('');
    assert.deepEqual(dates(logs), seeded.map((s) => s.date).reverse());
    const [newest] = logs;
    assert.match(newest.log_id, /^900\d{40}$/);
    assert.deepEqual(Object.keys(newest).sort(), ['client_id', 'date', 'description', 'details', 'ip', 'log_id', 'type']);
    assert.equal(newest.type, 'feccft');
    assert.deepEqual(newest.details, { request: {} }, 'an object, not the text it is stored as');
  });

  it('include_totals answers {start, limit, length, total, logs}; page and per_page page through', async () => {
    const res = await t.api.get('/api/v2/logs?include_totals=true&per_page=2&page=1').set('Authorization', auth);
    assert.equal(res.status, 200);
    const body = res.body as { start: number; limit: number; length: number; total: number; logs: Log[] };
    assert.deepEqual(
      { ...body, logs: dates(body.logs) },
      { start: 2, limit: 2, length: 2, total: 5, logs: [seeded[2].date, seeded[1].date] },
    );
  });

  it('sort=date:1 is oldest first; any other sort is a 400', async () => {
    assert.deepEqual(
      dates(await list('sort=date:1')),
      seeded.map((s) => s.date),
    );
    const res = await t.api.get('/api/v2/logs?sort=type:1').set('Authorization', auth);
    expectError(
      res,
      400,
      'invalid_query_string',
      "Query validation error: 'String does not match pattern ^(date):(1|-1)$: type:1' on property sort (Field to use for sorting appended with :1 for ascending and :-1 for descending. e.g. date:-1).",
    );
  });

  it('fields and include_fields select the properties', async () => {
    const logs = await list('fields=type,date&per_page=1');
    assert.deepEqual(logs, [{ type: 'feccft', date: seeded[4].date }]);
    const without = await list('fields=details,ip&include_fields=false&per_page=1');
    assert.deepEqual(Object.keys(without[0]).sort(), ['client_id', 'date', 'description', 'log_id', 'type']);
    // details are added to the answer's text apart from the other properties: alone, and last.
    assert.deepEqual(await list('fields=details&per_page=1'), [{ details: { request: {} } }]);
    const withType = await list('fields=details,type&per_page=1');
    assert.deepEqual(withType, [{ type: 'feccft', details: { request: {} } }]);
    assert.deepEqual(Object.keys(withType[0]), ['type', 'details']);
  });

  it('q: type, client_id, description words, AND / OR / NOT, parentheses, prefixes, and search= alike', async () => {
    const types = async (q: string, param = 'q') => (await list(`sort=date:1&${param}=${encodeURIComponent(q)}`)).map((l) => l.type);
    assert.deepEqual(await types('type:sapi'), ['sapi', 'sapi']);
    assert.deepEqual(await types('client_id:cli_b'), ['sapi', 'seccft']);
    assert.deepEqual(await types('type:sapi AND client_id:cli_b'), ['sapi']);
    assert.deepEqual(await types('type:sapi client_id:cli_b'), ['sapi']);
    assert.deepEqual(await types('type:fapi OR type:feccft'), ['fapi', 'feccft']);
    assert.deepEqual(await types('NOT type:sapi AND -type:seccft'), ['fapi', 'feccft']);
    assert.deepEqual(await types('(type:fapi OR type:seccft) AND client_id:cli_b'), ['seccft']);
    assert.deepEqual(await types('description:"token exchange"'), ['sapi', 'fapi']);
    assert.deepEqual(await types('type:fe*'), ['feccft']);
    assert.deepEqual(await types('unauthorized'), ['feccft']);
    assert.deepEqual(await types('type:sapi', 'search'), ['sapi', 'sapi']);
  });

  it('q: date ranges, inclusive [] and exclusive {}, * for an open end, and a bare day', async () => {
    const q = async (query: string) => dates(await list(`sort=date:1&q=${encodeURIComponent(query)}`));
    assert.deepEqual(await q('date:[2026-01-02 TO 2026-01-04]'), [seeded[1].date, seeded[2].date, seeded[3].date]);
    assert.deepEqual(await q('date:{2026-01-02 TO 2026-01-04}'), [seeded[2].date]);
    assert.deepEqual(await q('date:[2026-01-04 TO *]'), [seeded[3].date, seeded[4].date]);
    assert.deepEqual(await q('date:[* TO 2026-01-01T00:00:00.000Z]'), [seeded[0].date]);
    assert.deepEqual(await q('date:2026-01-03'), [seeded[2].date]);
    assert.deepEqual(await q('date:[2026-01-01 TO 2026-01-03] AND type:sapi'), [seeded[0].date, seeded[2].date]);
  });

  it('q that cannot be read is a 400 invalid_query_string', async () => {
    const bad = (q: string) => t.api.get(`/api/v2/logs?q=${encodeURIComponent(q)}`).set('Authorization', auth);
    expectError(await bad('user_email:x'), 400, 'invalid_query_string', 'The search query string has an error: unknown field "user_email"');
    expectError(
      await bad('date:[yesterday TO *]'),
      400,
      'invalid_query_string',
      'The search query string has an error: invalid date "yesterday"',
    );
    expectError(await bad('(type:sapi'), 400, 'invalid_query_string', 'The search query string has an error: missing closing parenthesis');
    expectError(await bad('type:"open'), 400, 'invalid_query_string', 'The search query string has an error: unterminated quoted phrase');
  });

  it('Auth0 limits: per_page at most 100, page × per_page within the first 1000, take at most 100', async () => {
    assert.equal((await t.api.get('/api/v2/logs?per_page=101').set('Authorization', auth)).status, 400);
    Errors.invalidPaging(await t.api.get('/api/v2/logs?per_page=100&page=10').set('Authorization', auth));
    assert.equal((await t.api.get('/api/v2/logs?per_page=100&page=9').set('Authorization', auth)).status, 200);
    assert.equal((await t.api.get('/api/v2/logs?take=101').set('Authorization', auth)).status, 400);
  });

  it('checkpoint: from/take answer entries after `from` in log_id order, with a Link to the next page', async () => {
    const all = await list('take=100');
    assert.deepEqual(
      dates(all),
      seeded.map((s) => s.date),
    );
    const res = await t.api.get(`/api/v2/logs?from=${all[1].log_id}&take=2`).set('Authorization', auth);
    assert.equal(res.status, 200);
    assert.deepEqual(
      (res.body as Log[]).map((l) => l.log_id),
      [all[2].log_id, all[3].log_id],
    );
    const link = res.headers.link;
    assert.match(link, new RegExp(`^<http://[^>]+/api/v2/logs\\?from=${all[3].log_id}&take=2>; rel="next"$`));
    // Nothing newer yet: the next link repeats the same checkpoint.
    const end = await t.api.get(`/api/v2/logs?from=${all[4].log_id}&take=2`).set('Authorization', auth);
    assert.deepEqual(end.body, []);
    assert.match(end.headers.link, new RegExp(`from=${all[4].log_id}&take=2>`));
    // Any string is a checkpoint: the entries whose log_id sorts after it.
    const ids = async (from: string) => (await list(`from=${encodeURIComponent(from)}&take=100`)).map((l) => l.log_id);
    const every = all.map((l) => l.log_id);
    assert.deepEqual(await ids(`${all[1].log_id}~`), every.slice(2));
    assert.deepEqual(
      await ids(all[2].log_id.slice(0, 30)),
      every.filter((id) => id > all[2].log_id.slice(0, 30)),
    );
    assert.deepEqual(await ids('8zz'), every);
    assert.deepEqual(await ids('901'), []);
  });

  it('GET /logs/:id answers one event, 404 for an unknown id', async () => {
    const [newest] = await list('per_page=1');
    const res = await t.api.get(`/api/v2/logs/${newest.log_id}`).set('Authorization', auth);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(res.body, newest);
    expectError(await t.api.get('/api/v2/logs/900404').set('Authorization', auth), 404, 'inexistent_log', 'log not found');
    const unused = `${newest.log_id.slice(0, 23)}${'9'.repeat(20)}`;
    expectError(await t.api.get(`/api/v2/logs/${unused}`).set('Authorization', auth), 404, 'inexistent_log', 'log not found');
  });

  it('q: log_id, exact (one entry, or none for a value that is no log id) and by prefix', async () => {
    const all = await list('sort=date:1');
    const ids = async (q: string) => (await list(`sort=date:1&q=${encodeURIComponent(q)}`)).map((l) => l.log_id);
    assert.deepEqual(await ids(`log_id:${all[2].log_id}`), [all[2].log_id]);
    assert.deepEqual(await ids(`log_id:"${all[3].log_id}"`), [all[3].log_id]);
    assert.deepEqual(await ids('log_id:cli_a'), []);
    const prefix = all[0].log_id.slice(0, 23);
    const byPrefix = await ids(`log_id:${prefix}*`);
    assert.deepEqual(
      byPrefix,
      all.map((l) => l.log_id).filter((id) => id.startsWith(prefix)),
    );
    assert.ok(byPrefix.length >= 1);
  });

  it('403 without read:logs, 401 without a token; reading is not logged', async () => {
    const before = await t.prisma.tenantLog.count();
    Errors.insufficientScope(await t.api.get('/api/v2/logs').set('Authorization', await t.bearer('read:clients')), READ);
    Errors.insufficientScope(await t.api.get('/api/v2/logs/x').set('Authorization', await t.bearer('read:clients')), READ);
    Errors.missingAuth(await t.api.get('/api/v2/logs'));
    assert.equal(await t.prisma.tenantLog.count(), before);
  });

  it('the official SDK v7 lists (search, paging) and gets log events unchanged', async () => {
    const baseUrl = await Sdk.listen(t);
    const logs = new LogsClient({ baseUrl, token: auth.slice('Bearer '.length) });
    const page = await logs.list({ search: 'type:sapi', per_page: 1, sort: 'date:1' });
    const items = [];
    for await (const item of page) items.push(item);
    assert.deepEqual(
      items.map((l) => l.date),
      [seeded[0].date, seeded[2].date],
    );
    const one = await logs.get(String(items[0].log_id));
    assert.equal(one.type, 'sapi');
    assert.equal(one.description, seeded[0].description);
  });

  it('prunes entries older than the retention period, in batches, keeping the rest', async () => {
    await t.prisma.$executeRaw`
      INSERT INTO tenant_logs (type, date) SELECT 'sapi', now() - interval '31 days' - (n || ' seconds')::interval FROM generate_series(1, 2500) n`;
    await t.prisma.$executeRaw`INSERT INTO tenant_logs (type, date) VALUES ('sapi', now() - interval '29 days')`;
    const before = await t.prisma.tenantLog.count();
    const deleted = await t.app.get(LogPruner).prune();
    // The seeded January entries are older than 30 days too.
    assert.equal(deleted, 2500 + seeded.length);
    assert.equal(await t.prisma.tenantLog.count(), before - deleted);
    assert.equal(await t.prisma.tenantLog.count({ where: { date: { lt: new Date(Date.now() - 30 * 86_400_000) } } }), 0);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { GlobalClients } from '../../src/clients/global-clients.js';
import { logId } from '../../src/logs/log-id.js';
import { LogPruner } from '../../src/logs/log-pruner.js';
import { recordPoolStatements, type SentStatement } from '../support/pool-statements.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, VALIDATING } from '../support/token-exchange.js';

// Tables of a realistic shape; the growth figures themselves are the benchmark's.
const ROWS = 20_000;
const GROWN = new Set([
  'organizations',
  'client_grants',
  'organization_client_grants',
  'token_exchange_profiles',
  'tenant_logs',
  'clients',
  'resource_servers',
  'connections',
  'users',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * The scans of a grown table that read all of it: a sequential scan, or an index scan whose
 * condition never names the index's first column (PostgreSQL then walks the whole index, as it
 * would for `seq = $1` on a (tx_id, seq) key). `leading` maps each index to its first column.
 */
function wholeScans(node: PlanNode, leading: ReadonlyMap<string, string>): string[] {
  const relation = node['Relation Name'];
  const index = node['Index Name'];
  const cond = node['Index Cond'];
  const own: string[] = [];
  if (node['Node Type'] === 'Seq Scan' && relation && GROWN.has(relation)) own.push(relation);
  const first = index && leading.get(index);
  if (first && cond && !new RegExp(`\\b${first}\\b`).test(cond)) own.push(`${index} without ${first}`);
  return [...own, ...(node.Plans ?? []).flatMap((child) => wholeScans(child, leading))];
}

/**
 * Every statement the hot requests send, recorded at the pool as the service sends it (its own
 * SQL and Prisma's), is explained against grown tables: none may read a whole grown table (a
 * sequential scan, or an index walked without its first column), so their cost does not grow with
 * the data.
 */
describe('the hot requests: every statement they send uses an index', () => {
  let t: TestApp;
  const sent: SentStatement[] = [];
  let stopRecording: () => void;

  before(async () => {
    t = await startTestApp();
    await t.factories.client({ client_id: 'plans-client', name: 'Plans client' });
    await t.prisma.$executeRawUnsafe(`
      INSERT INTO organizations (id, name) SELECT 'org_seed_' || g, 'seed-org-' || g FROM generate_series(1, ${ROWS}) g;
      INSERT INTO clients (client_id, name, app_type, secret_hash)
        SELECT 'seed_client_' || g, 'Seed client ' || g, 'non_interactive', 'x' FROM generate_series(1, ${ROWS}) g;
      INSERT INTO client_grants (id, client_id, audience, scope)
        SELECT 'cgr_seed_' || g, 'seed_client_' || g, 'https://seed.example.com/', ARRAY['read:things'] FROM generate_series(1, ${ROWS}) g;
      INSERT INTO organization_client_grants (organization_id, grant_id)
        SELECT 'org_seed_' || g, 'cgr_seed_' || g FROM generate_series(1, ${ROWS}) g;
      INSERT INTO organization_client_grants (organization_id, grant_id)
        SELECT 'org_seed_1', 'cgr_seed_' || g FROM generate_series(2, 100) g;
      INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type)
        SELECT 'tep_seed_' || g, 'seed profile ' || g, 'urn:seed:' || g, 'act_seed', 'custom_authentication' FROM generate_series(1, ${ROWS}) g;
      INSERT INTO tenant_logs (type, description, client_id, details)
        SELECT 'sapi', 'seed', 'seed_client_' || (g % 100), '{}'::jsonb FROM generate_series(1, ${ROWS}) g;
      INSERT INTO resource_servers (id, identifier, name)
        SELECT 'rs_seed_' || g, 'https://seed-' || g || '.example.com/', 'seed api ' || g FROM generate_series(1, ${ROWS}) g;
      INSERT INTO connections (id, name, strategy) SELECT 'con_seed_' || g, 'seed-db-' || g, 'auth0' FROM generate_series(1, ${ROWS}) g;
      INSERT INTO users (user_id, connection_id, email)
        SELECT 'auth0|seed' || g, 'con_seed_' || g, 'seed-' || g || '@example.com' FROM generate_series(1, ${ROWS}) g;
      ANALYZE;`);
    stopRecording = recordPoolStatements(sent);
  });
  after(async () => {
    stopRecording();
    await t.close();
  });

  it('the three core operations, the profile read, the organization grant list, both log pagings and a log by id', async () => {
    const scopes =
      'delete:organization_client_grants read:organization_client_grants update:token_exchange_profiles delete:token_exchange_profiles read:token_exchange_profiles read:logs';
    const auth = await t.bearer(scopes);
    const entry = await t.prisma.tenantLog.findFirst({ orderBy: { seq: 'asc' }, skip: 100 });
    assert.ok(entry);
    const checkpoint = logId(entry.tx_id, entry.seq);
    const requests: [string, string, number, object?][] = [
      ['delete', '/api/v2/organizations/org_seed_7/client-grants/cgr_seed_7', 204],
      ['patch', '/api/v2/token-exchange-profiles/tep_seed_8', 200, { name: 'renamed seed profile' }],
      ['delete', '/api/v2/token-exchange-profiles/tep_seed_9', 204],
      ['get', '/api/v2/token-exchange-profiles/tep_seed_10', 200],
      ['get', '/api/v2/organizations/org_seed_1/client-grants?page=1&per_page=50&include_totals=true', 200],
      ['get', `/api/v2/logs?from=${checkpoint}&take=50`, 200],
      ['get', `/api/v2/logs/${checkpoint}`, 200],
      ['get', '/api/v2/logs?per_page=50', 200],
    ];
    for (const [method, path, status, body] of requests) {
      sent.length = 0;
      const req = t.api[method as 'get'](path).set('Authorization', auth);
      const res = await (body ? req.send(body) : req);
      assert.equal(res.status, status, `${method} ${path}`);
      await assertIndexed(`${method} ${path}`);
    }
  });

  // Not a request, but it runs on every instance while requests do, over the largest table.
  it("the retention prune's batches", async () => {
    sent.length = 0;
    await t.app.get(LogPruner).prune();
    await assertIndexed('prune');
  });

  // Every 2 s on every instance, while requests run.
  it("the Management API's clients, the snapshot each instance refreshes", async () => {
    sent.length = 0;
    await t.app.get(GlobalClients).refresh();
    await assertIndexed('the global-client snapshot');
  });

  // Every request with a token issued here asks whether its client may call the Management API;
  // a client missing from the snapshot is looked up alone, on a named statement that goes generic.
  it("a client's Management API grant looked up alone, also in the generic plan", async () => {
    sent.length = 0;
    assert.equal(await t.app.get(GlobalClients).isGlobal('seed_client_5'), false);
    await assertIndexed('the global-client lookup', { generic: true });
  });

  // The token endpoint's hot path: the client, its grant, the API, the profile, the deployed action,
  // its cache and execution record, the user the action set, the entry.
  it('a warm custom token exchange', async () => {
    const kit = await ExchangeKit.start(t);
    const client = await kit.client();
    // The seeded profiles fill the tenant's quota, so the exchanges' profiles are written directly.
    const profileRunning = async (id: string, code: string): Promise<string> => {
      const subjectTokenType = `urn:plans:${id}`;
      await t.prisma.$executeRaw`
        INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type)
        VALUES (${`tep_plans_${id}`}, ${`plans ${id}`}, ${subjectTokenType}, ${await kit.deployedAction(code)}, 'custom_authentication')`;
      return subjectTokenType;
    };
    const subject_token_type = await profileRunning('exchange', VALIDATING);
    const params = { subject_token_type, subject_token: 'good:auth0|seed11' };
    const warm = await exchange(t, client, params);
    assert.equal(warm.status, 200, warm.text);
    sent.length = 0;
    const res = await exchange(t, client, params);
    assert.equal(res.status, 200, res.text);
    await assertIndexed('a token exchange');

    // The user found through a connection by its name, enabled for the client.
    const byConnection = await profileRunning(
      'by_connection',
      `exports.onExecuteCustomTokenExchange = async (event, api) => {
        api.authentication.setUserByConnection('seed-db-12', { user_id: 'seed12' }, { creationBehavior: 'none', updateBehavior: 'none' });
      };`,
    );
    await t.prisma.$executeRaw`INSERT INTO connection_clients (connection_id, client_id) VALUES ('con_seed_12', ${client.client_id})`;
    const first = await exchange(t, client, { subject_token_type: byConnection });
    assert.equal(first.status, 200, first.text);
    sent.length = 0;
    const second = await exchange(t, client, { subject_token_type: byConnection });
    assert.equal(second.status, 200, second.text);
    await assertIndexed('a token exchange by connection');
  });

  /**
   * Explains every statement sent since `sent` was emptied; `generic`: as the plan a named statement
   * switches to after five runs, made without the parameters' values.
   */
  async function assertIndexed(what: string, { generic = false } = {}): Promise<void> {
    const statements = sent.filter((s) => /^\s*(WITH|SELECT|UPDATE|DELETE|INSERT)\b/i.test(s.text));
    assert.ok(statements.length > 0, `${what} sent no statement through the pool`);
    const explainer = new pg.Client({ connectionString: t.databaseUrl });
    await explainer.connect();
    try {
      // At these sizes a join over 100 rows may still be cheaper by hashing a whole table; at a
      // million rows it is not. Discouraging sequential scans asks the question that holds at every
      // size: has each statement an index that serves it? A statement without one still scans.
      // A generic plan is asked as PostgreSQL would make it: a plan reading a whole table shows as one.
      await explainer.query(generic ? 'SET plan_cache_mode = force_generic_plan' : 'SET enable_seqscan = off');
      const { rows: indexes } = await explainer.query<{ index: string; first: string }>(
        `
        SELECT c.relname AS index, a.attname AS first
          FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
         WHERE i.indrelid::regclass::text = ANY ($1)`,
        [[...GROWN]],
      );
      const leading = new Map(indexes.map((row) => [row.index, row.first]));
      for (const [i, statement] of statements.entries()) {
        if (generic) await explainer.query(`PREPARE generic_${i} AS ${statement.text}`);
        const { rows } = await explainer.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          generic
            ? `EXPLAIN (FORMAT JSON) EXECUTE generic_${i}(${statement.values.map((value) => (value === null ? 'NULL' : explainer.escapeLiteral(value as string))).join(', ')})`
            : `EXPLAIN (FORMAT JSON) ${statement.text}`,
          generic ? [] : statement.values,
        );
        const plan = rows[0]['QUERY PLAN'][0].Plan;
        assert.deepEqual(
          wholeScans(plan, leading),
          [],
          `${what}: ${statement.text} ${JSON.stringify(statement.values)}\n${JSON.stringify(plan)}`,
        );
      }
    } finally {
      await explainer.end();
    }
  }
});

/**
 * A tenant with few grants, each held by many organizations (the benchmark's shape): there a plan
 * that reads every grant looks cheap to PostgreSQL, so this is where a bad one shows.
 */
describe('the organization grant list, a tenant with few grants held by many organizations', () => {
  let t: TestApp;
  const sent: SentStatement[] = [];
  let stopRecording: () => void;

  before(async () => {
    t = await startTestApp();
    await t.prisma.$executeRawUnsafe(`
      INSERT INTO organizations (id, name) SELECT 'org_few_' || g, 'few-org-' || g FROM generate_series(1, 2000) g;
      INSERT INTO client_grants (id, client_id, audience, scope)
        SELECT 'cgr_few_' || lpad(g::text, 3, '0'), 'few_client_' || g, 'https://few.example.com/', ARRAY['read:things'] FROM generate_series(1, 100) g;
      INSERT INTO organization_client_grants (organization_id, grant_id)
        SELECT 'org_few_' || o, 'cgr_few_' || lpad(g::text, 3, '0') FROM generate_series(1, 2000) o, generate_series(1, 100) g;
      ANALYZE;`);
    stopRecording = recordPoolStatements(sent);
  });
  after(async () => {
    stopRecording();
    await t.close();
  });

  // Named statements switch to a generic plan after five runs, planned without the parameters'
  // values: one with a `$n IS NULL OR ...` for each optional filter read every grant and sorted them.
  it("the organization grant list's generic plan walks the organization's associations, in order", async () => {
    const auth = await t.bearer('read:organization_client_grants');
    const res = await t.api.get('/api/v2/organizations/org_few_7/client-grants?per_page=50').set('Authorization', auth);
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 50);
    const page = sent.find((s) => s.text.includes('LEFT JOIN LATERAL'));
    assert.ok(page, 'the page statement');
    const explainer = new pg.Client({ connectionString: t.databaseUrl });
    await explainer.connect();
    try {
      await explainer.query('SET plan_cache_mode = force_generic_plan');
      await explainer.query(`PREPARE page AS ${page.text}`);
      const literal = (value: unknown) =>
        value === null ? 'NULL' : typeof value === 'number' ? String(value) : explainer.escapeLiteral(value as string);
      const literals = page.values.map(literal);
      const { rows } = await explainer.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE page(${literals.join(', ')})`,
      );
      const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
      const plan = nodes(rows[0]['QUERY PLAN'][0].Plan);
      const detail = JSON.stringify(rows[0]['QUERY PLAN'][0].Plan);
      assert.deepEqual(
        plan.filter(
          (node) => node['Node Type'] === 'Sort' || (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'client_grants'),
        ),
        [],
        detail,
      );
      assert.ok(
        plan.some((node) => node['Index Name'] === 'organization_client_grants_pkey'),
        detail,
      );
    } finally {
      await explainer.end();
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clientWithGrant, issuedToken, requestToken } from '../support/issuer.js';
import { recordPoolStatements, type SentStatement } from '../support/pool-statements.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A tenant's clients fill a few pages: too few for PostgreSQL's default costs, which price a page
// read through an index as four sequential ones, to prefer the key over reading every client.
const CLIENTS = 90;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function scansOfClients(node: PlanNode): string[] {
  const own = node['Relation Name'] === 'clients' ? [node['Node Type']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOfClients)];
}

/**
 * Every request looks its client up by id (the token endpoint to authenticate it, each log entry
 * for its client_name). hot-statements.plans asks whether an index could serve a statement; this
 * asks what the service's own connections, with their settings, actually plan at a real tenant's size.
 */
describe("a client looked up by its id: the service's connections use the key", () => {
  let t: TestApp;
  const sent: SentStatement[] = [];
  let stopRecording: () => void;

  before(async () => {
    t = await startTestApp();
    await t.prisma.$executeRawUnsafe(`
      INSERT INTO clients (client_id, name, description, app_type, grant_types, secret_hash, callbacks, settings)
        SELECT 'tenant_client_' || g, 'Tenant client ' || g, 'A client of a real tenant, described', 'non_interactive',
               ARRAY['client_credentials'], 'scrypt$16384$8$1$' || md5(g::text) || '$' || md5((g * 7)::text) || md5(g::text),
               ARRAY['https://app' || g || '.example.com/callback'], jsonb_build_object('logo_uri', 'https://cdn.example.com/' || g || '.png')
          FROM generate_series(1, ${CLIENTS}) g;
      ANALYZE clients;`);
    stopRecording = recordPoolStatements(sent);
  });
  after(async () => {
    stopRecording();
    await t.close();
  });

  it('the token endpoint and a logged write plan an index scan of clients', async () => {
    const client = await clientWithGrant(t, ['delete:token_exchange_profiles']);
    const token = await issuedToken(t, client);
    const profile = await t.factories.tokenExchangeProfile();
    sent.length = 0;
    assert.equal((await requestToken(t, client)).status, 200);
    const res = await t.api.delete(`/api/v2/token-exchange-profiles/${profile.id}`).set('Authorization', `Bearer ${token}`);
    assert.equal(res.status, 204);

    const lookups = sent.filter((s) => /\bclients\b/.test(s.text) && /^\s*(WITH|SELECT|UPDATE|DELETE|INSERT)\b/i.test(s.text));
    // The token endpoint's lookup, always; the guard's lookup of the DELETE's client too, unless
    // the 2-second snapshot of clients took it in first (then no statement is sent for it).
    assert.ok(
      lookups.some((s) => s.text.includes('FROM clients WHERE client_id = $1')),
      `statements reading clients: ${lookups.map((s) => s.text).join('\n')}`,
    );
    sent.length = 0;
    for (const { text, values } of lookups) {
      // Through the service's pool, so the plan is made under the settings its connections have;
      // EXPLAIN only plans, so the DELETE is not run again.
      const [row] = await t.prisma.$queryRawUnsafe<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(`EXPLAIN (FORMAT JSON) ${text}`, ...values);
      const scans = scansOfClients(row['QUERY PLAN'][0].Plan);
      assert.ok(scans.length > 0, `no scan of clients in the plan of ${text}`);
      assert.deepEqual(
        scans.filter((scan) => scan === 'Seq Scan'),
        [],
        `${text}\n${JSON.stringify(row['QUERY PLAN'][0].Plan)}`,
      );
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applyMigrations } from '../../src/database/migrator.js';
import { CAPTURED_TABLES, UNCAPTURED_TABLES } from '../../src/database/schema/captured-tables.js';
import { FUNCTIONS } from '../../src/database/schema/functions.js';
import { query } from '../support/scratch-database.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';

const sorted = (values: Iterable<string>): string[] => [...values].sort();

const tables = async (url: string): Promise<string[]> =>
  (await query<{ name: string }>(url, "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")).map((r) => r.name);

/** Each table carrying tenant_log_capture, with the arguments its trigger passes and the table's primary key. */
const captureTriggers = (url: string) =>
  query<{ table: string; args: string[]; key: string[]; definition: string }>(
    url,
    `SELECT c.relname AS table,
            array_remove(string_to_array(encode(t.tgargs, 'escape'), '\\000'), '') AS args,
            (SELECT array_agg(att.attname::text ORDER BY k.n) FROM pg_index i
               CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
               JOIN pg_attribute att ON att.attrelid = i.indrelid AND att.attnum = k.attnum
              WHERE i.indrelid = c.oid AND i.indisprimary) AS key,
            pg_get_triggerdef(t.oid) AS definition
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname = 'tenant_log_capture' AND NOT t.tgisinternal ORDER BY 1`,
  );

const functionDefinitions = async (url: string): Promise<string[]> =>
  (await query<{ d: string }>(url, "SELECT pg_get_functiondef(oid) AS d FROM pg_proc WHERE pronamespace = 'public'::regnamespace")).map(
    (r) => r.d,
  );

/** The transaction that last wrote each function's and capture trigger's catalog row: a rewrite changes it. */
const catalogVersions = (url: string) =>
  query<{ name: string; xmin: string }>(
    url,
    `SELECT oid::regprocedure::text AS name, xmin::text FROM pg_proc WHERE pronamespace = 'public'::regnamespace
     UNION ALL
     SELECT tgrelid::regclass::text, xmin::text FROM pg_trigger WHERE tgname = 'tenant_log_capture' ORDER BY 1`,
  );

describe('the database functions and capture triggers (src/database/schema)', () => {
  let url: string;
  before(async () => {
    url = await createTestDatabase();
  });
  after(() => dropTestDatabase(url));

  it('every table of the migrated schema is either captured or left out with a reason, never both', async () => {
    const captured = new Set(CAPTURED_TABLES);
    const uncaptured = Object.keys(UNCAPTURED_TABLES);
    assert.deepEqual(
      uncaptured.filter((table) => captured.has(table)),
      [],
    );
    assert.equal(captured.size, CAPTURED_TABLES.length, 'a table is listed twice');
    for (const [table, reason] of Object.entries(UNCAPTURED_TABLES)) assert.ok(reason.length > 10, `${table} has no reason`);
    assert.deepEqual(sorted(await tables(url)), sorted([...CAPTURED_TABLES, ...uncaptured]));
  });

  it('the captured tables, and only they, have the AFTER row trigger, its arguments naming their primary key', async () => {
    const triggers = await captureTriggers(url);
    assert.deepEqual(
      triggers.map((t) => t.table),
      sorted(CAPTURED_TABLES),
    );
    for (const trigger of triggers) {
      assert.deepEqual(trigger.args, trigger.key, trigger.table);
      assert.match(
        trigger.definition,
        / AFTER INSERT OR DELETE OR UPDATE ON public\.\w+ FOR EACH ROW EXECUTE FUNCTION tenant_log_capture\(/,
      );
    }
  });

  it("the database's functions are exactly functions.ts's, as PostgreSQL prints them back", async () => {
    assert.deepEqual(sorted(await functionDefinitions(url)), sorted(FUNCTIONS));
  });

  it('a start puts back a changed function and the capture list, and rewrites nothing that is current', async () => {
    const own = await createTestDatabase();
    try {
      const untouched = (await catalogVersions(own)).filter((r) => !/^(tenant_log_redact\(|users$)/.test(r.name));
      await query(own, "CREATE OR REPLACE FUNCTION tenant_log_redact(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS 'SELECT value'");
      await query(own, 'DROP TRIGGER tenant_log_capture ON users');
      await query(
        own,
        'CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON tenant_logs FOR EACH ROW EXECUTE FUNCTION tenant_log_capture()',
      );

      assert.deepEqual(await applyMigrations(own), [], 'no migration is pending');
      assert.deepEqual(sorted(await functionDefinitions(own)), sorted(FUNCTIONS));
      assert.deepEqual(
        (await captureTriggers(own)).map((t) => t.table),
        sorted(CAPTURED_TABLES),
      );
      const versions = await catalogVersions(own);
      assert.deepEqual(
        versions.filter((r) => untouched.some((u) => u.name === r.name)),
        untouched,
      );

      await applyMigrations(own);
      assert.deepEqual(await catalogVersions(own), versions, 'a second start rewrites nothing');
    } finally {
      await dropTestDatabase(own);
    }
  });
});

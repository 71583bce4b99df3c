import type pg from 'pg';
import { CAPTURED_TABLES } from './captured-tables.js';
import { FUNCTIONS } from './functions.js';

const CAPTURE_TRIGGER = 'tenant_log_capture';

// Definitions as PostgreSQL prints them: equal text means nothing to do.
const FUNCTION_DEFINITIONS_SQL = `
  SELECT pg_get_functiondef(p.oid) AS definition FROM pg_proc p
   WHERE p.pronamespace = 'public'::regnamespace
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`;
const CAPTURE_TRIGGERS_SQL = `
  SELECT c.relname AS table, pg_get_triggerdef(t.oid) AS definition FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
   WHERE t.tgname = $1 AND NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace`;
const PRIMARY_KEYS_SQL = `
  SELECT c.relname AS table, array_agg(a.attname::text ORDER BY k.ord) AS columns
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
   CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
   WHERE i.indisprimary AND c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)
   GROUP BY c.relname`;

/** The capture trigger of `table`, keyed by its primary key columns, as pg_get_triggerdef prints it. */
function captureTriggerDefinition(table: string, key: readonly string[]): string {
  const args = key.map((column) => `'${column}'`).join(', ');
  return `CREATE TRIGGER ${CAPTURE_TRIGGER} AFTER INSERT OR DELETE OR UPDATE ON public.${table} FOR EACH ROW EXECUTE FUNCTION ${CAPTURE_TRIGGER}(${args})`;
}

/**
 * Brings the database's functions and capture triggers to their definitions in this folder, in one
 * transaction, after the migrations (which may have created or dropped the tables the triggers go
 * on). Only what differs is replaced: re-creating a trigger locks its table against writes, which
 * every start of every instance would otherwise do.
 */
export async function applyDatabaseCode(client: pg.Client): Promise<void> {
  await client.query('BEGIN');
  try {
    const functions = await client.query<{ definition: string }>(FUNCTION_DEFINITIONS_SQL);
    const current = new Set(functions.rows.map((row) => row.definition));
    for (const definition of FUNCTIONS) if (!current.has(definition)) await client.query(definition);

    const keys = await client.query<{ table: string; columns: string[] }>(PRIMARY_KEYS_SQL, [CAPTURED_TABLES]);
    const keyOf = new Map(keys.rows.map((row) => [row.table, row.columns]));
    const triggers = await client.query<{ table: string; definition: string }>(CAPTURE_TRIGGERS_SQL, [CAPTURE_TRIGGER]);
    const existing = new Map(triggers.rows.map((row) => [row.table, row.definition]));
    for (const table of CAPTURED_TABLES) {
      const key = keyOf.get(table);
      if (!key) throw new Error(`captured table ${table} does not exist or has no primary key`);
      const definition = captureTriggerDefinition(table, key);
      if (existing.get(table) !== definition) await client.query(definition.replace(/^CREATE TRIGGER/, 'CREATE OR REPLACE TRIGGER'));
    }
    for (const table of existing.keys()) {
      if (!CAPTURED_TABLES.includes(table))
        await client.query(`DROP TRIGGER ${CAPTURE_TRIGGER} ON public."${table.replaceAll('"', '""')}"`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

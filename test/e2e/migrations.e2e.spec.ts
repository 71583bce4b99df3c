import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { applyMigrations, MigrationError, MIGRATIONS_DIR } from '../../src/database/migrator.js';
import { createEmptyDatabase, query } from '../support/scratch-database.js';

// Prisma's own ledger DDL (schema engine, PostgreSQL flavour); `prisma migrate` must be able to take over.
const PRISMA_LEDGER_COLUMNS = [
  { column_name: 'id', data_type: 'character varying', len: 36, is_nullable: 'NO', column_default: null },
  { column_name: 'checksum', data_type: 'character varying', len: 64, is_nullable: 'NO', column_default: null },
  { column_name: 'finished_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'YES', column_default: null },
  { column_name: 'migration_name', data_type: 'character varying', len: 255, is_nullable: 'NO', column_default: null },
  { column_name: 'logs', data_type: 'text', len: null, is_nullable: 'YES', column_default: null },
  { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'YES', column_default: null },
  { column_name: 'started_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'NO', column_default: 'now()' },
  { column_name: 'applied_steps_count', data_type: 'integer', len: null, is_nullable: 'NO', column_default: '0' },
];
const PRISMA_LOCK_KEY = 72707369;

interface Row {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  logs: string | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}

const dirs: string[] = [];
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A migrations folder in Prisma's layout: `<name>/migration.sql`. */
async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tma-migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) await writeMigration(dir, name, sql);
  return dir;
}

async function writeMigration(dir: string, name: string, sql: string): Promise<void> {
  await mkdir(join(dir, name), { recursive: true });
  await writeFile(join(dir, name, 'migration.sql'), sql);
}

const ledger = (url: string) => query<Row>(url, 'SELECT * FROM "_prisma_migrations" ORDER BY migration_name, started_at');
const tableExists = async (url: string, table: string) =>
  (await query<{ t: string | null }>(url, 'SELECT to_regclass($1)::text AS t', [table]))[0].t !== null;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

const FIRST = '20260101000000_first';
const SECOND = '20260102000000_second';
const THIRD = '20260103000000_third';

describe('migration runner (Prisma-compatible ledger)', () => {
  it("creates _prisma_migrations with exactly Prisma's columns, types and primary key", async () => {
    const url = await createEmptyDatabase();
    await applyMigrations(url, await migrationsDir({ [FIRST]: 'CREATE TABLE a (id int);\n' }));
    const columns = await query(
      url,
      `SELECT column_name, data_type, character_maximum_length AS len, is_nullable, column_default
       FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    assert.deepEqual(columns, PRISMA_LEDGER_COLUMNS);
    const pk = await query(
      url,
      `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = '"_prisma_migrations"'::regclass AND i.indisprimary`,
    );
    assert.deepEqual(pk, [{ attname: 'id' }]);
  });

  it('records one finished row per migration with the sha256 of its file, and re-running applies nothing', async () => {
    const url = await createEmptyDatabase();
    const dir = await migrationsDir({ [FIRST]: 'CREATE TABLE a (id int);\n', [SECOND]: '-- second\nCREATE TABLE b (id int);\r\n' });
    assert.deepEqual(await applyMigrations(url, dir), [FIRST, SECOND]);
    const rows = await ledger(url);
    assert.equal(rows.length, 2);
    for (const [row, name] of rows.map((r, i) => [r, [FIRST, SECOND][i]] as const)) {
      assert.equal(row.migration_name, name);
      assert.equal(row.checksum, sha256(await readFile(join(dir, name, 'migration.sql'))));
      assert.match(row.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.ok(row.finished_at instanceof Date);
      assert.equal(row.applied_steps_count, 1);
      assert.equal(row.logs, null);
      assert.equal(row.rolled_back_at, null);
    }
    assert.ok(await tableExists(url, 'a'));
    assert.ok(await tableExists(url, 'b'));

    assert.deepEqual(await applyMigrations(url, dir), []);
    assert.deepEqual(
      (await ledger(url)).map((r) => r.id),
      rows.map((r) => r.id),
    );

    await writeMigration(dir, THIRD, 'CREATE TABLE c (id int);\n');
    assert.deepEqual(await applyMigrations(url, dir), [THIRD]);
    assert.equal((await ledger(url)).length, 3);
  });

  it("applies the project's own migrations, one ledger row per folder", async () => {
    const url = await createEmptyDatabase();
    const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    assert.ok(names.length >= 1);
    assert.deepEqual(await applyMigrations(url), names);
    assert.deepEqual(
      (await ledger(url)).map((r) => [r.migration_name, r.checksum]),
      await Promise.all(names.map(async (n) => [n, sha256(await readFile(join(MIGRATIONS_DIR, n, 'migration.sql')))])),
    );
    assert.ok(await tableExists(url, 'token_exchange_profiles'));
  });

  it('two runners started together on an empty database apply each migration exactly once', async () => {
    const url = await createEmptyDatabase();
    // The first migration is slow so that both runners are certainly running at the same time.
    const dir = await migrationsDir({
      [FIRST]: 'SELECT pg_sleep(0.5);\nCREATE TABLE a (id int);\n',
      [SECOND]: 'CREATE TABLE b (id int);\n',
    });
    const [one, two] = await Promise.all([applyMigrations(url, dir), applyMigrations(url, dir)]);
    assert.deepEqual([...one, ...two].sort(), [FIRST, SECOND]);
    assert.ok(one.length === 0 || two.length === 0, 'one runner did everything, the other found it done');
    assert.deepEqual(
      (await ledger(url)).map((r) => r.migration_name),
      [FIRST, SECOND],
    );
  });

  it("waits for Prisma's advisory lock (key 72707369) before touching the database", async () => {
    const url = await createEmptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [PRISMA_LOCK_KEY]);
      let settled = false;
      const run = applyMigrations(url, await migrationsDir({ [FIRST]: 'CREATE TABLE a (id int);\n' })).finally(() => (settled = true));
      // Wait until the runner's session is blocked on that advisory lock, as PostgreSQL reports it.
      const dbName = new URL(url).pathname.slice(1);
      for (let i = 0; ; i++) {
        const waiting = await query(
          url,
          `SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
           WHERE l.locktype = 'advisory' AND l.objid = $1 AND NOT l.granted AND d.datname = $2`,
          [PRISMA_LOCK_KEY, dbName],
        );
        if (waiting.length) break;
        assert.ok(i < 200, 'the runner never waited for the advisory lock');
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.equal(settled, false);
      assert.equal(await tableExists(url, '_prisma_migrations'), false);
      await holder.query('SELECT pg_advisory_unlock($1)', [PRISMA_LOCK_KEY]);
      assert.deepEqual(await run, [FIRST]);
    } finally {
      await holder.end();
    }
  });

  it('refuses an applied migration whose file changed, naming it; line-ending changes alone are accepted', async () => {
    const url = await createEmptyDatabase();
    const dir = await migrationsDir({
      [FIRST]: 'CREATE TABLE a (id int);\nCREATE TABLE a2 (id int);\n',
      [SECOND]: 'CREATE TABLE b (id int);\n',
    });
    await applyMigrations(url, dir);

    await writeMigration(dir, FIRST, 'CREATE TABLE a (id int);\r\nCREATE TABLE a2 (id int);\r\n');
    assert.deepEqual(await applyMigrations(url, dir), []);

    await writeMigration(dir, FIRST, 'CREATE TABLE a (id bigint);\nCREATE TABLE a2 (id int);\n');
    await writeMigration(dir, THIRD, 'CREATE TABLE c (id int);\n');
    await assert.rejects(applyMigrations(url, dir), (error: Error) => {
      assert.ok(error instanceof MigrationError);
      assert.match(
        error.message,
        new RegExp(
          `^Migration ${FIRST} was modified after it was applied \\(checksum [0-9a-f]{64} in the database, [0-9a-f]{64} on disk\\)`,
        ),
      );
      return true;
    });
    assert.equal(await tableExists(url, 'c'), false, 'nothing after the check runs');
  });

  it("a failing migration leaves Prisma's failed row, nothing half-applied, and blocks the next run until resolved", async () => {
    const url = await createEmptyDatabase();
    const dir = await migrationsDir({
      [FIRST]: 'CREATE TABLE a (id int);\n',
      [SECOND]: 'CREATE TABLE b (id int);\nSELECT no_such_function();\n',
      [THIRD]: 'CREATE TABLE c (id int);\n',
    });
    await assert.rejects(applyMigrations(url, dir), (error: Error) => {
      assert.ok(error instanceof MigrationError);
      assert.match(error.message, new RegExp(`^Migration ${SECOND} failed: function no_such_function\\(\\) does not exist`));
      return true;
    });
    const rows = await ledger(url);
    assert.deepEqual(
      rows.map((r) => [r.migration_name, r.finished_at !== null, r.applied_steps_count]),
      [
        [FIRST, true, 1],
        [SECOND, false, 0],
      ],
    );
    assert.match(rows[1].logs ?? '', /no_such_function/);
    assert.equal(rows[1].rolled_back_at, null);
    assert.ok(await tableExists(url, 'a'));
    assert.equal(await tableExists(url, 'b'), false, 'the failed migration was rolled back as a whole');
    assert.equal(await tableExists(url, 'c'), false);

    // Even with the file fixed, the failed row must be resolved first (Prisma's P3009).
    await writeMigration(dir, SECOND, 'CREATE TABLE b (id int);\n');
    await assert.rejects(applyMigrations(url, dir), (error: Error) => {
      assert.ok(error instanceof MigrationError);
      assert.match(
        error.message,
        new RegExp(`^Migration ${SECOND} failed earlier and was not rolled back; no further migrations will be applied`),
      );
      assert.match(error.message, new RegExp(`prisma migrate resolve --rolled-back ${SECOND}`));
      return true;
    });

    // What `prisma migrate resolve --rolled-back` does; then the fixed migration and the next one apply.
    await query(url, 'UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1', [SECOND]);
    assert.deepEqual(await applyMigrations(url, dir), [SECOND, THIRD]);
    assert.ok(await tableExists(url, 'b'));
  });
});

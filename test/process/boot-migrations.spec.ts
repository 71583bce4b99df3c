import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MIGRATIONS_DIR } from '../../src/database/migrator.js';
import { FUNCTIONS } from '../../src/database/schema/functions.js';
import { createEmptyDatabase, query } from '../support/scratch-database.js';
import { freePort, postgresProcessesFor, PROJECT_ROOT, ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';

const MIGRATE_CLI = join(PROJECT_ROOT, 'dist/src/database/migrate.cli.js');
const firstMigration = async () =>
  (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()[0];

describe('the built server refuses to boot on a bad migration history', () => {
  it('an applied migration whose file changed: exit 1, a line naming the migration, never listens', async () => {
    const url = await createTestDatabase();
    const name = await firstMigration();
    await query(url, 'UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2', ['0'.repeat(64), name]);
    const server = new ServerProcess({ DATABASE_URL: url, PORT: String(await freePort()), LOG_LEVEL: 'info' });
    assert.deepEqual(await server.exited, { code: 1, signal: null });
    // Nest's ExceptionHandler logs the bare error first; the boot's own line says what happened.
    const failure = server.lines
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .find((e) => e.level === 'error' && e.msg.startsWith('boot failed'));
    assert.match(
      failure?.msg ?? '',
      new RegExp(
        `^boot failed: Migration ${name} was modified after it was applied \\(checksum 0{64} in the database, [0-9a-f]{64} on disk\\)`,
      ),
    );
    assert.doesNotMatch(server.output, /listening on/);
  });

  it('a migration that failed earlier: exit 1 naming it', async () => {
    const url = await createTestDatabase();
    const name = await firstMigration();
    await query(url, 'UPDATE "_prisma_migrations" SET finished_at = NULL, logs = $1 WHERE migration_name = $2', ['boom', name]);
    const server = new ServerProcess({ DATABASE_URL: url, PORT: String(await freePort()), LOG_LEVEL: 'info' });
    assert.deepEqual(await server.exited, { code: 1, signal: null });
    assert.match(server.output, new RegExp(`"msg":"boot failed: Migration ${name} failed earlier and was not rolled back`));
    assert.doesNotMatch(server.output, /listening on/);
  });
});

describe('db:migrate (dist/src/database/migrate.cli.js)', () => {
  const cli = (env: Record<string, string>) => new ServerProcess({ LOG_LEVEL: 'info', ...env }, [process.execPath, MIGRATE_CLI]);

  it('with DATABASE_URL: applies every migration, then reports up to date; a changed file fails with exit 1', async () => {
    const url = await createEmptyDatabase();
    const first = cli({ DATABASE_URL: url });
    assert.deepEqual(await first.exited, { code: 0, signal: null });
    assert.match(first.output, new RegExp(`"msg":"applied migrations: ${await firstMigration()}`));
    const second = cli({ DATABASE_URL: url });
    assert.deepEqual(await second.exited, { code: 0, signal: null });
    assert.match(second.output, /"msg":"database is up to date"/);

    await query(url, 'UPDATE "_prisma_migrations" SET checksum = $1', ['f'.repeat(64)]);
    const third = cli({ DATABASE_URL: url });
    assert.deepEqual(await third.exited, { code: 1, signal: null });
    assert.match(third.output, /^migration failed: Migration \d{14}_\w+ was modified after it was applied/m);
  });

  it('puts back a database function changed in place; one it cannot replace fails with exit 1 naming the cause', async () => {
    const url = await createTestDatabase();
    const redact = () =>
      query<{ d: string }>(url, "SELECT pg_get_functiondef('tenant_log_redact(jsonb)'::regprocedure) AS d").then((rows) => rows[0].d);
    await query(url, "CREATE OR REPLACE FUNCTION tenant_log_redact(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS 'SELECT value'");
    assert.ok(!FUNCTIONS.includes(await redact()));
    const first = cli({ DATABASE_URL: url });
    assert.deepEqual(await first.exited, { code: 0, signal: null }, first.output);
    assert.match(first.output, /"msg":"database is up to date"/);
    assert.ok(FUNCTIONS.includes(await redact()), 'functions.ts is what runs again');

    // CREATE OR REPLACE cannot change a return type: the start says so rather than run on the wrong function.
    await query(url, 'DROP FUNCTION tenant_log_redact(jsonb) CASCADE');
    await query(url, "CREATE FUNCTION tenant_log_redact(value jsonb) RETURNS text LANGUAGE sql AS 'SELECT NULL::text'");
    const second = cli({ DATABASE_URL: url });
    assert.deepEqual(await second.exited, { code: 1, signal: null });
    assert.match(
      second.output,
      /^migration failed: Database functions and triggers \(src\/database\/schema\) failed: cannot change return type of existing function/m,
    );
  });

  it('without DATABASE_URL: migrates the embedded database under DATA_DIR and leaves no postgres running', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tma-migrate-'));
    try {
      const run = cli({ DATA_DIR: dataDir });
      assert.deepEqual(await run.exited, { code: 0, signal: null }, run.output);
      assert.match(run.output, /"msg":"applied migrations: /);
      assert.match(run.output, /"msg":"embedded PostgreSQL stopped"/);
      assert.deepEqual(await postgresProcessesFor(join(dataDir, 'pg')), []);
      const again = cli({ DATA_DIR: dataDir });
      assert.deepEqual(await again.exited, { code: 0, signal: null });
      assert.match(again.output, /"msg":"database is up to date"/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

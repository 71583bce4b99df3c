import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { applyDatabaseCode } from './schema/database-code.js';

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../prisma/migrations');

// The key `prisma migrate deploy` locks on, so this runner and Prisma's exclude each other too.
const PRISMA_ADVISORY_LOCK_KEY = 72707369;

// Prisma's ledger, column for column, so `prisma migrate` can take over a database we migrated.
const CREATE_LEDGER = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {}

interface LedgerRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** sha256 of the file, hex: the value Prisma writes to `_prisma_migrations.checksum`. */
function checksumOf(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/** Prisma also accepts the file with its line endings flipped, so a Windows checkout (autocrlf) is not "modified". */
function matchesChecksum(sql: string, checksum: string): boolean {
  return [sql, sql.replace(/\r?\n/g, '\r\n'), sql.replace(/\r\n/g, '\n')].some((variant) => checksumOf(variant) === checksum);
}

async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: checksumOf(sql) };
    }),
  );
}

/**
 * Applies pending migrations exactly as `prisma migrate deploy` records them. Each migration
 * runs in its own transaction together with its ledger update; a failure leaves Prisma's
 * "failed" row (finished_at NULL, logs set) and stops, as Prisma does. Then, for the project's
 * migrations, the database's functions and triggers (src/database/schema): they are not
 * migrations, so the ledger never records them and `prisma migrate` can still take over.
 */
export async function applyMigrations(connection: string | pg.ClientConfig, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client(typeof connection === 'string' ? { connectionString: connection } : connection);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK_KEY]);
    await client.query(CREATE_LEDGER);
    const { rows } = await client.query<LedgerRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    // As Prisma (P3009): any failed, unresolved migration blocks every later one, even if its file is gone.
    const failed = rows.find((r) => !r.finished_at);
    if (failed) throw failedEarlier(failed.migration_name);
    const applied: string[] = [];
    for (const migration of migrations) {
      const row = rows.find((r) => r.migration_name === migration.name);
      if (row) {
        checkUnchanged(row, migration);
        continue;
      }
      await applyOne(client, migration);
      applied.push(migration.name);
    }
    // They are the project's schema's: another folder of migrations (the runner's own tests) has none.
    if (dir === MIGRATIONS_DIR) await applyCode(client);
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

function failedEarlier(name: string): MigrationError {
  return new MigrationError(
    `Migration ${name} failed earlier and was not rolled back; no further migrations will be applied. Fix the database, ` +
      `then mark it with \`prisma migrate resolve --rolled-back ${name}\` (or delete its row from _prisma_migrations).`,
  );
}

// Stricter than `prisma migrate deploy`, which ignores edited files (`migrate dev`/`status` report them): a changed
// file means the schema on disk no longer describes the database, so the boot stops.
function checkUnchanged(row: LedgerRow, migration: MigrationFile): void {
  if (!matchesChecksum(migration.sql, row.checksum)) {
    throw new MigrationError(
      `Migration ${migration.name} was modified after it was applied (checksum ${row.checksum} in the database, ` +
        `${migration.checksum} on disk). Restore the original file and add a new migration instead.`,
    );
  }
}

async function applyCode(client: pg.Client): Promise<void> {
  try {
    await applyDatabaseCode(client);
  } catch (error) {
    throw new MigrationError(`Database functions and triggers (src/database/schema) failed: ${(error as Error).message}`);
  }
}

async function applyOne(client: pg.Client, migration: MigrationFile): Promise<void> {
  const id = randomUUID();
  await client.query(
    'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
    [id, migration.checksum, migration.name],
  );
  try {
    await client.query('BEGIN');
    await client.query(migration.sql);
    await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await client
      .query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, String((error as { message?: unknown }).message)])
      .catch(() => undefined);
    throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`);
  }
}

// `npm test`: one fresh PostgreSQL database per run (on DATABASE_URL's server, else an embedded
// server in a temporary directory), migrated once into a template; every spec file then clones
// its own database from that template, so files run in parallel without sharing data.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { EmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { applyMigrations } from '../src/database/migrator.js';
import { serverUrl, withDatabase } from './support/database-url.js';

const here = dirname(fileURLToPath(import.meta.url));

async function specFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.spec.js'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => process.argv.slice(2).every((filter) => file.includes(filter)))
    .sort();
}

async function adminQuery(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  let embedded: EmbeddedPostgres | undefined;
  let embeddedDir: string | undefined;
  let server = process.env.DATABASE_URL ? serverUrl(process.env.DATABASE_URL) : undefined;
  if (!server) {
    embeddedDir = await mkdtemp(join(tmpdir(), 'tma-test-'));
    embedded = new EmbeddedPostgres(embeddedDir, () => undefined);
    server = serverUrl(await embedded.start());
  }
  const prefix = `tma_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  try {
    await adminQuery(server, `CREATE DATABASE "${template}"`);
    await applyMigrations(withDatabase(server, template));
    const files = await specFiles(here);
    // `node --test` with no file would discover and run every .js under the cwd instead.
    if (files.length === 0) throw new Error(`no spec file matches ${JSON.stringify(process.argv.slice(2))}`);
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', ...files], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_SERVER: server, TEST_DATABASE_TEMPLATE: template, TEST_DATABASE_PREFIX: prefix },
    });
    return await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    const { rows } = await adminQuery(server, `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`);
    for (const { datname } of rows as { datname: string }[]) {
      await adminQuery(server, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
    await embedded?.stop();
    if (embeddedDir) await rm(embeddedDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`test run failed: ${(error as Error).stack}\n`);
    process.exit(1);
  },
);

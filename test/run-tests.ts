// `npm test`: one fresh PostgreSQL database per run (on DATABASE_URL's server, else an embedded
// server in a temporary directory), migrated once into a template; every spec file then clones
// its own database from that template, so files run in parallel without sharing data.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { applyMigrations } from '../src/database/migrator.js';
import { serverUrl, withDatabase } from './support/database-url.js';
import { query } from './support/scratch-database.js';

const here = dirname(fileURLToPath(import.meta.url));

// `node dist/test/run-tests.js auth rate-limit` runs the spec files whose path contains any of the words.
const filters = process.argv.slice(2);

const sourceDir = resolve(here, '../../test');

// Only specs whose .ts source still exists: incremental tsc leaves a deleted spec's output behind.
function hasSource(file: string): boolean {
  return existsSync(join(sourceDir, relative(here, file)).replace(/\.js$/, '.ts'));
}

// The shared-bucket spec needs a Redis server; CI (.ci/run) always provides one.
function needsMissingRedis(file: string): boolean {
  return !process.env.REDIS_URL && file.includes('.redis.');
}

async function specFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.spec.js'))
    .map((e) => join(e.parentPath, e.name))
    // Filters match below dist/test only, so the checkout's own folder name (e.g. .../integrate-openapi/) selects nothing.
    .filter((file) => hasSource(file) && (filters.length === 0 || filters.some((filter) => relative(here, file).includes(filter))))
    .sort();
  for (const file of files.filter(needsMissingRedis)) process.stdout.write(`not run without REDIS_URL: ${relative(here, file)}\n`);
  return files.filter((file) => !needsMissingRedis(file));
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
    await query(server, `CREATE DATABASE "${template}"`);
    await applyMigrations(withDatabase(server, template));
    const files = await specFiles(here);
    // With no file, node --test would fall back to running every .js file it finds.
    if (files.length === 0) throw new Error(`no spec file matches ${filters.join(', ')}`);
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', ...files], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_SERVER: server, TEST_DATABASE_TEMPLATE: template, TEST_DATABASE_PREFIX: prefix },
    });
    return await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    const rows = await query<{ datname: string }>(server, `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`);
    for (const { datname } of rows) {
      await query(server, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
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

// `npm test`: one fresh PostgreSQL database per run (on DATABASE_URL's server, else an embedded
// server in a temporary directory), migrated once into a template; every spec file then clones
// its own database from that template, so files run in parallel without sharing data.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { applyMigrations } from '../src/database/migrator.js';
import { serverUrl, withDatabase } from './support/database-url.js';
import { query } from './support/scratch-database.js';

const here = dirname(fileURLToPath(import.meta.url));

// `node dist/test/run-tests.js auth rate-limit` runs the spec files whose path contains any of the words.
const filters = process.argv.slice(2);

const sourceDir = resolve(here, '../../test');

const sourceOf = (file: string): string => join(sourceDir, relative(here, file)).replace(/\.js$/, '.ts');

// Only specs whose .ts source still exists: incremental tsc leaves a deleted spec's output behind.
function hasSource(file: string): boolean {
  return existsSync(sourceOf(file));
}

// What a spec needs beyond Node.js and PostgreSQL, so that `npm test` runs anywhere Node.js does:
// - REDIS_URL (the machine's Redis) for the *.redis.* specs, which share its buckets;
// - programs it starts itself, named on the spec's first line, e.g. `// needs: haproxy, redis-server`.
// Without them a spec is set aside with one line saying how to get them; under CI=true the run fails
// instead, so CI never silently tests less (.ci/run installs the programs and exports REDIS_URL).
function neededPrograms(file: string): string[] {
  const firstLine = readFileSync(sourceOf(file), 'utf8').split('\n', 1)[0];
  const declared = /^\/\/ needs: (.+)$/.exec(firstLine)?.[1];
  return declared ? declared.split(',').map((name) => name.trim()) : [];
}

// On PATH, or in /usr/sbin where Debian puts haproxy (not on every user's PATH; test/support/haproxy.ts adds it).
function installed(program: string): boolean {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin'];
  return dirs.some((dir) => {
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** What `file` needs and this machine lacks; Debian's packages are named after the programs. */
function missingNeeds(file: string): string[] {
  const missing = neededPrograms(file)
    .filter((program) => !installed(program))
    .map((program) => `${program} (Debian: apt-get install ${program})`);
  if (file.includes('.redis.') && !process.env.REDIS_URL)
    missing.push('REDIS_URL (a Redis server to share, e.g. REDIS_URL=redis://127.0.0.1:6379)');
  return missing;
}

/** The specs to run, and one line for each of the others saying what it needs. */
async function specFiles(dir: string): Promise<{ runnable: string[]; setAside: string[] }> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.spec.js'))
    .map((e) => join(e.parentPath, e.name))
    // Filters match below dist/test only, so the checkout's own folder name (e.g. .../integrate-openapi/) selects nothing.
    .filter((file) => hasSource(file) && (filters.length === 0 || filters.some((filter) => relative(here, file).includes(filter))))
    .sort();
  const runnable: string[] = [];
  const setAside: string[] = [];
  for (const file of files) {
    const missing = missingNeeds(file);
    if (missing.length === 0) runnable.push(file);
    else setAside.push(`${relative(here, file)} needs ${missing.join(' and ')}`);
  }
  return { runnable, setAside };
}

async function main(): Promise<number> {
  const { runnable: files, setAside } = await specFiles(here);
  if (setAside.length > 0 && process.env.CI === 'true') {
    for (const line of setAside) process.stderr.write(`CI=true and a spec cannot run: ${line}\n`);
    return 1;
  }
  for (const line of setAside) process.stdout.write(`set aside: ${line}\n`);
  // With no file, node --test would fall back to running every .js file it finds.
  if (files.length === 0 && setAside.length > 0) return 0;
  if (files.length === 0) throw new Error(`no spec file matches ${filters.join(', ')}`);
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

// The token endpoint, run by npm run bench (or: npm run build && DATABASE_URL=postgresql://... node bench/token-exchange.mjs).
// A warm Custom Token Exchange (a deployed action that sets the user by id) against the client
// credentials grant, on the built service: throughput, p99, and CPU per request (the service's
// process plus its action processes). Both grants check the client secret (scrypt), so the
// difference is the exchange's own work: profile read, the action run in its child process, the
// user read, and signing.
//
// Env: DATABASE_URL (required; a fresh database is created on that server and dropped after),
//      BENCH_DURATION seconds per run (10), 3 s of warm-up, 8 connections.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const WARMUP = Math.min(3, DURATION);
// 8: the failed-attempt limiter lets one client at one address authenticate 10 at a time.
const CONNECTIONS = 8;
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required (a PostgreSQL server to create the bench database on)');
if (!existsSync(join(ROOT, 'dist/src/main.js'))) throw new Error('run npm run build first');
const { applyMigrations } = await import(join(ROOT, 'dist/src/database/migrator.js'));
const { hashSecret } = await import(join(ROOT, 'dist/src/clients/client-secret.js'));

const CLIENT_ID = 'bench-cte-client';
const CLIENT_SECRET = 'bench-cte-secret-0123456789-0123456789';
const API = 'https://bench.api/';
const USER_ID = 'auth0|bench000000000000000000';
const SUBJECT_TOKEN_TYPE = 'urn:bench:cte';
const CODE =
  'exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); };';

const dbName = `bench_cte_${Date.now()}_${process.pid}`;
const admin = async (sql) => {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
const url = new URL(env.DATABASE_URL);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
await admin(`CREATE DATABASE "${dbName}"`);
const tmp = mkdtempSync(join(tmpdir(), 'tenant-bench-cte-'));
let service;
try {
  await applyMigrations(databaseUrl);
  await seed();
  const port = await freePort();
  service = await startService({
    PATH: env.PATH,
    HOME: env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(tmp, 'data'),
    TENANT_DOMAIN: 'bench.local',
    RATE_LIMIT_BURST: '1000000000',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const form = (fields) => new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, audience: API, ...fields }).toString();
  const scenarios = [
    { name: 'client_credentials', body: form({ grant_type: 'client_credentials' }) },
    {
      name: 'token exchange (warm)',
      body: form({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: USER_ID,
        subject_token_type: SUBJECT_TOKEN_TYPE,
        scope: 'read:things',
      }),
    },
  ];
  const rows = [];
  for (const scenario of scenarios) {
    const request = {
      url: `http://127.0.0.1:${port}/oauth/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: scenario.body,
    };
    const check = await fetch(request.url, request);
    if (check.status !== 200) throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
    await run(request, WARMUP);
    const cpuBefore = treeCpuMs(service.child.pid);
    const result = await run(request, DURATION);
    const cpu = treeCpuMs(service.child.pid) - cpuBefore;
    const ok = result['2xx'];
    rows.push({
      scenario: scenario.name,
      'req/s': Math.round(ok / DURATION),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'CPU ms/req': ok ? (cpu / ok).toFixed(2) : '-',
      'other statuses':
        Object.entries(result.statusCodeStats ?? {})
          .filter(([code]) => code !== '200')
          .map(([code, { count }]) => `${code}×${count}`)
          .join(' ') || '-',
      errors: result.errors + result.timeouts,
    });
  }
  log(`${DURATION} s per scenario, ${CONNECTIONS} connections, node ${process.version}`);
  console.table(rows);
} finally {
  await service?.stop();
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  rmSync(tmp, { recursive: true, force: true });
}

/** A run, then a pause: autocannon stops with requests still in flight, which would count against the next run's limiter. */
async function run(request, seconds) {
  const result = await autocannon({ ...request, connections: CONNECTIONS, duration: seconds });
  await sleep(3000);
  return result;
}

async function seed() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const actionId = randomUUID();
  const statements = [
    [
      `INSERT INTO clients (client_id, name, app_type, grant_types, secret_hash, token_exchange) VALUES ($1, 'bench cte', 'non_interactive', '{client_credentials}', $2, $3)`,
      [CLIENT_ID, await hashSecret(CLIENT_SECRET), JSON.stringify({ allow_any_profile_of_type: ['custom_authentication'] })],
    ],
    [
      `INSERT INTO resource_servers (id, identifier, name, scopes) VALUES ('rs_bench', $1, 'bench api', $2)`,
      [API, JSON.stringify([{ value: 'read:things', description: 'read' }])],
    ],
    [`INSERT INTO client_grants (id, client_id, audience, scope) VALUES ('cgr_bench_cte', $1, $2, '{read:things}')`, [CLIENT_ID, API]],
    [`INSERT INTO connections (id, name, strategy) VALUES ('con_bench', 'bench-db', 'auth0')`, []],
    [`INSERT INTO users (user_id, connection_id, email, name) VALUES ($1, 'con_bench', 'bench@example.com', 'Bench User')`, [USER_ID]],
    [
      `INSERT INTO actions (id, name, supported_triggers, code) VALUES ($1, 'bench cte', $2, $3)`,
      [actionId, JSON.stringify([{ id: 'custom-token-exchange', version: 'v1' }]), CODE],
    ],
    [
      `INSERT INTO action_versions (id, action_id, number, code, runtime, dependencies, secrets, supported_triggers, status, deployed)
       VALUES ($1, $2, 1, $3, 'node22', '[]', '[]', $4, 'built', TRUE)`,
      [randomUUID(), actionId, CODE, JSON.stringify([{ id: 'custom-token-exchange', version: 'v1' }])],
    ],
    [
      `INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type) VALUES ('tep_bench_cte', 'bench', $1, $2, 'custom_authentication')`,
      [SUBJECT_TOKEN_TYPE, actionId],
    ],
  ];
  for (const [sql, values] of statements) await db.query(sql, values);
  await db.end();
}

async function startService(childEnv) {
  // As the service ships: bin/server's memory settings (docs/performance.md, "Memory").
  const child = spawn(join(ROOT, 'bin/server'), [], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (d) => output.push(d));
  child.stderr.on('data', (d) => output.push(d));
  const exited = new Promise((r) => child.once('exit', r));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited during boot:\n${Buffer.concat(output).toString()}`);
    const status = await fetch(`http://127.0.0.1:${childEnv.PORT}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    await sleep(20);
  }
  return {
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** utime + stime in ms of a process and its live descendants (the action runtime's child processes). */
function treeCpuMs(pid) {
  let total = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) total += treeCpuMs(Number(child));
  } catch {
    // gone meanwhile
  }
  return total;
}

function freePort() {
  return new Promise((r) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => r(port));
    });
  });
}

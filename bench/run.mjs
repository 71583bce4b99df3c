// npm run bench: the service (node dist/src/main.js) against the bare baseline (bench/baseline-server.mjs),
// same database, same token, same routes, runs alternating so machine noise hits both alike.
// What the figures decided: docs/performance.md.
//
// Env (all optional):
//   DATABASE_URL       a PostgreSQL server to create a fresh bench database on (dropped after);
//                      unset: embedded PostgreSQL in a temp dir
//   BENCH_DURATION     seconds per measured run (10)          BENCH_ROUNDS  service/baseline pairs per operation (3)
//   BENCH_CONNECTIONS  concurrent connections (50)
//   BENCH_OPS          comma list of operation keys (default all): delete-org-client-grant,
//                      patch-token-exchange-profile, delete-token-exchange-profile,
//                      get-token-exchange-profile, list-org-client-grants, get-logs, tokens
//   BENCH_TOKENS=0     skip the token endpoint (bench/token-exchange.mjs)
//   BENCH_SKIP_BUILD=1 use the existing dist/
//   BENCH_CPU_PROF     a folder: the service runs with node --cpu-prof and writes its profile there when it stops
import { spawn, spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT, exportJWK } from 'jose';
import pg from 'pg';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const WARMUP = Math.min(3, DURATION);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const ONLY = env.BENCH_OPS ? new Set(env.BENCH_OPS.split(',')) : undefined;
const ISSUER = 'https://bench.local/';
const AUDIENCE = 'https://bench.local/api/v2/';
const SCOPES =
  'delete:organization_client_grants read:organization_client_grants update:token_exchange_profiles delete:token_exchange_profiles read:token_exchange_profiles read:logs';
// Pools large enough that every request of a run does real work (a row to remove, one to update).
const GRANTS = 100;
const POOL = 200_000;
const ORGS = POOL / GRANTS;
const PATCH_PROFILES = 100;
// A tenant's applications, the bench's own among them: every log entry looks its client's name up.
const TENANT_CLIENTS = 100;
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pad = (n) => String(n).padStart(6, '0');
const orgId = (i) => `org_bench${pad(i)}`;
const grantId = (i) => `cgr_bench${pad(i)}`;

// ---------------------------------------------------------------- build, database, seed

if (env.BENCH_SKIP_BUILD !== '1') {
  log('npm run build');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] }).status !== 0) throw new Error('build failed');
}
const { applyMigrations } = await import(join(ROOT, 'dist/src/database/migrator.js'));
const { EmbeddedPostgres } = await import(join(ROOT, 'dist/src/database/embedded-postgres.js'));

const tmp = mkdtempSync(join(tmpdir(), 'tenant-bench-'));
chmodSync(tmp, 0o755); // as root, embedded PostgreSQL runs as an unprivileged user that must reach it
const cleanups = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((e) => log(`cleanup: ${e.message}`));
  rmSync(tmp, { recursive: true, force: true });
};
// A failed run still stops its servers and drops its database.
process.on('uncaughtException', async (error) => {
  process.stderr.write(`[bench] failed: ${error.stack ?? error}\n`);
  await cleanUp();
  process.exit(1);
});
let serverUrl = env.DATABASE_URL;
if (!serverUrl) {
  log(`no DATABASE_URL: embedded PostgreSQL under ${tmp}/db`);
  const embedded = new EmbeddedPostgres(join(tmp, 'db'), (m) => log(`embedded: ${m}`));
  serverUrl = await embedded.start();
  cleanups.push(() => embedded.stop());
}
const dbName = `bench_${Date.now()}_${process.pid}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
await adminQuery(`CREATE DATABASE "${dbName}"`);
cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
await applyMigrations(databaseUrl);
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
db.on('error', () => undefined); // idle connections cut by the final DROP DATABASE ... WITH (FORCE)
cleanups.push(() => db.end());
await seed();

// ---------------------------------------------------------------- token and JWKS

// Generated as PEM and imported again: Node 20 can deadlock exporting a generated KeyObject to JWK.
const pem = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const jwk = { ...(await exportJWK(createPublicKey(pem.publicKey))), kid: 'bench-key', use: 'sig', alg: 'RS256' };
const jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
await new Promise((r) => jwks.listen(0, '127.0.0.1', r));
cleanups.push(async () => jwks.close());
const now = Math.floor(Date.now() / 1000);
const token = await new SignJWT({ scope: SCOPES, gty: 'client-credentials', azp: 'bench-client' })
  .setProtectedHeader({ alg: 'RS256', kid: 'bench-key', typ: 'JWT' })
  .setSubject('bench-client@clients')
  .setIssuer(ISSUER)
  .setAudience(AUDIENCE)
  .setIssuedAt(now)
  .setExpirationTime(now + 86_400)
  .sign(createPrivateKey(pem.privateKey));
const auth = { authorization: `Bearer ${token}` };

// ---------------------------------------------------------------- servers

const serverEnv = {
  PATH: env.PATH,
  HOME: env.HOME,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  JWKS_URI: `http://127.0.0.1:${jwks.address().port}/.well-known/jwks.json`,
  TOKEN_ISSUER: ISSUER,
  TOKEN_AUDIENCE: AUDIENCE,
  // High enough never to refuse, so the limiter's cost is paid but never its 429.
  RATE_LIMIT_BURST: '1000000000',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  // The bootstrap admin's credentials file belongs to the run, not to the checkout's ./.data.
  DATA_DIR: join(tmp, 'service-data'),
};
// As the service ships, through bin/server and its memory settings (docs/performance.md, "Memory");
// a profile's flags reach its node through NODE_OPTIONS.
const profiling = env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${resolve(env.BENCH_CPU_PROF)}` } : {};
const service = await start('service', ['bin/server'], profiling);
const baseline = await start('baseline', ['bench/baseline-server.mjs']);
await sleep(2000);
const idleRssMb = { service: rssMb(service.pid), baseline: rssMb(baseline.pid) };
log(`service ready in ${service.readyMs} ms, baseline in ${baseline.readyMs} ms; idle RSS ${idleRssMb.service} / ${idleRssMb.baseline} MB`);

// ---------------------------------------------------------------- operations

const json = { 'content-type': 'application/json' };
const get = (path) => ({ method: 'GET', path: `/api/v2/${path}` });
const del = (path) => ({ method: 'DELETE', path: `/api/v2/${path}` });
const patch = (path, body) => ({ method: 'PATCH', path: `/api/v2/${path}`, headers: json, body: JSON.stringify(body) });
const PROFILES = 'token-exchange-profiles/';
const grantPath = (k) => `organizations/${orgId(k % ORGS)}/client-grants/${grantId(Math.floor(k / ORGS) % GRANTS)}`;
const profile = (k) => `${PROFILES}tep_bench_p${k % PATCH_PROFILES}`;
const org = (k) => `organizations/${orgId(k % ORGS)}`;
// PATCH cycles over 100 profiles (one row would measure row-lock contention, not the server), alternating names.
const rename = (k) => ({ name: `bench profile ${'ab'[Math.floor(k / PATCH_PROFILES) % 2]}` });
const operations = [
  ['delete-org-client-grant', 'DELETE /organizations/{id}/client-grants/{grant_id}', 204, (k) => del(grantPath(k)), resetAssociations],
  ['patch-token-exchange-profile', 'PATCH /token-exchange-profiles/{id}', 200, (k) => patch(profile(k), rename(k))],
  [
    'delete-token-exchange-profile',
    'DELETE /token-exchange-profiles/{id}',
    204,
    (k) => del(`${PROFILES}tep_bench_d${k % POOL}`),
    resetDeleteProfiles,
  ],
  ['get-token-exchange-profile', 'GET /token-exchange-profiles/{id}', 200, (k) => get(profile(k))],
  ['list-org-client-grants', 'GET /organizations/{id}/client-grants', 200, (k) => get(`${org(k)}/client-grants`), resetAssociations],
  ['get-logs', 'GET /logs (first page)', 200, () => get('logs')],
]
  .map(([key, name, expect, request, reset]) => ({ key, name, expect, request, reset }))
  .filter((op) => !ONLY || ONLY.has(op.key));

const parity = await checkParity();
const results = [];
for (const op of operations) {
  log(`${op.name}: warm-up ${WARMUP}s each`);
  for (const target of [service, baseline]) {
    await op.reset?.();
    await load(target, op, WARMUP);
  }
  const runs = { service: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with the other server: a run pays for what the one before it left.
    for (const target of round % 2 ? [baseline, service] : [service, baseline]) {
      await op.reset?.();
      const run = await load(target, op, DURATION);
      runs[target.label].push(run);
      log(
        `  ${target.label.padEnd(8)} ${run.rps.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ` +
          `cpu ${run.cpuUs} µs/req  db cpu ${run.dbCpuUs} µs/req  RSS ${run.rssMb} MB (peak ${run.rssPeakMb})  ${JSON.stringify(run.statuses)}`,
      );
    }
  }
  const best = (list) => list.reduce((a, b) => (b.rps > a.rps ? b : a));
  const [s, b] = [best(runs.service), best(runs.baseline)];
  results.push({
    key: op.key,
    operation: op.name,
    service: s,
    baseline: b,
    throughputRatio: s.rps / b.rps,
    p99Ratio: s.p99 / Math.max(b.p99, 1),
    // Medians over all runs: CPU per request is the figure that survives a busy machine.
    cpuUs: { service: median(runs.service.map((r) => r.cpuUs)), baseline: median(runs.baseline.map((r) => r.cpuUs)) },
    dbCpuUs: { service: median(runs.service.map((r) => r.dbCpuUs)), baseline: median(runs.baseline.map((r) => r.dbCpuUs)) },
    serviceRssPeakMb: Math.max(...runs.service.map((r) => r.rssPeakMb)),
    valid: [...runs.service, ...runs.baseline].every((r) => r.valid),
    runs,
  });
}
await service.stop();
await baseline.stop();

// ---------------------------------------------------------------- report

const header =
  'operation|svc req/s|p50/p99 ms|base req/s|p50/p99 ms|thr ratio|CPU µs/req svc/base|db CPU svc/base|svc RSS end/peak|ok'.split('|');
const rows = results.map((r) => [
  r.operation,
  r.service.rps.toFixed(0),
  `${r.service.p50}/${r.service.p99}`,
  r.baseline.rps.toFixed(0),
  `${r.baseline.p50}/${r.baseline.p99}`,
  r.throughputRatio.toFixed(2),
  `${r.cpuUs.service}/${r.cpuUs.baseline}`,
  `${r.dbCpuUs.service}/${r.dbCpuUs.baseline}`,
  `${r.service.rssMb}/${r.serviceRssPeakMb}`,
  r.valid ? 'yes' : 'NO',
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(
  `\n${CONNECTIONS} connections, ${DURATION}s per run, ${ROUNDS} alternating rounds; req/s, p50/p99 from each server's best run, CPU medians.`,
);
console.log(
  `parity: ${parity.ok ? 'same statuses, one log entry per successful write on both' : `MISMATCH ${JSON.stringify(parity.mismatches)}`}`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
for (const r of results) {
  console.log(
    `service/baseline ${r.key}: throughput ${r.throughputRatio.toFixed(2)}, p99 ${r.p99Ratio.toFixed(2)}, CPU ${(r.cpuUs.service / Math.max(r.cpuUs.baseline, 1)).toFixed(2)}`,
  );
}
console.log(`idle RSS: service ${idleRssMb.service} MB, baseline ${idleRssMb.baseline} MB`);
console.log(`cold start (spawn to first 200 on /readyz): service ${service.readyMs} ms, baseline ${baseline.readyMs} ms`);
const report = {
  date: new Date().toISOString(),
  node: process.version,
  config: { duration: DURATION, rounds: ROUNDS, connections: CONNECTIONS, database: env.DATABASE_URL ? 'DATABASE_URL' : 'embedded' },
  parity,
  idleRssMb,
  readyMs: { service: service.readyMs, baseline: baseline.readyMs },
  results,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `bench-${report.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`results: ${file}`);

// The token endpoint has no bare baseline (it would be a second issuer): absolute figures.
let tokensFailed = false;
if (env.BENCH_TOKENS !== '0' && (!ONLY || ONLY.has('tokens'))) {
  log('token endpoint (bench/token-exchange.mjs)');
  const tokens = spawnSync(process.execPath, [join(ROOT, 'bench/token-exchange.mjs')], {
    env: { ...env, DATABASE_URL: serverUrl },
    stdio: 'inherit',
  });
  tokensFailed = tokens.status !== 0;
}
await cleanUp();
process.exitCode = results.every((r) => r.valid) && parity.ok && !tokensFailed ? 0 : 1;

// ---------------------------------------------------------------- helpers

async function start(label, args, extraEnv = {}) {
  const t0 = performance.now();
  const port = await freePort();
  // A script of the checkout (bin/server) runs itself; it execs node, so the pid measured is node's.
  const [command, rest] = args[0].startsWith('bin/') ? [join(ROOT, args[0]), args.slice(1)] : [process.execPath, args];
  const child = spawn(command, rest, {
    cwd: ROOT,
    env: { ...serverEnv, ...extraEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (d) => output.push(d));
  child.stderr.on('data', (d) => output.push(d));
  const exited = new Promise((r) => child.once('exit', r));
  cleanups.push(async () => child.exitCode === null && child.kill('SIGKILL'));
  const path = label === 'service' ? '/readyz' : '/';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited during boot:\n${Buffer.concat(output).toString()}`);
    const status = await fetch(`http://127.0.0.1:${port}${path}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 0 && (label !== 'service' || status === 200)) break;
    await sleep(10);
  }
  const readyMs = Math.round(performance.now() - t0);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    const text = Buffer.concat(output).toString().trim();
    if (text) log(`${label} output:\n${text.split('\n').slice(-20).join('\n')}`);
  };
  return { label, pid: child.pid, port, readyMs, stop };
}

async function load(target, op, seconds) {
  let k = 0;
  const cpuBefore = cpuMs(target.pid);
  const dbBefore = databaseCpuMs();
  // The end-of-run reading falls anywhere on V8's old-generation sawtooth: the peak is kept beside it.
  let rssPeakMb = 0;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(target.pid) ?? 0)), 100);
  // autocannon answers a thenable without finally().
  const result = await Promise.resolve(
    autocannon({
      url: `http://127.0.0.1:${target.port}`,
      connections: CONNECTIONS,
      duration: seconds,
      headers: auth,
      requests: [
        {
          setupRequest: (req) => {
            const r = op.request(k++);
            return { ...req, ...r, headers: { ...req.headers, ...r.headers } };
          },
        },
      ],
    }),
  ).finally(() => clearInterval(sampler));
  const total = Math.max(result.requests.total, 1);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
  const unexpected = Object.entries(statuses).some(([code, n]) => Number(code) !== op.expect && n > 0);
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: Math.round(((cpuMs(target.pid) - cpuBefore) * 1000) / total),
    // Every PostgreSQL process on this machine: only meaningful when nothing else uses the server meanwhile.
    dbCpuUs: Math.round(((databaseCpuMs() - dbBefore) * 1000) / total),
    rssMb: rssMb(target.pid),
    rssPeakMb,
    statuses,
    valid: !unexpected && result.errors === 0 && result.timeouts === 0 && result.requests.total > 0,
  };
}

/** The same requests, success and failure, get the same statuses from both, and each write logs one entry. */
async function checkParity() {
  await resetAssociations();
  await resetDeleteProfiles();
  // [request, tenant log entries a successful write adds; what a refusal logs is the service's own]
  const probes = [
    [del(grantPath(0)), 1],
    [del(`organizations/org_missing/client-grants/${grantId(0)}`)],
    [patch(profile(0), { name: 'bench profile a' }), 1],
    [patch(`${PROFILES}tep_missing`, { name: 'bench profile a' })],
    [patch(profile(0), { subject_token_type: 'urn:bench:p1' })],
    [patch(profile(0), { name: 'ab' })],
    [del(`${PROFILES}tep_bench_d0`), 1],
    [{ ...del(`${PROFILES}tep_bench_d1`), noAuth: true }],
    [get(profile(0))],
    [get(`${PROFILES}tep_missing`)],
    [get(`${org(0)}/client-grants`)],
    [get('logs')],
  ];
  const mismatches = [];
  for (const [{ noAuth, ...probe }, logs] of probes) {
    const statuses = [];
    for (const target of [service, baseline]) {
      const entries = await logCount();
      const response = await fetch(`http://127.0.0.1:${target.port}${probe.path}`, {
        ...probe,
        headers: { ...(noAuth ? {} : auth), ...probe.headers },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
      const written = (await logCount()) - entries;
      if (logs !== undefined && written !== logs)
        mismatches.push({ probe: `${probe.method} ${probe.path}`, server: target.label, logEntries: written });
    }
    if (statuses[0] !== statuses[1])
      mismatches.push({ probe: `${probe.method} ${probe.path}`, service: statuses[0], baseline: statuses[1] });
  }
  return { ok: mismatches.length === 0, probes: probes.length, mismatches };
}

async function logCount() {
  return (await db.query('SELECT count(*)::int AS n FROM tenant_logs')).rows[0].n;
}

async function seed() {
  log('seeding');
  await db.query(
    `INSERT INTO organizations (id, name) SELECT 'org_bench' || lpad(i::text, 6, '0'), 'bench-org-' || i FROM generate_series(0, ${ORGS - 1}) i`,
  );
  await db.query(`INSERT INTO client_grants (id, client_id, audience, scope, organization_usage, allow_any_organization)
    SELECT 'cgr_bench' || lpad(i::text, 6, '0'), 'bench-client-' || i, 'https://bench.api/', ARRAY['read:things','write:things'], 'allow', false
    FROM generate_series(0, ${GRANTS - 1}) i`);
  await db.query(`INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type)
    SELECT 'tep_bench_p' || i, 'bench profile a', 'urn:bench:p' || i, 'act_bench', 'custom_authentication' FROM generate_series(0, ${PATCH_PROFILES - 1}) i`);
  await db.query(`INSERT INTO clients (client_id, name, description, app_type, grant_types, secret_hash, callbacks, settings)
    SELECT CASE WHEN i = 0 THEN 'bench-client' ELSE 'tenant-client-' || i END, 'Tenant client ' || i, 'An application of the tenant',
           'non_interactive', ARRAY['client_credentials'], 'scrypt$16384$8$1$' || md5(i::text) || '$' || md5((i * 7)::text) || md5(i::text),
           ARRAY['https://app' || i || '.example.com/callback'], jsonb_build_object('logo_uri', 'https://cdn.example.com/' || i || '.png')
      FROM generate_series(0, ${TENANT_CLIENTS - 1}) i`);
  await resetAssociations();
  await resetDeleteProfiles();
  await db.query('VACUUM ANALYZE');
}

async function resetAssociations() {
  await db.query(`INSERT INTO organization_client_grants (organization_id, grant_id)
    SELECT o.id, g.id FROM organizations o CROSS JOIN client_grants g WHERE o.id LIKE 'org_bench%' AND g.id LIKE 'cgr_bench%'
    ON CONFLICT DO NOTHING`);
}

async function resetDeleteProfiles() {
  await db.query(`INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type)
    SELECT 'tep_bench_d' || i, 'bench delete', 'urn:bench:d' || i, 'act_bench', 'custom_authentication' FROM generate_series(0, ${POOL - 1}) i
    ON CONFLICT DO NOTHING`);
}

/** utime + stime of a process, in ms. */
function cpuMs(pid) {
  const { utime, stime } = procStat(pid);
  return ((utime + stime) * 1000) / CLOCK_TICKS;
}

/** CPU of every PostgreSQL process on this machine, in ms, with what the postmasters hold for exited backends. */
function databaseCpuMs() {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = procStat(pid);
      if (stat.comm === 'postgres') ticks += stat.utime + stat.stime + stat.cutime + stat.cstime;
    } catch {
      // exited meanwhile
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** A process's name and CPU clock ticks from /proc/<pid>/stat (the name may hold spaces and parentheses). */
function procStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime, cutime, cstime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 15)
    .map(Number);
  return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), utime, stime, cutime, cstime };
}

function rssMb(pid) {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
  } catch {
    return undefined; // gone: the run's errors say so
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
}

function freePort() {
  return new Promise((r) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => r(port));
    });
  });
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

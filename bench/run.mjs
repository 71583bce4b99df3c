// npm run bench: the service against the bare baseline (bench/baseline-server.mjs), same
// database, same tokens, same routes, alternating runs so machine noise hits both alike.
//
// Env (all optional):
//   DATABASE_URL        a server to create a fresh bench database on; unset = embedded PostgreSQL in a temp dir
//   BENCH_DURATION      seconds per measured run (10)      BENCH_WARMUP  seconds of warm-up per server (3)
//   BENCH_ROUNDS        service/baseline pairs per operation (3)        BENCH_CONNECTIONS (50)
//   BENCH_RATE          a fixed total request rate (req/s) instead of as fast as possible (A/B of CPU per request)
//   BENCH_OPS           comma list of operation keys: delete-org-client-grant, patch-token-exchange-profile,
//                       delete-token-exchange-profile, get-token-exchange-profile, list-org-client-grants,
//                       get-logs, get-logs-checkpoint-first, get-logs-checkpoint-last (from/take at the
//                       oldest entry and 100 before the newest: checkpoint paging's two ends),
//                       tokens (bench/token-exchange.mjs: client credentials and a warm token exchange)
//   BENCH_TOKENS=0      skip the token endpoint      BENCH_SKIP_BUILD=1     BENCH_COLD=0 (no cold start)
//   BENCH_CPU_PROF=1    both servers under --cpu-prof, files in bench/results/prof
//   BENCH_KEEP_OUTPUT   a path prefix: each service's whole output is kept in <prefix>-<port>.log (V8's
//                       --trace-gc-nvp lines, say, through BENCH_BEFORE_FLAGS); otherwise only its last lines are shown
//   DATABASE_POOL_SIZE  given to both servers
//   BENCH_POOL          rows each delete workload can consume per run (200000): the org client
//                       grant associations (100 per organization) and the profiles to delete
//   BENCH_FILLER_ROWS   rows the operations never touch added to organization_client_grants,
//                       token_exchange_profiles and tenant_logs (0): bench/growth.mjs sets it per size
//   BENCH_BEFORE_FILLER_ROWS  with BENCH_BEFORE_DIST: the before server gets a database of its own, seeded
//                       alike but with this many filler rows, so one alternation compares two table
//                       sizes (bench/growth.mjs); the baseline then only answers the parity check
//   BENCH_SEED_SQL      file of extra seed SQL run after the built-in seed (the token's client is
//                       azp "bench-client", sub "bench-client@clients")
//   BENCH_TOGETHER=1    with BENCH_BEFORE_DIST, BENCH_BEFORE_FILLER_ROWS (0: same data) and BENCH_RATE: the two
//                       builds are loaded at the same time, each at BENCH_RATE, instead of one after the
//                       other; their CPU per request then meets the same machine (database CPU is both's)
//   BENCH_BEFORE_DIST   an earlier build's dist (bench/build-before.sh) run in the same alternation
//                       for before/after figures; BENCH_BEFORE_ENV='{json}' gives it extra env
//                       (e.g. another DATABASE_POOL_SIZE) to A/B a setting instead, BENCH_BEFORE_FLAGS='--flag ...'
//                       node flags (V8's included, which NODE_OPTIONS refuses) to A/B a flag
//   BENCH_SERVICE_DIST  another build's dist for the service slot instead of dist/:
//                       with BENCH_TOGETHER, a second run with the two builds' slots exchanged cancels what a
//                       slot itself is worth (an identical build in both has come out 2-6% apart either way)
import { spawn, spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT, exportJWK } from 'jose';
import pg from 'pg';
import { shippedEnv } from './shipped-env.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const WARMUP = Number(env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
// A fixed request rate instead of as fast as possible: CPU per request without the contention of
// three saturated processes on two cores, for A/B runs of a change worth a few percent.
const RATE = env.BENCH_RATE ? Number(env.BENCH_RATE) : undefined;
const ONLY = env.BENCH_OPS ? new Set(env.BENCH_OPS.split(',')) : undefined;
const ISSUER = 'https://bench.local/';
const AUDIENCE = 'https://bench.local/api/v2/';
const SCOPES = [
  'delete:organization_client_grants',
  'read:organization_client_grants',
  'update:token_exchange_profiles',
  'delete:token_exchange_profiles',
  'read:token_exchange_profiles',
  'read:logs',
  'update:organizations',
].join(' ');

// Workload sizes: pools large enough that (nearly) every request in a run does real work.
const GRANTS = 100;
const POOL = Number(env.BENCH_POOL ?? 200_000);
const ORGS = Math.ceil(POOL / GRANTS);
const PATCH_PROFILES = 100;
const DELETE_PROFILES = POOL;
const FILLER = Number(env.BENCH_FILLER_ROWS ?? 0);
const BEFORE_FILLER = env.BENCH_BEFORE_DIST && env.BENCH_BEFORE_FILLER_ROWS ? Number(env.BENCH_BEFORE_FILLER_ROWS) : undefined;
// Both builds loaded at once, each at BENCH_RATE on a database of its own: a busy host slows both alike.
const TOGETHER = env.BENCH_TOGETHER === '1' && BEFORE_FILLER !== undefined && RATE !== undefined;
if (env.BENCH_TOGETHER === '1' && !TOGETHER)
  throw new Error('BENCH_TOGETHER needs BENCH_BEFORE_DIST, BENCH_BEFORE_FILLER_ROWS and BENCH_RATE');
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
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error('build failed');
}
const { applyMigrations } = await import(join(ROOT, 'dist/src/database/migrator.js'));
const { EmbeddedPostgres } = await import(join(ROOT, 'dist/src/database/embedded-postgres.js'));

const tmp = mkdtempSync(join(tmpdir(), 'tenant-bench-'));
const children = new Set();
const cleanups = [];
let embedded;
// A failed run still stops its servers and drops its database and temp dir.
let failed = false;
process.on('uncaughtException', async (error) => {
  if (failed) return;
  failed = true;
  process.stderr.write(`[bench] failed: ${error.stack ?? error}\n`);
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await embedded?.stop().catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
});
// Run as root, embedded-postgres runs initdb as an unprivileged user that must reach the data dir.
chmodSync(tmp, 0o755);
let serverUrl = env.DATABASE_URL;
if (!serverUrl) {
  log(`no DATABASE_URL: embedded PostgreSQL under ${tmp}/db`);
  embedded = new EmbeddedPostgres(join(tmp, 'db'), (m) => log(`embedded: ${m}`));
  serverUrl = await embedded.start();
}
const dbName = `bench_${Date.now()}_${process.pid}`;
const mainDatabase = await benchDatabase(dbName, FILLER);
const { url: databaseUrl, db } = mainDatabase;
const beforeDatabase = BEFORE_FILLER === undefined ? mainDatabase : await benchDatabase(`${dbName}_before`, BEFORE_FILLER);
// Each database once, with its filler rows.
const databases = [...new Set([mainDatabase, beforeDatabase])];

// ---------------------------------------------------------------- tokens and JWKS

// Generated as PEM and imported again: Node 20 can deadlock exporting a generated KeyObject to JWK
// (test/support/key-pairs.ts says how).
const pem = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const publicKey = createPublicKey(pem.publicKey);
const privateKey = createPrivateKey(pem.privateKey);
const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key', use: 'sig', alg: 'RS256' };
const jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
await new Promise((r) => jwks.listen(0, '127.0.0.1', r));
const jwksUri = `http://127.0.0.1:${jwks.address().port}/.well-known/jwks.json`;
const now = Math.floor(Date.now() / 1000);
const token = await new SignJWT({ scope: SCOPES, gty: 'client-credentials', azp: 'bench-client' })
  .setProtectedHeader({ alg: 'RS256', kid: 'bench-key', typ: 'JWT' })
  .setSubject('bench-client@clients')
  .setIssuer(ISSUER)
  .setAudience(AUDIENCE)
  .setIssuedAt(now)
  .setExpirationTime(now + 86_400)
  .sign(privateKey);
const auth = { authorization: `Bearer ${token}` };

// ---------------------------------------------------------------- servers

// Read once: a start script the bench cannot read stops it before any server starts.
const SHIPPED_ENV = shippedEnv(ROOT);

const serviceEnv = (extra = {}) => ({
  PATH: env.PATH,
  HOME: env.HOME,
  NODE_ENV: 'production',
  // As `npm start` and the Dockerfile run it (glibc malloc, V8's young generation; bench/NOTES.md).
  ...SHIPPED_ENV,
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  JWKS_URI: jwksUri,
  TOKEN_ISSUER: ISSUER,
  TOKEN_AUDIENCE: AUDIENCE,
  // High enough never to refuse, so the limiter's cost is paid but never its 429.
  RATE_LIMIT_BURST: '1000000000',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  ...(env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE } : {}),
  // The bootstrap admin's credentials file belongs to the run, not to the checkout's ./.data.
  DATA_DIR: join(tmp, 'service-data'),
  ...extra,
});

const profDir = join(ROOT, 'bench/results/prof');
const profArgs = (name) =>
  env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
const service = {
  ...(await startService(
    serviceEnv({ PORT: String(await freePort()) }),
    profArgs('service'),
    env.BENCH_SERVICE_DIST ? join(resolve(env.BENCH_SERVICE_DIST), 'server.js') : undefined,
  )),
  db,
};
// A/B: an earlier build of the service (BENCH_BEFORE_DIST=<its dist dir>) joins the alternation,
// so an optimization's before/after figures come from the same machine state.
const before = env.BENCH_BEFORE_DIST
  ? await startService(
      serviceEnv({ PORT: String(await freePort()), DATABASE_URL: beforeDatabase.url, ...JSON.parse(env.BENCH_BEFORE_ENV ?? '{}') }),
      [...(env.BENCH_BEFORE_FLAGS ? env.BENCH_BEFORE_FLAGS.split(' ') : []), ...profArgs('before')],
      // A build made before the bundle (bench/build-before.sh compiles only) runs its tsc output.
      [join(resolve(env.BENCH_BEFORE_DIST), 'server.js'), join(resolve(env.BENCH_BEFORE_DIST), 'src/main.js')].find((f) => existsSync(f)),
    ).then((server) => ({ ...server, db: beforeDatabase.db }))
  : undefined;
await sleep(2000);
const idleRssMb = rssMb(service.child.pid);
log(
  `service${env.BENCH_SERVICE_DIST ? ` (${env.BENCH_SERVICE_DIST})` : ''} up on :${service.port} in ${service.startMs} ms, idle RSS ${idleRssMb} MB${before ? `; before: idle RSS ${rssMb(before.child.pid)} MB` : ''}`,
);
// A running service has served other management writes, which run in a request transaction (on
// Node 20 the first one turns on an AsyncLocalStorage hook): one such write before any run, so
// the figures are those of a process in that state, not of one that has only served the bench.
for (const server of [service, before].filter(Boolean)) await transactionalWrite(server);
const baseline = { ...(await startBaseline()), db };
log(`baseline up on :${baseline.port}`);

// ---------------------------------------------------------------- operations

const operations = [
  {
    key: 'delete-org-client-grant',
    name: 'DELETE /organizations/{id}/client-grants/{grant_id}',
    expect: 204,
    reset: resetAssociations,
    request: (k) => ({
      method: 'DELETE',
      path: `/api/v2/organizations/${orgId(k % ORGS)}/client-grants/${grantId(Math.floor(k / ORGS) % GRANTS)}`,
    }),
    pool: ORGS * GRANTS,
    remaining: async (on) =>
      Number((await on.query("SELECT count(*) FROM organization_client_grants WHERE organization_id LIKE 'org_bench%'")).rows[0].count),
  },
  {
    key: 'patch-token-exchange-profile',
    name: 'PATCH /token-exchange-profiles/{id}',
    expect: 200,
    reset: async () => undefined,
    // Cycles over 100 profiles (one row would measure row-lock contention, not the server), alternating names.
    request: (k) => ({
      method: 'PATCH',
      path: `/api/v2/token-exchange-profiles/tep_bench_p${k % PATCH_PROFILES}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: Math.floor(k / PATCH_PROFILES) % 2 ? 'bench profile b' : 'bench profile a' }),
    }),
  },
  {
    key: 'delete-token-exchange-profile',
    name: 'DELETE /token-exchange-profiles/{id}',
    expect: 204,
    reset: resetDeleteProfiles,
    request: (k) => ({ method: 'DELETE', path: `/api/v2/token-exchange-profiles/tep_bench_d${k % DELETE_PROFILES}` }),
    pool: DELETE_PROFILES,
    remaining: async (on) =>
      Number((await on.query("SELECT count(*) FROM token_exchange_profiles WHERE id LIKE 'tep_bench_d%'")).rows[0].count),
  },
];

const { reads, asked: readsAsked } = await chooseReads();
operations.push(...reads);
// BENCH_OPS naming only writes leaves no read to try; otherwise none answering 200 means an older build.
const noReads = readsAsked ? 'none (routes absent on the service)' : 'none (not in BENCH_OPS)';
if (reads.length === 0 && readsAsked) log('no read route answered 200 on the service: reads not benchmarked');

const parity = await checkParity();

const results = [];
for (const op of operations) {
  if (ONLY && !ONLY.has(op.key)) continue;
  // With filler rows, the dead rows an earlier operation left would otherwise be vacuumed (a pass
  // over a million-row table) in the middle of this one's runs, on the same two cores.
  for (const { db: on, filler } of databases)
    if (filler > 0) await on.query('VACUUM organization_client_grants, token_exchange_profiles, tenant_logs');
  log(`${op.name}: warm-up ${WARMUP}s each`);
  // Two table sizes compare the service with itself: the baseline's writes would fall on one database only.
  const targets = [
    ['service', service],
    ...(before ? [['before', before]] : []),
    ...(BEFORE_FILLER === undefined ? [['baseline', baseline]] : []),
  ];
  for (const [, target] of targets) {
    await op.reset(target.db);
    await load(target, op, WARMUP);
  }
  const runs = Object.fromEntries(targets.map(([label]) => [label, []]));
  const tableRows = await countRows(db);
  const beforeTableRows = BEFORE_FILLER === undefined ? undefined : await countRows(beforeDatabase.db);
  const measure = async (label, target) => {
    const run = await load(target, op, DURATION);
    if (op.remaining) run.realWork = Math.min(run.requests, op.pool - (await op.remaining(target.db))) / run.requests;
    if (label !== 'baseline') run.rssMb = rssMb(target.child.pid);
    runs[label].push(run);
    log(
      `  ${label.padEnd(8)} ${run.rps.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  cpu ${run.cpuUsPerRequest} µs/req  ` +
        `db cpu ${run.dbCpuUsPerRequest} µs/req  ` +
        `statuses ${JSON.stringify(run.statuses)}${run.realWork !== undefined ? `  real work ${(run.realWork * 100).toFixed(1)}%` : ''}` +
        `${run.rssMb !== undefined ? `  RSS ${run.rssMb} MB (peak ${run.rssPeakMb})` : ''}`,
    );
  };
  for (let round = 0; round < ROUNDS; round++) {
    if (TOGETHER) {
      for (const [, target] of targets) await op.reset(target.db);
      await Promise.all(targets.map(([label, target]) => measure(label, target)));
      continue;
    }
    // Each round starts with the next server: a run pays for what the one before it left (an identical
    // build measured against itself cost 6% more CPU per request first on the org grant DELETE), so
    // no server is always first.
    for (const [label, target] of targets.map((_, i) => targets[(i + round) % targets.length])) {
      await op.reset(target.db);
      await measure(label, target);
    }
  }
  const s = best(runs.service);
  const b = runs.baseline ? best(runs.baseline) : undefined;
  results.push({
    key: op.key,
    operation: op.name,
    service: s,
    baseline: b,
    throughputRatio: b && s.rps / b.rps,
    p99Ratio: b && s.p99 / Math.max(b.p99, 1),
    serviceRssMb: s.rssMb,
    // The highest reading over all the service's measured runs of this operation.
    serviceRssPeakMb: Math.max(...runs.service.map((r) => r.rssPeakMb)),
    tableRows,
    ...(beforeTableRows ? { beforeTableRows } : {}),
    // Median over all runs of each server.
    cpuUsPerRequest: {
      service: median(runs.service.map((r) => r.cpuUsPerRequest)),
      baseline: runs.baseline && median(runs.baseline.map((r) => r.cpuUsPerRequest)),
    },
    dbCpuUsPerRequest: Object.fromEntries(
      Object.entries(runs).map(([label, list]) => [label, median(list.map((r) => r.dbCpuUsPerRequest))]),
    ),
    valid: Object.values(runs)
      .flat()
      .every((r) => r.valid),
    ...(before
      ? {
          before: {
            ...best(runs.before),
            cpuUsPerRequest: median(runs.before.map((r) => r.cpuUsPerRequest)),
            rssPeakMb: Math.max(...runs.before.map((r) => r.rssPeakMb)),
          },
        }
      : {}),
    ...(runs.baseline ? { paired: pairedRatios(runs.service, runs.baseline) } : {}),
    // Loaded together, each round's two runs met the same machine: their ratio is the A/B's reading.
    ...(TOGETHER ? { pairedWithBefore: pairedRatios(runs.service, runs.before) } : {}),
    runs,
  });
}

await service.stop();
await before?.stop();
await baseline.stop();

log('cold start');
const coldStart = env.BENCH_COLD === '0' ? { skipped: true } : await measureColdStart();

// ---------------------------------------------------------------- report

const header = [
  'operation',
  'svc req/s',
  'svc p50',
  'svc p99',
  'base req/s',
  'base p50',
  'base p99',
  'thr ratio',
  'p99 ratio',
  'svc RSS MB end/peak',
  'CPU µs/req svc/base',
  'ok',
];
const rows = results.map((r) => [
  r.operation,
  r.service.rps.toFixed(0),
  `${r.service.p50} ms`,
  `${r.service.p99} ms`,
  r.baseline?.rps.toFixed(0) ?? '-',
  r.baseline ? `${r.baseline.p50} ms` : '-',
  r.baseline ? `${r.baseline.p99} ms` : '-',
  r.throughputRatio?.toFixed(2) ?? '-',
  r.p99Ratio?.toFixed(2) ?? '-',
  `${r.serviceRssMb}/${r.serviceRssPeakMb}`,
  `${r.cpuUsPerRequest.service}/${r.cpuUsPerRequest.baseline ?? '-'}`,
  r.valid ? 'yes' : 'NO',
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(
  `\n${CONNECTIONS} connections, ${DURATION}s per run, ${ROUNDS} alternating service/baseline runs per operation; figures from each server's best run (highest req/s).`,
);
console.log(
  `reads benchmarked: ${reads.length ? reads.map((r) => r.name).join(', ') : noReads}; parity check: ${parity.ok ? 'same statuses and SQL effects' : 'MISMATCH ' + JSON.stringify(parity.mismatches)}`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
const spread = (values, digits) =>
  `${medianOf(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}]`;
const pairedResults = results.filter((r) => r.paired);
if (pairedResults.length && ROUNDS > 1) {
  // The best runs above can come from different moments of a machine whose speed drifts; each
  // round's pair ran back to back, so their ratios show how far one run's verdict can move.
  console.log(`\nper round, each service run against the baseline's run of the same round: median [lowest-highest]`);
  for (const r of pairedResults) {
    console.log(
      `${r.operation}: throughput ${spread(r.paired.throughput, 2)}, p99 ${spread(r.paired.p99, 2)}, CPU ${spread(r.paired.cpu, 2)}`,
    );
  }
}
if (before) {
  console.log(`\nbefore (${env.BENCH_BEFORE_DIST}) -> after, best runs; CPU and database CPU are medians of µs per request`);
  for (const r of results) {
    console.log(
      `${r.operation}: ${r.before.rps.toFixed(0)} -> ${r.service.rps.toFixed(0)} req/s, p99 ${r.before.p99} -> ${r.service.p99} ms, ` +
        `CPU ${r.before.cpuUsPerRequest} -> ${r.cpuUsPerRequest.service} µs/req, database CPU ${r.dbCpuUsPerRequest.before} -> ${r.dbCpuUsPerRequest.service} µs/req, ` +
        `peak RSS ${r.before.rssPeakMb} -> ${r.serviceRssPeakMb} MB ` +
        (r.baseline
          ? `(baseline ${r.baseline.rps.toFixed(0)} req/s, ${r.cpuUsPerRequest.baseline} µs/req, database ${r.dbCpuUsPerRequest.baseline} µs/req)`
          : `(before: ${JSON.stringify(r.beforeTableRows)} rows)`),
    );
  }
}
if (TOGETHER) {
  console.log(`\nloaded together, CPU per request after/before by round: median [lowest-highest], rounds where after was lower`);
  for (const r of results) {
    const cpu = r.pairedWithBefore.cpu;
    console.log(`${r.operation}: ${spread(cpu, 3)}, lower in ${cpu.filter((x) => x < 1).length} of ${cpu.length}`);
  }
}
console.log(`\nidle RSS: ${idleRssMb} MB`);
console.log(
  `${coldStart.skipped ? 'cold start: skipped (BENCH_COLD=0)' : `cold start to first 200 on /readyz: embedded PostgreSQL, existing data ${coldStart.embeddedMs} ms; DATABASE_URL ${coldStart.databaseUrlMs} ms`}`,
);

const report = {
  date: new Date().toISOString(),
  node: process.version,
  config: {
    duration: DURATION,
    warmup: WARMUP,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    database: embedded ? 'embedded' : 'DATABASE_URL',
    poolSize: env.DATABASE_POOL_SIZE ?? 'default',
  },
  selection: 'best run (highest req/s) of each server',
  reads: reads.map((r) => r.name),
  parity,
  idleRssMb,
  coldStart,
  results,
  minThroughputRatio: results.length > 0 && BEFORE_FILLER === undefined ? Math.min(...results.map((r) => r.throughputRatio)) : undefined,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `bench-${report.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`results: ${file}`);

let tokensFailed = false;
// The token endpoint's hot paths have no bare baseline (it would be a second issuer): bench/token-exchange.mjs
// prints their absolute figures with CPU per request, on its own database on the same server.
if (env.BENCH_TOKENS !== '0' && (!ONLY || ONLY.has('tokens'))) {
  log('token endpoint: client credentials and a warm token exchange (bench/token-exchange.mjs)');
  const tokens = spawnSync(process.execPath, [join(ROOT, 'bench/token-exchange.mjs')], {
    env: { ...env, DATABASE_URL: serverUrl },
    stdio: 'inherit',
  });
  tokensFailed = tokens.status !== 0;
}

for (const { db: pool } of databases) await pool.end();
jwks.close();
for (const cleanup of cleanups.reverse()) await cleanup().catch((e) => log(`cleanup: ${e.message}`));
await embedded?.stop();
rmSync(tmp, { recursive: true, force: true });
const invalid = results.filter((r) => !r.valid).map((r) => r.key);
if (invalid.length) log(`INVALID runs (unexpected statuses or errors): ${invalid.join(', ')}`);
console.log(`min throughput ratio: ${report.minThroughputRatio?.toFixed(2) ?? 'n/a (no operation ran against the baseline)'}`);
process.exitCode = invalid.length || !parity.ok || tokensFailed ? 1 : 0;

// ---------------------------------------------------------------- helpers

async function load(target, op, seconds) {
  let k = 0;
  const cpuBefore = cpuMs(target.child.pid);
  const databaseBefore = databaseCpuMs();
  // The end-of-run reading falls anywhere on the old generation's sawtooth (it climbs to V8's limit,
  // then a full collection drops it), so the highest reading during the run is kept beside it.
  let rssPeakMb = 0;
  const sampler = setInterval(() => {
    try {
      rssPeakMb = Math.max(rssPeakMb, rssMb(target.child.pid) ?? 0);
    } catch {
      // The process is gone: the run's errors say so.
    }
  }, 100);
  let result;
  try {
    result = await autocannon({
      url: `http://127.0.0.1:${target.port}`,
      connections: CONNECTIONS,
      duration: seconds,
      ...(RATE ? { overallRate: RATE } : {}),
      headers: auth,
      requests: [
        {
          setupRequest: (req) => {
            const r = op.request(k++, target);
            return { ...req, ...r, headers: { ...req.headers, ...r.headers } };
          },
        },
      ],
    });
  } finally {
    clearInterval(sampler);
  }
  const cpuUsedMs = cpuMs(target.child.pid) - cpuBefore;
  const databaseUsedMs = databaseCpuMs() - databaseBefore;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
  const unexpected = Object.entries(statuses)
    .filter(([code]) => Number(code) !== op.expect)
    .reduce((n, [, c]) => n + c, 0);
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // The server's own CPU per request: far less sensitive to a busy machine than req/s.
    cpuUsPerRequest: Math.round((cpuUsedMs * 1000) / Math.max(result.requests.total, 1)),
    // PostgreSQL's, on this machine (embedded, or a local server nothing else uses meanwhile).
    dbCpuUsPerRequest: Math.round((databaseUsedMs * 1000) / Math.max(result.requests.total, 1)),
    rssPeakMb,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    valid: unexpected === 0 && result.errors === 0 && result.timeouts === 0 && result.requests.total > 0,
  };
}

function median(values) {
  return Math.round(medianOf(values));
}

/** The median without rounding, for ratios. */
function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Round by round, the service's run against the baseline's of the same round: throughput, p99 and CPU per request. */
function pairedRatios(service, baseline) {
  const pairs = service.slice(0, baseline.length).map((s, i) => [s, baseline[i]]);
  return {
    throughput: pairs.map(([s, b]) => s.rps / b.rps),
    p99: pairs.map(([s, b]) => s.p99 / Math.max(b.p99, 1)),
    cpu: pairs.map(([s, b]) => s.cpuUsPerRequest / Math.max(b.cpuUsPerRequest, 1)),
  };
}

function best(runs) {
  return runs.reduce((a, b) => (b.rps > a.rps ? b : a));
}

/** The reads the service answers (an older build may lack some): a single row, an organization's grant list, the logs' first page; `asked`: whether BENCH_OPS named any. */
async function chooseReads() {
  const candidates = [
    {
      key: 'get-token-exchange-profile',
      name: 'GET /token-exchange-profiles/{id}',
      request: (k) => ({ method: 'GET', path: `/api/v2/token-exchange-profiles/tep_bench_p${k % PATCH_PROFILES}` }),
    },
    {
      key: 'list-org-client-grants',
      name: 'GET /organizations/{id}/client-grants',
      request: (k) => ({ method: 'GET', path: `/api/v2/organizations/${orgId(k % ORGS)}/client-grants` }),
    },
    {
      key: 'get-logs',
      name: 'GET /logs (first page)',
      request: () => ({ method: 'GET', path: '/api/v2/logs' }),
    },
  ];
  // Checkpoint paging at its two ends: from the oldest entry, and from 100 entries before the newest,
  // of the database the server reads (the before server may have one of its own).
  const logIdSql = `'900' || lpad(tx_id::text, 20, '0') || lpad(seq::text, 20, '0')`;
  const ends = new Map();
  for (const { db: on } of databases) {
    const { rows } = await on.query(`SELECT (SELECT ${logIdSql} FROM tenant_logs ORDER BY tx_id, seq LIMIT 1) AS first,
      (SELECT ${logIdSql} FROM tenant_logs ORDER BY tx_id DESC, seq DESC LIMIT 1 OFFSET 100) AS last`);
    ends.set(on, rows[0]);
  }
  for (const end of ['first', 'last']) {
    if (![...ends.values()].every((row) => row[end])) continue;
    candidates.push({
      key: `get-logs-checkpoint-${end}`,
      name: `GET /logs?from=<${end === 'first' ? 'oldest' : '100 before the newest'}>&take=100`,
      request: (_k, target) => ({ method: 'GET', path: `/api/v2/logs?from=${ends.get(target.db)[end]}&take=100` }),
    });
  }
  const asked = candidates.filter((c) => !ONLY || ONLY.has(c.key));
  const reads = [];
  for (const c of asked) {
    await resetAssociations(db);
    const { status } = await call(service, c.request(0, service));
    if (status === 200) reads.push({ ...c, expect: 200, reset: resetAssociations });
  }
  return { reads, asked: asked.length > 0 };
}

/** The same requests, success and failure, must get the same statuses from both servers. */
async function checkParity() {
  await resetAssociations(db);
  await resetDeleteProfiles(db);
  const probes = [
    { method: 'DELETE', path: `/api/v2/organizations/${orgId(0)}/client-grants/${grantId(0)}` },
    { method: 'DELETE', path: `/api/v2/organizations/${orgId(0)}/client-grants/${grantId(0)}` },
    { method: 'DELETE', path: `/api/v2/organizations/org_missing/client-grants/${grantId(0)}` },
    { method: 'DELETE', path: `/api/v2/organizations/${'x'.repeat(51)}/client-grants/${grantId(0)}` },
    {
      method: 'PATCH',
      path: '/api/v2/token-exchange-profiles/tep_bench_p0',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"bench profile a"}',
    },
    {
      method: 'PATCH',
      path: '/api/v2/token-exchange-profiles/tep_missing',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"bench profile a"}',
    },
    {
      method: 'PATCH',
      path: '/api/v2/token-exchange-profiles/tep_bench_p0',
      headers: { 'content-type': 'application/json' },
      body: '{"subject_token_type":"urn:bench:p1"}',
    },
    {
      method: 'PATCH',
      path: '/api/v2/token-exchange-profiles/tep_bench_p0',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"ab"}',
    },
    { method: 'PATCH', path: '/api/v2/token-exchange-profiles/tep_bench_p0', headers: { 'content-type': 'application/json' }, body: '{}' },
    { method: 'DELETE', path: '/api/v2/token-exchange-profiles/tep_bench_d0' },
    { method: 'DELETE', path: '/api/v2/token-exchange-profiles/tep_bench_d0' },
    { method: 'DELETE', path: '/api/v2/token-exchange-profiles/tep_bench_d1', noAuth: true },
  ];
  for (const read of reads) {
    const found = read.request(0, service);
    const missing = { ...found, path: found.path.replace(/bench(_p)?0+/, 'missing') };
    probes.push(found, ...(missing.path === found.path ? [] : [missing]));
  }
  const mismatches = [];
  for (const probe of probes) {
    const s = await call(service, probe);
    const b = await call(baseline, probe);
    // The earlier build gets the same requests (not compared), so it enters the runs in the same
    // state: e.g. its first write turns on AsyncLocalStorage's promise hooks, which every later request pays.
    if (before) await call(before, probe);
    if (s.status !== b.status) mismatches.push({ probe: `${probe.method} ${probe.path}`, service: s.status, baseline: b.status });
  }
  await resetAssociations(db);
  await resetDeleteProfiles(db);
  mismatches.push(...(await checkEffects()));
  await resetAssociations(db);
  await resetDeleteProfiles(db);
  return { ok: mismatches.length === 0, probes: probes.length, mismatches };
}

/** The same SQL effect: each server acts on its own row, then the rows must look alike. */
async function checkEffects() {
  const problems = [];
  const json = { 'content-type': 'application/json' };
  const patched = {};
  for (const [label, target, n] of [
    ['service', service, 1],
    ['baseline', baseline, 2],
  ]) {
    await call(target, { method: 'DELETE', path: `/api/v2/organizations/${orgId(n)}/client-grants/${grantId(n)}` });
    await call(target, { method: 'DELETE', path: `/api/v2/token-exchange-profiles/tep_bench_d${n}` });
    const response = await fetch(`http://127.0.0.1:${target.port}/api/v2/token-exchange-profiles/tep_bench_p${n}`, {
      method: 'PATCH',
      headers: { ...auth, ...json },
      body: JSON.stringify({ name: 'effect check', subject_token_type: `urn:bench:effect${n}` }),
    });
    patched[label] = await response.json();
  }
  const associations = await db.query(
    'SELECT organization_id FROM organization_client_grants WHERE (organization_id = $1 AND grant_id = $2) OR (organization_id = $3 AND grant_id = $4)',
    [orgId(1), grantId(1), orgId(2), grantId(2)],
  );
  if (associations.rowCount !== 0) problems.push({ effect: 'org client grant association not removed' });
  const grants = await db.query('SELECT count(*)::int AS n FROM client_grants WHERE id = ANY($1)', [[grantId(1), grantId(2)]]);
  if (grants.rows[0].n !== 2) problems.push({ effect: 'client grant itself was deleted' });
  const profiles = await db.query("SELECT count(*)::int AS n FROM token_exchange_profiles WHERE id IN ('tep_bench_d1', 'tep_bench_d2')");
  if (profiles.rows[0].n !== 0) problems.push({ effect: 'profile not deleted' });
  const updated = await db.query(
    "SELECT id, name, subject_token_type, updated_at > created_at AS advanced FROM token_exchange_profiles WHERE id IN ('tep_bench_p1', 'tep_bench_p2') ORDER BY id",
  );
  for (const row of updated.rows) {
    if (row.name !== 'effect check' || !row.subject_token_type.startsWith('urn:bench:effect') || !row.advanced)
      problems.push({ effect: `PATCH effect differs on ${row.id}`, row });
  }
  const shape = (body) =>
    Object.keys(body ?? {})
      .sort()
      .join(',');
  if (shape(patched.service) !== shape(patched.baseline))
    problems.push({ effect: 'PATCH body shape differs', service: shape(patched.service), baseline: shape(patched.baseline) });
  // Put the profiles back as the PATCH workload expects them.
  await db.query(
    "UPDATE token_exchange_profiles SET name = 'bench profile a', subject_token_type = 'urn:bench:p' || substr(id, 12) WHERE id IN ('tep_bench_p1', 'tep_bench_p2')",
  );
  return problems;
}

async function call(target, { method, path, headers = {}, body, noAuth }) {
  const response = await fetch(`http://127.0.0.1:${target.port}${path}`, {
    method,
    headers: { ...(noAuth ? {} : auth), ...headers },
    body,
  });
  await response.arrayBuffer();
  return { status: response.status };
}

/** A fresh database on the bench's server, migrated and seeded, with `filler` rows the operations never touch. */
async function benchDatabase(name, filler) {
  const url = withDatabase(serverUrl, name);
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  cleanups.push(() => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  log(`database ${name}`);
  await applyMigrations(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined); // idle connections cut by the final DROP DATABASE ... WITH (FORCE)
  await seed(pool, filler);
  return { url, db: pool, filler };
}

async function seed(db, filler) {
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
  await resetAssociations(db);
  await resetDeleteProfiles(db);
  // Extra rows a later schema needs (say, the bench client for a "client is not global" check).
  if (env.BENCH_SEED_SQL) await db.query(readFileSync(resolve(env.BENCH_SEED_SQL), 'utf8'));
  if (filler > 0) await seedFiller(db, filler);
  await db.query('VACUUM ANALYZE');
}

/**
 * Rows the operations never touch, so a run shows what table size alone costs: organizations
 * holding the bench grants, profiles, and log entries (their log_ids sort before every entry a run writes).
 */
async function seedFiller(db, filler) {
  log(`seeding ${filler} filler rows per table`);
  const orgs = Math.ceil(filler / GRANTS);
  await db.query(
    `INSERT INTO organizations (id, name) SELECT 'org_fill' || lpad(i::text, 7, '0'), 'fill-org-' || i FROM generate_series(0, ${orgs - 1}) i`,
  );
  await db.query(`INSERT INTO organization_client_grants (organization_id, grant_id)
    SELECT 'org_fill' || lpad((i / ${GRANTS})::text, 7, '0'), 'cgr_bench' || lpad((i % ${GRANTS})::text, 6, '0') FROM generate_series(0, ${filler - 1}) i`);
  await db.query(`INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type)
    SELECT 'tep_fill' || i, 'fill profile', 'urn:fill:' || i, 'act_bench', 'custom_authentication' FROM generate_series(0, ${filler - 1}) i`);
  await db.query(`INSERT INTO tenant_logs (date, type, description, client_id, client_name, ip, user_agent, details)
    SELECT now() - make_interval(secs => ${filler} - i), CASE WHEN i % 10 = 0 THEN 'fapi' ELSE 'sapi' END, 'Update a token exchange profile',
           'fill-client-' || (i % 50), 'Fill client', '10.0.' || (i % 250) || '.1', 'fill-agent/1.0',
           jsonb_build_object('request', jsonb_build_object('method', 'patch', 'path', '/api/v2/token-exchange-profiles/tep_fill' || i,
             'body', jsonb_build_object('name', 'fill profile')), 'response', jsonb_build_object('statusCode', 200))
      FROM generate_series(0, ${filler - 1}) i`);
}

/** Rows in the tables the operations use, when an operation's runs start. */
async function countRows(db) {
  const { rows } = await db.query(`SELECT (SELECT count(*) FROM organization_client_grants)::int AS organization_client_grants,
    (SELECT count(*) FROM token_exchange_profiles)::int AS token_exchange_profiles, (SELECT count(*) FROM tenant_logs)::int AS tenant_logs`);
  return rows[0];
}

async function resetAssociations(db) {
  await db.query(`INSERT INTO organization_client_grants (organization_id, grant_id)
    SELECT o.id, g.id FROM organizations o CROSS JOIN client_grants g WHERE o.id LIKE 'org_bench%' AND g.id LIKE 'cgr_bench%'
    ON CONFLICT DO NOTHING`);
}

async function resetDeleteProfiles(db) {
  await db.query(`INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type)
    SELECT 'tep_bench_d' || i, 'bench delete', 'urn:bench:d' || i, 'act_bench', 'custom_authentication' FROM generate_series(0, ${DELETE_PROFILES - 1}) i
    ON CONFLICT DO NOTHING`);
}

// What `npm start` and the Docker image run: the bundle.
async function startService(childEnv, nodeFlags = [], entry = 'dist/server.js') {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, entry], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const output = [];
  child.stdout.on('data', (d) => output.push(d));
  child.stderr.on('data', (d) => output.push(d));
  const exited = new Promise((r) => child.once('exit', r));
  const port = Number(childEnv.PORT);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited during boot:\n${Buffer.concat(output).toString()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  const startMs = Math.round(performance.now() - t0);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    const text = Buffer.concat(output).toString().trim();
    if (env.BENCH_KEEP_OUTPUT) writeFileSync(`${env.BENCH_KEEP_OUTPUT}-${port}.log`, text);
    if (text) log(`service output:\n${text.split('\n').slice(-20).join('\n')}`);
  };
  cleanups.push(async () => child.exitCode === null && child.kill('SIGKILL'));
  return { child, port, startMs, stop };
}

async function transactionalWrite(server) {
  const path = `/api/v2/organizations/${orgId(0)}`;
  const body = JSON.stringify({ display_name: 'Bench organization' });
  const { status } = await call(server, { method: 'PATCH', path, headers: { 'content-type': 'application/json' }, body });
  if (status !== 200) throw new Error(`PATCH ${path} answered ${status}`);
}

async function startBaseline() {
  const flags = env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-name=baseline.cpuprofile'] : [];
  const child = spawn(process.execPath, [...flags, 'bench/baseline-server.mjs'], {
    cwd: ROOT,
    // The bare server keeps V8's own young generation, as before the service capped its own.
    env: { ...serviceEnv(), NODE_OPTIONS: '', PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((r) => child.once('exit', r));
  const port = await new Promise((resolvePort, reject) => {
    child.once('exit', () => reject(new Error('baseline exited during boot')));
    child.stdout.once('data', (d) => resolvePort(JSON.parse(String(d).split('\n')[0]).listening));
  });
  cleanups.push(async () => child.exitCode === null && child.kill('SIGKILL'));
  return { child, port, stop: async () => (child.kill('SIGTERM'), await exited) };
}

/** Process start to first 200 on /readyz: embedded PostgreSQL on existing data (second start), and DATABASE_URL. */
async function measureColdStart() {
  const viaUrl = await startService(serviceEnv({ PORT: String(await freePort()) }));
  await viaUrl.stop();
  const dataDir = join(tmp, 'cold');
  const embeddedEnv = async () => {
    const e = serviceEnv({ PORT: String(await freePort()), DATA_DIR: dataDir });
    delete e.DATABASE_URL;
    return e;
  };
  const first = await startService(await embeddedEnv()); // initialises the data directory
  await first.stop();
  const second = await startService(await embeddedEnv());
  await sleep(2000);
  const embeddedIdleRssMb = rssMb(second.child.pid);
  await second.stop();
  return { databaseUrlMs: viaUrl.startMs, embeddedMs: second.startMs, embeddedFirstBootMs: first.startMs, embeddedIdleRssMb };
}

/** utime + stime of a process, in ms. */
function cpuMs(pid) {
  const { ticks } = procStat(pid);
  return ((ticks.utime + ticks.stime) * 1000) / CLOCK_TICKS;
}

/**
 * CPU of every PostgreSQL process on this machine, in ms: the live ones' own, plus what the
 * postmasters hold for backends that have exited (cutime + cstime).
 */
function databaseCpuMs() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = procStat(pid);
    } catch {
      continue; // exited meanwhile
    }
    if (stat.comm !== 'postgres') continue;
    const { utime, stime, cutime, cstime } = stat.ticks;
    total += utime + stime + cutime + cstime;
  }
  return (total * 1000) / CLOCK_TICKS;
}

/** A process's name and CPU clock ticks from /proc/<pid>/stat (the name may hold spaces and parentheses). */
function procStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks: { utime, stime, cutime, cstime } };
}

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : undefined;
}

function freePort() {
  return new Promise((r) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => r(port));
    });
  });
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

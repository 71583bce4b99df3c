// npm run bench:growth: the three core operations, an organization's grant list and checkpoint paging
// at both ends, with 1k, 100k and 1M filler rows in their tables (organization_client_grants,
// token_exchange_profiles, tenant_logs): one bench/run.mjs per larger size, alternating it with the
// smallest on two fresh databases, then each operation's change from the smallest size.
//
// Env (all optional, besides run.mjs's own): BENCH_GROWTH_SIZES (1000,100000,1000000),
// BENCH_POOL (30000: rows a delete run can consume; the smaller it is, the closer the smallest
// size is to its nominal row count), BENCH_DURATION (8), BENCH_ROUNDS (3).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const SIZES = (env.BENCH_GROWTH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const OPS = [
  'delete-org-client-grant',
  'patch-token-exchange-profile',
  'delete-token-exchange-profile',
  'list-org-client-grants',
  'get-logs-checkpoint-first',
  'get-logs-checkpoint-last',
];

// Each larger size runs in one alternation with the smallest: the same build twice, the "before"
// server on a second database holding the larger size (run.mjs's BENCH_BEFORE_FILLER_ROWS). Sizes
// measured minutes apart differed by as much as the machine drifts (±15%, the baseline's own
// figures too), more than the 10% looked for; within one alternation the drift falls on both.
const [SMALLEST, ...LARGER] = SIZES;
const pairs = [];
for (const [i, size] of LARGER.entries()) {
  process.stderr.write(`[growth] ${size} against ${SMALLEST} filler rows per table\n`);
  const run = spawnSync(process.execPath, [join(ROOT, 'bench/run.mjs')], {
    cwd: ROOT,
    env: {
      BENCH_DURATION: '8',
      BENCH_ROUNDS: '3',
      BENCH_POOL: '30000',
      ...env,
      BENCH_FILLER_ROWS: String(SMALLEST),
      BENCH_BEFORE_DIST: join(ROOT, 'dist'),
      BENCH_BEFORE_FILLER_ROWS: String(size),
      BENCH_OPS: env.BENCH_OPS ?? OPS.join(','),
      BENCH_TOKENS: '0',
      BENCH_COLD: '0',
      BENCH_SKIP_BUILD: i === 0 ? (env.BENCH_SKIP_BUILD ?? '0') : '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = run.stdout.toString();
  process.stdout.write(out);
  const file = /^results: (.+)$/m.exec(out)?.[1];
  if (run.status !== 0 || !file) throw new Error(`bench/run.mjs failed at ${size} filler rows`);
  pairs.push({ size, report: JSON.parse(readFileSync(file, 'utf8')) });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** The rounds' ratios of the larger size's runs to the smallest's (they alternate, round by round). */
const ratios = (larger, smallest, field) => larger.map((run, i) => run[field] / Math.max(smallest[i][field], 1));
const keys = [...new Set(pairs.flatMap(({ report }) => report.results.map((r) => r.key)))];
const table = keys.map((key) => ({
  key,
  operation: pairs.flatMap(({ report }) => report.results).find((r) => r.key === key).operation,
  pairs: pairs.flatMap(({ size, report }) => {
    const r = report.results.find((x) => x.key === key);
    if (!r) return [];
    const rpsRatios = ratios(r.runs.before, r.runs.service, 'rps');
    const p99Ratios = ratios(r.runs.before, r.runs.service, 'p99');
    return [
      {
        size,
        smallest: { rows: r.tableRows, rps: r.service.rps, p99: r.service.p99, cpuUsPerRequest: r.cpuUsPerRequest.service },
        larger: {
          rows: r.beforeTableRows,
          rps: r.before.rps,
          p99: r.before.p99,
          cpuUsPerRequest: r.before.cpuUsPerRequest,
          rpsRatios,
          p99Ratios,
        },
        rpsChange: median(rpsRatios) - 1,
        p99Change: median(p99Ratios) - 1,
      },
    ];
  }),
}));

const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(0)}%`;
const rounds = (ratios) => ratios.map((x) => x.toFixed(2)).join(' / ');
console.log(
  `\nservice figures by filler rows per table: each larger size alternated with ${SMALLEST} rows (best runs; change: median of the rounds' ratios)`,
);
for (const row of table) {
  console.log(row.operation);
  for (const { size, smallest, larger, rpsChange, p99Change } of row.pairs) {
    console.log(
      `  ${String(size).padStart(8)} vs ${SMALLEST}: ${larger.rps.toFixed(0)} vs ${smallest.rps.toFixed(0)} req/s (rounds ${rounds(larger.rpsRatios)}: ${pct(rpsChange)}), ` +
        `p99 ${larger.p99} vs ${smallest.p99} ms (rounds ${rounds(larger.p99Ratios)}: ${pct(p99Change)}), CPU ${larger.cpuUsPerRequest} vs ${smallest.cpuUsPerRequest} µs/req, rows ${JSON.stringify(larger.rows)}`,
    );
  }
}
const date = new Date().toISOString();
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `growth-${date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify({ date, node: process.version, sizes: SIZES, table, runs: pairs.map((p) => p.report) }, null, 2)}\n`);
console.log(`results: ${file}`);

// npm run bench:growth: the three core operations, an organization's grant list and checkpoint paging
// at both ends, with 1k, 100k and 1M filler rows in their tables (organization_client_grants,
// token_exchange_profiles, tenant_logs): one bench/run.mjs per size, on its own fresh database,
// then each operation's figures side by side with its change from the smallest size.
//
// Env (all optional, besides run.mjs's own): BENCH_GROWTH_SIZES (1000,100000,1000000),
// BENCH_POOL (30000: rows a delete run can consume; the smaller it is, the closer the smallest
// size is to its nominal row count), BENCH_DURATION (8), BENCH_ROUNDS (2).
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

const bySize = [];
for (const [i, size] of SIZES.entries()) {
  process.stderr.write(`[growth] ${size} filler rows per table\n`);
  const run = spawnSync(process.execPath, [join(ROOT, 'bench/run.mjs')], {
    cwd: ROOT,
    env: {
      BENCH_DURATION: '8',
      BENCH_ROUNDS: '2',
      BENCH_POOL: '30000',
      ...env,
      BENCH_FILLER_ROWS: String(size),
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
  bySize.push({ size, report: JSON.parse(readFileSync(file, 'utf8')) });
}

const keys = [...new Set(bySize.flatMap(({ report }) => report.results.map((r) => r.key)))];
const table = keys.map((key) => {
  const points = bySize.map(({ size, report }) => {
    const r = report.results.find((x) => x.key === key);
    return (
      r && {
        size,
        operation: r.operation,
        rows: r.tableRows,
        rps: r.service.rps,
        p99: r.service.p99,
        cpuUsPerRequest: r.cpuUsPerRequest.service,
      }
    );
  });
  // Every key came from some size's results, so at least one point exists.
  const first = points.find(Boolean);
  const change = (p, field) => (p ? p[field] / first[field] - 1 : undefined);
  return {
    key,
    operation: first.operation,
    points: points.map((p) => p && { ...p, rpsChange: change(p, 'rps'), p99Change: change(p, 'p99') }),
  };
});

const pct = (x) => (x === undefined ? '' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(0)}%`);
console.log(`\nservice figures by filler rows per table (best run of ${env.BENCH_ROUNDS ?? 2}; change against ${SIZES[0]} rows)`);
for (const row of table) {
  console.log(`${row.operation}`);
  for (const p of row.points) {
    if (!p) continue;
    console.log(
      `  ${String(p.size).padStart(8)} filler  ${p.rps.toFixed(0).padStart(6)} req/s (${pct(p.rpsChange).padStart(4)})  ` +
        `p99 ${String(p.p99).padStart(3)} ms (${pct(p.p99Change).padStart(4)})  CPU ${p.cpuUsPerRequest} µs/req  rows ${JSON.stringify(p.rows)}`,
    );
  }
}
const date = new Date().toISOString();
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `growth-${date.replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ date, node: process.version, sizes: SIZES, table, runs: bySize.map((b) => b.report) }, null, 2)}\n`,
);
console.log(`results: ${file}`);

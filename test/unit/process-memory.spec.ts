import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const processMemory = fileURLToPath(new URL('../../src/process-memory.js', import.meta.url));

// A live set of ~30 MB and a steady stream of objects that survive two scavenges and then die:
// what requests under load do to the old generation. Prints the largest heap V8 committed.
const workload = (percent: number): string => `
  const { limitHeapGrowth } = await import(${JSON.stringify(processMemory)});
  limitHeapGrowth(${percent});
  const live = [];
  for (let i = 0; i < 300000; i++) live.push({ i, s: 'k' + i });
  let kept = [];
  let peak = 0;
  for (let round = 0; round < 400; round++) {
    for (let i = 0; i < 20000; i++) {
      kept.push({ i, a: [i, i] });
      if (kept.length > 40000) kept = kept.slice(20000);
    }
    peak = Math.max(peak, process.memoryUsage().heapTotal);
    await new Promise((r) => setImmediate(r));
  }
  // live is read here so it stays reachable through the whole loop.
  process.stdout.write(JSON.stringify({ peak, live: live.length }));
`;

function peakHeap(percent: number): number {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', workload(percent)], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  const { peak, live } = JSON.parse(result.stdout) as { peak: number; live: number };
  assert.equal(live, 300_000);
  return peak;
}

describe('limitHeapGrowth', () => {
  it('makes V8 collect the old generation before it grows far past the live heap', () => {
    const unlimited = peakHeap(0);
    const limited = peakHeap(10);
    assert.ok(limited < unlimited * 0.85, `peak heap ${limited} bytes with 10%, ${unlimited} with V8's own factor`);
  });
});

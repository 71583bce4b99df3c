import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const processMemory = fileURLToPath(new URL('../../src/process-memory.js', import.meta.url));

/** Runs `code` as an ES module in a child Node (V8 flags apply to that process only) and parses what it prints. */
function runModule(code: string, nodeFlags: string[] = []): unknown {
  const result = spawnSync(process.execPath, [...nodeFlags, '--input-type=module', '-e', code], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

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
  const { peak, live } = runModule(workload(percent)) as { peak: number; live: number };
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

// A WebAssembly function that loops n times (a sum), run until V8 would have recompiled it with
// TurboFan (a few hundred ms at most): prints whether it was. %IsTurboFanFunction needs
// --allow-natives-syntax, given to this child process only.
const hotWasm = (skip: boolean): string => `
  const { skipWebAssemblyTierUp } = await import(${JSON.stringify(processMemory)});
  if (${skip}) skipWebAssemblyTierUp();
  const bytes = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f,
    0x03, 0x02, 0x01, 0x00,
    0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00,
    0x0a, 0x23, 0x01, 0x21, 0x01, 0x01, 0x7f,
    0x02, 0x40, 0x03, 0x40, 0x20, 0x00, 0x45, 0x0d, 0x01, 0x20, 0x01, 0x20, 0x00, 0x6a, 0x21, 0x01,
    0x20, 0x00, 0x41, 0x01, 0x6b, 0x21, 0x00, 0x0c, 0x00, 0x0b, 0x0b, 0x20, 0x01, 0x0b,
  ]);
  const { instance } = await WebAssembly.instantiate(bytes);
  const sum = instance.exports.f;
  let optimized = false;
  for (let i = 0; i < 200 && !optimized; i++) {
    sum(100000);
    await new Promise((r) => setTimeout(r, 10));
    optimized = %IsTurboFanFunction(sum);
  }
  process.stdout.write(JSON.stringify({ sum: sum(10), optimized }));
`;

function optimizedWhenHot(skip: boolean): boolean {
  const { sum, optimized } = runModule(hotWasm(skip), ['--allow-natives-syntax']) as { sum: number; optimized: boolean };
  assert.equal(sum, 55);
  return optimized;
}

describe('skipWebAssemblyTierUp', () => {
  it('keeps a hot WebAssembly function on the code V8 first compiled, where V8 would recompile it with TurboFan', () => {
    assert.equal(optimizedWhenHot(false), true, 'without the call V8 recompiles the hot function');
    assert.equal(optimizedWhenHot(true), false, 'with the call set at run time it does not');
  });
});

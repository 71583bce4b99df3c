import { setFlagsFromString } from 'node:v8';
import type { JsonLogger } from './common/json-logger.js';

/**
 * Bounds how far V8 lets the old generation grow between full collections (HEAP_GROWING_PERCENT).
 * Under load a share of every request's objects is promoted and dies there, so the old generation
 * climbs to V8's limit before each full collection; on a large host V8 sets that limit at up to
 * four times the live heap. V8 reads the flag whenever it sets the next limit, so setting it at
 * run time is what `node --heap-growing-percent` would do, for every way the service is started.
 * 0 leaves V8's own choice.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * Prisma's query compiler is the process's one large WebAssembly module. V8 compiles it with its
 * baseline compiler, then recompiles the functions that run most with TurboFan: at the first query
 * Prisma builds, that takes ~38 MB of malloc for a moment (RSS 13-15 MB higher), part of which glibc
 * keeps, and the bench's peak RSS is ~10 MB higher from then on (bench/NOTES.md). The compiler runs
 * once per query shape (Prisma keeps the plans): under load on a Prisma-built list its code ran 3 ms
 * of 8.5 s busy time, so the optimized tier buys nothing measurable. (undici's HTTP parser, the other
 * module, only reads the answers to JWKS and log stream requests.) V8 reads both flags when it
 * compiles a module, so setting them before the first Prisma query is enough.
 */
export function skipWebAssemblyTierUp(): void {
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}

/**
 * Loading and wiring the modules grows V8's young generation to its maximum (two semi-spaces, 8 MB
 * each as `npm start` runs it) and leaves old-space pages of what ran once. V8 gives them back only
 * when its memory reducer finds the process idle, about 50 s after a start (measured); until then
 * an idle instance holds ~35 MB more than it needs. One memory-reducing collection (what the
 * inspector's collectGarbage asks V8 for, ~50-120 ms) returns them; main.ts runs it a second after
 * listening, so it is not part of the start.
 * Skipped where Node was built without the inspector.
 */
export async function releaseBootGarbage(logger: JsonLogger): Promise<void> {
  try {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    try {
      await session.post('HeapProfiler.collectGarbage');
    } finally {
      session.disconnect();
    }
  } catch (error) {
    logger.write('debug', `boot garbage not released: ${(error as Error).message}`);
  }
}

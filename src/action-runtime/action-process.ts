import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTION_PACKAGES } from './child/packages.js';
import type { ChildMessage, RunRequest } from './child/protocol.js';
import { readReply, type ChildReply } from './action-reply.js';

const RUNNER = fileURLToPath(new URL('./child/runner.js', import.meta.url));
const STDERR_TAIL = 4096;

/** The folder of each allowlisted package: the only files an action process may read besides its own. */
function packageFolders(): string[] {
  const resolve = createRequire(import.meta.url).resolve;
  return ACTION_PACKAGES.map((name) => {
    const entry = resolve(name);
    const marker = `${sep}node_modules${sep}${name}${sep}`;
    return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  });
}

/**
 * Node's permission model: file reads only of the runner's folder and the allowlisted packages; no
 * writes, child processes, worker threads or native addons. The flag was renamed in Node 22.13
 * (--experimental-permission before), hence the detection. Network stays open, as in Auth0.
 */
function execArgv(memoryMb: number): string[] {
  const flags = process.allowedNodeEnvironmentFlags;
  const permission = flags.has('--permission') ? '--permission' : '--experimental-permission';
  const args = [permission, `--allow-fs-read=${dirname(RUNNER)}${sep}`, ...packageFolders().map((dir) => `--allow-fs-read=${dir}`)];
  // Node 25 puts the network under the permission model too; actions may call out, as in Auth0.
  if (flags.has('--allow-net')) args.push('--allow-net');
  return [...args, `--max-old-space-size=${memoryMb}`];
}

export type ProcessOutcome = ChildReply | { type: 'failed'; failure: 'timeout' | 'memory' | 'crash'; message: string };

/**
 * One action process: started with an empty environment, runs one execution at a time, killed
 * (SIGKILL) when an execution outlives the timeout. A dead process is never reused; the pool
 * starts another.
 */
export class ActionProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private readonly seen = new Set<string>();
  private stderr = '';
  private pending?: { runId: number; resolve: (outcome: ProcessOutcome) => void; request: RunRequest };
  private nextRunId = 1;
  dead = false;

  constructor(memoryMb: number) {
    this.child = fork(RUNNER, [], {
      env: {},
      execArgv: execArgv(memoryMb),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
    });
    this.ready = new Promise((resolve) => {
      // Typed as unknown: the child's messages are untrusted (action-reply.ts).
      this.child.on('message', (message: unknown) => {
        if ((message as { type?: unknown } | null)?.type === 'ready') resolve();
        else this.onMessage(message);
      });
      this.child.on('exit', (code, signal) => {
        resolve();
        this.onExit(code, signal);
      });
    });
    this.child.on('error', () => undefined);
  }

  async run(request: Omit<RunRequest, 'type' | 'runId' | 'code' | 'sentAt'>, code: string, timeoutMs: number): Promise<ProcessOutcome> {
    await this.ready;
    if (this.dead) return { type: 'failed', failure: 'crash', message: 'The action process could not start.' };
    const runId = this.nextRunId++;
    const full: RunRequest = { type: 'run', runId, sentAt: Date.now(), ...request, ...(this.seen.has(request.versionId) ? {} : { code }) };
    this.seen.add(request.versionId);
    return new Promise<ProcessOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.finish({ type: 'failed', failure: 'timeout', message: `The action did not finish within ${timeoutMs} ms.` });
        this.kill();
      }, timeoutMs);
      this.pending = {
        runId,
        request: { ...full, code },
        resolve: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
      };
      this.child.send(full);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  kill(): void {
    this.dead = true;
    this.child.kill('SIGKILL');
  }

  private finish(outcome: ProcessOutcome): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(outcome);
  }

  private onMessage(message: unknown): void {
    const pending = this.pending;
    const { type, runId } = (message ?? {}) as { type?: unknown; runId?: unknown };
    if (!pending || runId !== pending.runId) return;
    if (type === 'needs-code') {
      this.child.send(pending.request);
      return;
    }
    if (type === 'done') this.finish(readReply(message as ChildMessage));
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.dead = true;
    // V8 prints this when --max-old-space-size is reached, then aborts.
    const memory = /heap out of memory|Reached heap limit/i.test(this.stderr);
    this.finish({
      type: 'failed',
      failure: memory ? 'memory' : 'crash',
      message: memory
        ? 'The action ran out of memory.'
        : `The action process ended unexpectedly (${signal ?? `exit code ${String(code)}`}).`,
    });
  }
}

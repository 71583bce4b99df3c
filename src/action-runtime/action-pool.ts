import { ActionProcess, type ProcessOutcome } from './action-process.js';
import type { RunRequest } from './child/protocol.js';

type Job = Omit<RunRequest, 'type' | 'runId' | 'code' | 'sentAt'>;

interface Queued {
  job: Job;
  code: string;
  resolve: (outcome: ProcessOutcome) => void;
}

/**
 * Up to `size` action processes, started on first use, each running one execution at a time; the
 * rest wait in order. A process that died (timeout, memory, crash) is replaced by a new one, so a
 * looping action costs only its own execution.
 */
export class ActionPool {
  private readonly slots: (ActionProcess | undefined)[];
  private readonly busy = new Set<number>();
  private readonly queue: Queued[] = [];
  private closed = false;

  constructor(
    size: number,
    private readonly memoryMb: number,
    private readonly timeoutMs: number,
  ) {
    this.slots = new Array<ActionProcess | undefined>(size).fill(undefined);
  }

  run(job: Job, code: string): Promise<ProcessOutcome> {
    if (this.closed) return Promise.resolve({ type: 'failed', failure: 'crash', message: 'The service is shutting down.' });
    return new Promise((resolve) => {
      this.queue.push({ job, code, resolve });
      this.dispatch();
    });
  }

  /** Kills every process; queued executions fail. Called at application shutdown. */
  close(): void {
    this.closed = true;
    for (const queued of this.queue.splice(0))
      queued.resolve({ type: 'failed', failure: 'crash', message: 'The service is shutting down.' });
    for (const process of this.slots) process?.kill();
    this.slots.fill(undefined);
  }

  /** Process ids of the running action processes (tests check none outlive the service). */
  pids(): number[] {
    return this.slots.flatMap((process) => (process?.pid === undefined || process.dead ? [] : [process.pid]));
  }

  private dispatch(): void {
    for (let slot = 0; slot < this.slots.length; slot++) {
      if (this.busy.has(slot)) continue;
      const queued = this.queue.shift();
      if (!queued) return;
      this.busy.add(slot);
      void this.runIn(slot, queued);
    }
  }

  private async runIn(slot: number, { job, code, resolve }: Queued): Promise<void> {
    let process = this.slots[slot];
    if (!process || process.dead) {
      process = new ActionProcess(this.memoryMb);
      this.slots[slot] = process;
    }
    try {
      resolve(await process.run(job, code, this.timeoutMs));
    } finally {
      this.busy.delete(slot);
      if (!this.closed) this.dispatch();
    }
  }
}

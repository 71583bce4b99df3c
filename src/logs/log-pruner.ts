import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../common/json-logger.js';
import { AppConfig } from '../config/app-config.js';
import { LogsRepository } from './logs.repository.js';

// Rows per DELETE: each batch is a short statement of its own, so pruning never holds locks long
// enough to slow the writes that insert entries.
const PRUNE_BATCH = 1000;
const DAY_MS = 86_400_000;

/** Deletes entries older than logRetentionDays, every logPruneIntervalMs, in small batches. */
@Injectable()
export class LogPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly logs: LogsRepository,
    private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap(): void {
    // Unref'd: a pending prune never keeps the process alive.
    this.timer = setInterval(() => void this.tick(), this.config.logPruneIntervalMs).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Deletes every entry older than the retention period, batch by batch; how many it deleted. */
  async prune(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.logRetentionDays * DAY_MS);
    let total = 0;
    for (;;) {
      const deleted = await this.logs.pruneBatch(cutoff, PRUNE_BATCH);
      total += deleted;
      if (deleted < PRUNE_BATCH || this.stopped) return total;
    }
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = this.prune();
    try {
      const deleted = await this.running;
      if (deleted > 0) this.logger.write('info', 'tenant log entries pruned', { context: 'LogPruner', deleted });
    } catch (error) {
      this.logger.write('warn', `tenant log prune failed: ${(error as Error).message}`, { context: 'LogPruner' });
    } finally {
      this.running = undefined;
    }
  }
}

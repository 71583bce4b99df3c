import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { JsonLogger } from '../../common/json-logger.js';
import { AppConfig } from '../../config/app-config.js';
import { passesFilters } from '../log-categories.js';
import { SealedSecrets } from '../../common/sealed-secrets.js';
import { backoffMs, LEASE_MS, MAX_BATCHES_PER_POLL, SHUTDOWN_WAIT_MS, SUSPEND_AFTER_FAILURES } from './delivery-policy.js';
import { postToSink } from './http-sink.client.js';
import { streamedLogJson, type LogEntryRow } from './log-event.js';
import { LogStreamDeliveryRepository, type Cursor, type LeasedStream } from './log-stream-delivery.repository.js';

const CONTEXT = 'LogStreamDelivery';

/**
 * Delivers tenant log entries to every active stream, at least once and in order, in batches. Any
 * number of instances may run it on one database: a stream is delivered by whichever instance holds
 * its lease, and its cursor (the last entry delivered) lives in PostgreSQL, so a restart, a crash or
 * another instance carries on from there; at worst the batch in flight at a crash is sent again.
 */
@Injectable()
export class LogStreamDelivery implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** This instance's name on the leases it takes: unique per process, readable in the table. */
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /**
   * Cancels the poll in flight at shutdown. A new one per poll: every request's signal combines it
   * with a timeout (AbortSignal.any), and Node 20 keeps an entry in the combined source for each,
   * until that source is collected, so one controller for the process's life grew with every delivery.
   */
  private cancel?: AbortController;
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly deliveries: LogStreamDeliveryRepository,
    private readonly secrets: SealedSecrets,
    private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  /**
   * Before the pool closes: no new poll; the batch in flight finishes, or past a bound its request is
   * cancelled (its entries go out later); the leases are let go. Bounded throughout, even with a
   * database that stopped answering: a lease not let go simply expires.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (!(await settlesWithin(this.polling, SHUTDOWN_WAIT_MS))) this.cancel?.abort();
    const release = (async () => {
      await this.polling;
      await this.deliveries.releaseAll(this.owner);
    })().catch(() => undefined);
    await settlesWithin(release, SHUTDOWN_WAIT_MS);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const cancel = (this.cancel = new AbortController());
      this.polling = this.poll(cancel.signal).finally(() => {
        this.polling = undefined;
        this.cancel = undefined;
        this.schedule();
      });
    }, this.config.logStreamPollMs);
  }

  private async poll(cancel: AbortSignal): Promise<void> {
    try {
      const due = await this.deliveries.dueStreams(this.owner);
      await Promise.all(due.map((id) => this.deliverStream(id, cancel)));
    } catch (error) {
      // A database that cannot be reached now is tried again at the next poll.
      this.logger.write('warn', `log stream delivery failed: ${(error as Error).message}`, { context: CONTEXT });
    }
  }

  private async deliverStream(id: string, cancel: AbortSignal): Promise<void> {
    for (let batch = 0; batch < MAX_BATCHES_PER_POLL && !this.stopped; batch++) {
      // Taken again before every batch: renews the lease, and notices a pause or a deletion.
      const stream = await this.deliveries.lease(id, this.owner, LEASE_MS);
      if (!stream) return;
      const entries = await this.deliveries.entriesAfter({ tx: stream.cursor_tx, seq: stream.cursor_seq }, this.config.logStreamBatchSize);
      const more = entries.length === this.config.logStreamBatchSize;
      if (entries.length === 0 || !(await this.deliverBatch(stream, entries, cancel)) || !more) break;
    }
    await this.deliveries.release(id, this.owner);
  }

  /** True when the whole batch was delivered and the cursor moved past it. */
  private async deliverBatch(stream: LeasedStream, entries: LogEntryRow[], cancel: AbortSignal): Promise<boolean> {
    const categories = stream.filters?.length ? new Set(stream.filters.map((filter) => filter.name)) : undefined;
    const chosen = entries.filter((entry) => passesFilters(entry.type, categories));
    let outcome: { delivered: number; error?: string };
    try {
      const authorization = stream.sink_secret === null ? undefined : this.secrets.open(stream.sink_secret);
      outcome =
        chosen.length === 0
          ? { delivered: 0 }
          : await postToSink({ sink: stream.sink, authorization }, chosen.map(streamedLogJson), cancel);
    } catch (error) {
      outcome = { delivered: 0, error: (error as Error).message };
    }
    if (outcome.error === undefined) return this.deliveries.advance(stream.id, this.owner, cursorOf(entries.at(-1)));
    // Cancelled by shutdown: not the sink's fault; the lease is let go and the entries go out later.
    if (this.stopped && cancel.aborted) return false;
    // Past the entries delivered, up to (not including) the first one refused.
    const refusedAt = entries.indexOf(chosen[outcome.delivered]);
    const before = refusedAt > 0 ? entries.at(refusedAt - 1) : undefined;
    const failures = stream.failures + 1;
    const status = await this.deliveries.fail(stream.id, this.owner, {
      reached: outcome.delivered > 0 && before ? cursorOf(before) : undefined,
      error: outcome.error,
      retryInMs: backoffMs(failures, this.config.logStreamPollMs),
      suspendAfter: SUSPEND_AFTER_FAILURES,
    });
    this.logger.write('warn', `log stream ${stream.id}: delivery failed (${failures} in a row): ${outcome.error}`, { context: CONTEXT });
    if (status === 'suspended')
      this.logger.write('warn', `log stream ${stream.id} suspended after ${failures} failed deliveries`, { context: CONTEXT });
    return false;
  }
}

/** True when `work` (if any) settled within `ms`. */
async function settlesWithin(work: Promise<unknown> | undefined, ms: number): Promise<boolean> {
  if (!work) return true;
  let timer: NodeJS.Timeout | undefined;
  const settled = work.then(
    () => true,
    () => true,
  );
  const timedOut = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), ms)));
  const result = await Promise.race([settled, timedOut]);
  clearTimeout(timer);
  return result;
}

function cursorOf(entry: LogEntryRow | undefined): Cursor {
  if (!entry) throw new Error('no entry to move the cursor to');
  return { tx: entry.tx_id, seq: entry.seq };
}

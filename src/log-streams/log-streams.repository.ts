import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { LogStream, Prisma } from '../generated/prisma/client.js';
import { logStreamNotFound } from './log-stream-errors.js';

const failed = mapDatabaseErrors({ recordNotFound: logStreamNotFound });

// The position of a new stream: just before the oldest transaction still running. Every entry of a
// transaction older than that is already visible (written before the stream), and every later one is
// delivered, so the stream starts at the current end, as Auth0's do, without skipping a late commit.
const CURRENT_END_SQL = `SELECT (pg_snapshot_xmin(pg_current_snapshot())::text::bigint - 1)::text AS tx`;
const LAST_SEQ = 9_223_372_036_854_775_807n;

export type LogStreamChanges = Pick<Prisma.LogStreamUpdateInput, 'name' | 'status' | 'filters' | 'sink' | 'sink_secret' | 'pii_config'>;

@Injectable()
export class LogStreamsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  async create(data: Omit<Prisma.LogStreamCreateInput, 'cursor_tx' | 'cursor_seq'>): Promise<LogStream> {
    const [{ tx }] = await this.prisma.sql<{ tx: string }>(CURRENT_END_SQL, []);
    return this.txHost.tx.logStream.create({ data: { ...data, cursor_tx: BigInt(tx), cursor_seq: LAST_SEQ } });
  }

  list(): Promise<LogStream[]> {
    return this.txHost.tx.logStream.findMany({ orderBy: [{ created_at: 'asc' }, { id: 'asc' }] });
  }

  async find(id: string): Promise<LogStream | undefined> {
    return (await this.txHost.tx.logStream.findUnique({ where: { id } })) ?? undefined;
  }

  /**
   * Applies `change` to the stream as it is now, under its row lock, so two PATCHes of the same sink
   * cannot lose each other's fields. Undefined when there is no such stream.
   */
  update(id: string, change: (current: LogStream) => LogStreamChanges): Promise<LogStream | undefined> {
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        const locked = (await tx.$queryRaw<LogStream[]>`SELECT * FROM log_streams WHERE id = ${id} FOR UPDATE`).at(0);
        if (!locked) return undefined;
        const changes = change(locked);
        // Resuming a stream (from paused or suspended) retries at once, with the failure count reset.
        const restart = changes.status === 'active' ? { failures: 0, retry_at: null } : {};
        return tx.logStream.update({ where: { id }, data: { ...changes, ...restart, updated_at: new Date() } });
      })
      .catch(failed);
  }

  /** False when there was no such stream. */
  async delete(id: string): Promise<void> {
    await this.txHost.tx.logStream.deleteMany({ where: { id } });
  }
}

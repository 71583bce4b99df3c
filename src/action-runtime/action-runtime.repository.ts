import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { ActionExecution, Prisma } from '../generated/prisma/client.js';
import type { CacheOp, CacheRecord } from './child/protocol.js';

export interface DeployedVersion {
  id: string;
  action_name: string;
  code: string;
  /** [{name, value, updated_at}], values possibly sealed (src/common/key-encryption.ts). */
  secrets: unknown;
}

/** Every statement of the runtime: the deployed code it runs, the executions it records, the shared cache. */
@Injectable()
export class ActionRuntimeRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  /** Straight to the pool: it runs on every token exchange. */
  async deployed(actionId: string): Promise<DeployedVersion | undefined> {
    const rows = await this.prisma.sql<DeployedVersion>(
      `SELECT v.id, a.name AS action_name, v.code, v.secrets FROM action_versions v JOIN actions a ON a.id = v.action_id
        WHERE v.action_id = $1 AND v.deployed = TRUE`,
      [actionId],
    );
    return rows[0];
  }

  /** The trigger's unexpired entries, keyed, as api.cache.get returns them. */
  async cache(triggerId: string): Promise<Record<string, CacheRecord>> {
    const rows = await this.prisma.sql<{ key: string; value: string; expires_at: Date }>(
      'SELECT key, value, expires_at FROM action_cache WHERE trigger_id = $1 AND expires_at > now()',
      [triggerId],
    );
    return Object.fromEntries(rows.map((row) => [row.key, { value: row.value, expires_at: row.expires_at.getTime() }]));
  }

  /** The run's writes, in its order, in one transaction; expired entries of the trigger go too. */
  async applyCache(triggerId: string, ops: CacheOp[]): Promise<void> {
    if (ops.length === 0) return;
    await this.txHost.withTransaction(Propagation.Nested, async () => {
      const tx = this.txHost.tx;
      for (const op of ops) {
        if (op.op === 'delete') await tx.actionCacheEntry.deleteMany({ where: { trigger_id: triggerId, key: op.key } });
        else
          await tx.actionCacheEntry.upsert({
            where: { trigger_id_key: { trigger_id: triggerId, key: op.key } },
            create: { trigger_id: triggerId, key: op.key, value: op.value, expires_at: new Date(op.expires_at) },
            update: { value: op.value, expires_at: new Date(op.expires_at) },
          });
      }
      await tx.actionCacheEntry.deleteMany({ where: { trigger_id: triggerId, expires_at: { lte: new Date() } } });
    });
  }

  async recordExecution(
    id: string,
    { actionId, triggerId }: { actionId: string; triggerId: string },
    status: string,
    results: Prisma.InputJsonValue,
    at: Date,
  ): Promise<void> {
    await this.prisma.sql(
      'INSERT INTO action_executions (id, action_id, trigger_id, status, results, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
      [id, actionId, triggerId, status, JSON.stringify(results), at],
    );
  }

  async pruneExecutions(before: Date): Promise<void> {
    await this.txHost.tx.actionExecution.deleteMany({ where: { created_at: { lt: before } } });
  }

  async execution(id: string): Promise<ActionExecution | undefined> {
    return (await this.txHost.tx.actionExecution.findUnique({ where: { id } })) ?? undefined;
  }
}

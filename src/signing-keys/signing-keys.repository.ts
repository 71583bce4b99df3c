import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PrismaTx } from '../database/transactions.js';
import type { SigningKey } from '../generated/prisma/client.js';
import { LISTENER_APPLICATION_NAME, ROTATED_CHANNEL } from './signing-key-changes.js';

// Serialises rotations across instances.
const ROTATION_LOCK_KEY = 72707371;

/** A key as it is stored: PEM halves, the private one possibly encrypted. */
export type NewSigningKey = Pick<SigningKey, 'kid' | 'public_key' | 'private_key'>;

@Injectable()
export class SigningKeysRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  async hasCurrent(): Promise<boolean> {
    return (await this.txHost.tx.signingKey.findFirst({ where: { is_current: true }, select: { kid: true } })) !== null;
  }

  /**
   * Two instances booting together: the unique index on is_current lets exactly one insert
   * win, and the other's insert does nothing (ON CONFLICT DO NOTHING), instead of failing.
   */
  async insertCurrentUnlessPresent(key: NewSigningKey): Promise<void> {
    await this.txHost.tx.signingKey.createMany({ data: [{ ...key, is_current: true }], skipDuplicates: true });
  }

  /**
   * Demotes the current key and makes `key` current, in one transaction that also notifies every
   * instance (delivered on commit). Returns how many instances listen, i.e. will confirm a reload.
   */
  async rotate(key: NewSigningKey): Promise<number> {
    return this.txHost.withTransaction(Propagation.Nested, async () => {
      const tx = this.txHost.tx;
      // Two rotations at once would otherwise each demote the key they saw and collide on the
      // unique current key; serialised, the second simply rotates again.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ROTATION_LOCK_KEY})`;
      await tx.signingKey.updateMany({ where: { is_current: true }, data: { is_current: null, rotated_at: new Date() } });
      await tx.signingKey.create({ data: { ...key, is_current: true } });
      await tx.$executeRaw`SELECT pg_notify(${ROTATED_CHANNEL}, ${key.kid})`;
      const [{ listeners }] = await tx.$queryRaw<{ listeners: number }[]>`
        SELECT count(*)::int AS listeners FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${LISTENER_APPLICATION_NAME}`;
      return listeners;
    });
  }

  /** The current key and those retired after `since`, current first, then newest first. */
  findActive(since: Date): Promise<SigningKey[]> {
    return this.txHost.tx.signingKey.findMany({
      where: { OR: [{ is_current: true }, { rotated_at: { gt: since } }] },
      orderBy: [{ is_current: { sort: 'asc', nulls: 'last' } }, { created_at: 'desc' }],
    });
  }
}

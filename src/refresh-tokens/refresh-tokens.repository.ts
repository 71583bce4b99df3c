import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { PrismaTx } from '../database/transactions.js';
import type { Prisma, RefreshToken } from '../generated/prisma/client.js';

/** Every statement on refresh_tokens. Tokens are found by the hash of their value only. */
@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  create(data: Prisma.RefreshTokenUncheckedCreateInput): Promise<RefreshToken> {
    return this.txHost.tx.refreshToken.create({ data });
  }

  async findByHash(tokenHash: string): Promise<RefreshToken | undefined> {
    return (await this.txHost.tx.refreshToken.findUnique({ where: { token_hash: tokenHash } })) ?? undefined;
  }

  /**
   * Marks a rotating token rotated, if no one did before: the conditional UPDATE makes one of two
   * concurrent exchanges (on any instance) the rotation and the other a reuse.
   */
  async claimRotation(id: string, at: Date): Promise<boolean> {
    const { count } = await this.txHost.tx.refreshToken.updateMany({ where: { id, rotated_at: null }, data: { rotated_at: at } });
    return count === 1;
  }

  /** Whether a token of the family was rotated after `at`: then a token rotated at `at` is not the latest superseded one. */
  async rotatedSince(familyId: string, at: Date): Promise<boolean> {
    return (await this.txHost.tx.refreshToken.count({ where: { family_id: familyId, rotated_at: { gt: at } } })) > 0;
  }

  /** A use of a non-rotating token: its idle expiry moves on, and where it was used from is kept. */
  async used(id: string, data: Pick<RefreshToken, 'idle_expires_at' | 'last_exchanged_at' | 'last_ip' | 'last_user_agent'>): Promise<void> {
    await this.txHost.tx.refreshToken.updateMany({ where: { id }, data });
  }

  async deleteFamily(familyId: string): Promise<void> {
    await this.txHost.tx.refreshToken.deleteMany({ where: { family_id: familyId } });
  }

  async find(id: string): Promise<RefreshToken | undefined> {
    return (await this.txHost.tx.refreshToken.findUnique({ where: { id } })) ?? undefined;
  }

  /** The user's tokens after `from` (by id), `take` of them. */
  listForUser(userId: string, from: string | undefined, take: number): Promise<RefreshToken[]> {
    return this.txHost.tx.refreshToken.findMany({
      where: { user_id: userId, ...(from ? { id: { gt: from } } : {}) },
      orderBy: { id: 'asc' },
      take,
    });
  }

  async delete(id: string): Promise<boolean> {
    return (await this.txHost.tx.refreshToken.deleteMany({ where: { id } })).count > 0;
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.txHost.tx.refreshToken.deleteMany({ where: { user_id: userId } });
  }
}

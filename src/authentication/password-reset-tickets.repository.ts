import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

const hashOf = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

// Marks the ticket used in the statement that finds it, so two redemptions of one link cannot both win.
const REDEEM_SQL = `UPDATE password_reset_tickets SET used_at = now()
  WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id, client_id`;

/** Password reset tickets, kept as their SHA-256 only: the link in the email is the one copy of the ticket. */
@Injectable()
export class PasswordResetTicketsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(ticket: string, userId: string, clientId: string, expiresAt: Date): Promise<void> {
    await this.prisma.passwordResetTicket.create({
      data: { ticket_hash: hashOf(ticket), user_id: userId, client_id: clientId, expires_at: expiresAt },
    });
  }

  /** The ticket's user, once: a used, expired or unknown ticket redeems nothing. For the reset page. */
  async redeem(ticket: string): Promise<{ user_id: string; client_id: string | null } | undefined> {
    return (await this.prisma.sql<{ user_id: string; client_id: string | null }>(REDEEM_SQL, [hashOf(ticket)])).at(0);
  }
}

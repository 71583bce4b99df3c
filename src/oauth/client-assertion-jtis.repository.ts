import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

// One statement decides a jti's first use on every instance at once: the primary key refuses a
// second insert, and a row whose assertion has expired (not yet purged) is taken over, since that
// jti could no longer be replayed anyway. Raw SQL: Prisma cannot say ON CONFLICT ... WHERE.
const CLAIM_SQL = `INSERT INTO client_assertion_jtis (client_id, jti, expires_at) VALUES ($1, $2, $3)
  ON CONFLICT (client_id, jti) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE client_assertion_jtis.expires_at <= now()
  RETURNING 1 AS claimed`;
// Walks the expires_at index over expired rows only.
const PURGE_SQL = 'DELETE FROM client_assertion_jtis WHERE expires_at <= now()';
// Each instance purges at most this often, on the back of an authentication: no timer to stop.
const PURGE_INTERVAL_MS = 60_000;

/** The jti of every accepted client assertion, kept until the assertion expires (replay protection). */
@Injectable()
export class ClientAssertionJtisRepository {
  private lastPurge = 0;

  constructor(private readonly prisma: PrismaService) {}

  /** True when this is the jti's first use for the client; false for a replay. */
  async claim(clientId: string, jti: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.prisma.sql<{ claimed: number }>(CLAIM_SQL, [clientId, jti, expiresAt]);
    await this.purgeNowAndThen();
    return rows.length === 1;
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    await this.prisma.sql(PURGE_SQL, []);
  }
}

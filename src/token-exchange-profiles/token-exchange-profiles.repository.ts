import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { columnNames } from '../database/column-list.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Prisma, TokenExchangeProfile } from '../generated/prisma/client.js';
import { subjectTokenTypeTaken } from './token-exchange-profile-errors.js';

// The unique index, not a prior read, decides conflicts, so concurrent writers cannot both win.
const failed = mapDatabaseErrors({ constraints: { token_exchange_profiles_subject_token_type_key: subjectTokenTypeTaken } });

const COLUMNS = columnNames<TokenExchangeProfile>()(
  'id',
  'name',
  'subject_token_type',
  'action_id',
  'type',
  'created_at',
  'updated_at',
).join(', ');
// The token endpoint reads a profile on every exchange: one prepared statement on the pool
// (docs/performance.md, "Prepared statements and raw SQL on hot paths").
const BY_TYPE_SQL = `SELECT ${COLUMNS} FROM token_exchange_profiles WHERE subject_token_type = $1`;

@Injectable()
export class TokenExchangeProfilesRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  /**
   * Inserts unless the tenant already holds `limit` profiles (then undefined). A transaction-scoped
   * advisory lock (raw: Prisma has no statement for it) serializes creates, so concurrent requests
   * cannot together pass the limit.
   */
  createWithinLimit(data: Prisma.TokenExchangeProfileCreateInput, limit: number): Promise<TokenExchangeProfile | undefined> {
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('token_exchange_profiles:create'))`;
        if ((await tx.tokenExchangeProfile.count()) >= limit) return undefined;
        return tx.tokenExchangeProfile.create({ data });
      })
      .catch(failed);
  }

  /** Ordered by id, checkpoint paging only. */
  pages(): PageSource<TokenExchangeProfile> {
    const profiles = this.txHost.tx.tokenExchangeProfile;
    return {
      rows: ({ take, afterId }) => profiles.findMany({ where: afterId ? { id: { gt: afterId } } : {}, orderBy: { id: 'asc' }, take }),
      count: () => profiles.count(),
    };
  }

  async find(id: string): Promise<TokenExchangeProfile | undefined> {
    return (await this.txHost.tx.tokenExchangeProfile.findUnique({ where: { id } })) ?? undefined;
  }

  /**
   * Read on every token exchange, never cached: a PATCH or DELETE takes effect on the very next
   * exchange, on every instance sharing the database. One indexed lookup (the unique index).
   */
  async findBySubjectTokenType(subjectTokenType: string): Promise<TokenExchangeProfile | undefined> {
    const [row] = await this.prisma.sql<TokenExchangeProfile>(BY_TYPE_SQL, [subjectTokenType]);
    return row;
  }

  /** The action a profile would run; undefined when there is none. */
  async action(actionId: string): Promise<{ triggerIds: string[]; deployed: boolean } | undefined> {
    const action = await this.txHost.tx.action.findUnique({
      where: { id: actionId },
      select: { supported_triggers: true, versions: { where: { deployed: true }, select: { id: true }, take: 1 } },
    });
    if (!action) return undefined;
    const triggers = action.supported_triggers as { id: string }[];
    return { triggerIds: triggers.map((trigger) => trigger.id), deployed: action.versions.length > 0 };
  }

  /** Writes only the fields given; undefined when there is no such profile. */
  async update(id: string, changes: { name?: string; subject_token_type?: string }): Promise<TokenExchangeProfile | undefined> {
    const data = { name: changes.name, subject_token_type: changes.subject_token_type, updated_at: new Date() };
    const [updated] = await this.txHost.tx.tokenExchangeProfile.updateManyAndReturn({ where: { id }, data }).catch(failed);
    return updated;
  }

  async delete(id: string): Promise<void> {
    await this.txHost.tx.tokenExchangeProfile.deleteMany({ where: { id } });
  }
}

import { Injectable } from '@nestjs/common';
import type { PageSource } from '../common/pagination/pagination.js';
import { columnNames } from '../database/column-list.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Prisma, TokenExchangeProfile } from '../generated/prisma/client.js';
import type { SapiEntry } from '../logs/sapi-entry.js';
import { deletedRowSql, updatedRowSql } from '../logs/sapi-statement.js';
import { subjectTokenTypeTaken } from './token-exchange-profile-errors.js';

// The unique index, not a prior read, decides conflicts, so concurrent writers cannot both win.
const failed = mapDatabaseErrors({ constraints: { token_exchange_profiles_subject_token_type_key: subjectTokenTypeTaken } });

const COLUMN_NAMES = columnNames<TokenExchangeProfile>()(
  'id',
  'name',
  'subject_token_type',
  'action_id',
  'type',
  'created_at',
  'updated_at',
);
const COLUMNS = COLUMN_NAMES.join(', ');
const ROW = { table: 'token_exchange_profiles', key: ['id'] };
// Hot paths: one statement each, straight to the pool (PrismaService.sql). The pipe has already
// refused explicit nulls, so COALESCE only keeps the fields the body left out.
const GET_SQL = `SELECT ${COLUMNS} FROM token_exchange_profiles WHERE id = $1`;
const BY_TYPE_SQL = `SELECT ${COLUMNS} FROM token_exchange_profiles WHERE subject_token_type = $1`;
// What binding a profile to an action needs to know of it: its triggers, and whether a version is deployed.
const ACTION_SQL = `
  SELECT a.supported_triggers, EXISTS (SELECT 1 FROM action_versions v WHERE v.action_id = a.id AND v.deployed) AS deployed
    FROM actions a WHERE a.id = $1`;
// The two writes also insert the request's sapi entry (sapi-statement.ts) in the same statement,
// with the changed row; the PATCH locks the row it reads as "before".
const UPDATED = updatedRowSql(ROW, ['name', 'subject_token_type', 'updated_at'], {
  first: 5,
  from: 'updated u JOIN old o ON o.id = u.id',
  oldAlias: 'o',
  newAlias: 'u',
});
const UPDATE_SQL = `
  WITH old AS (SELECT * FROM token_exchange_profiles WHERE id = $1 FOR UPDATE),
       updated AS (
         UPDATE token_exchange_profiles p
            SET name = COALESCE($2, p.name), subject_token_type = COALESCE($3, p.subject_token_type), updated_at = $4
           FROM old WHERE p.id = old.id
         RETURNING p.*
       ),
       logged AS (${UPDATED.insert})
  SELECT ${COLUMNS}, (SELECT count(*) FROM logged)::int AS logged FROM updated`;
const DELETED = deletedRowSql(ROW, COLUMN_NAMES, 2);
const DELETE_SQL = `
  WITH deleted AS (DELETE FROM token_exchange_profiles WHERE id = $1 RETURNING ${DELETED.returning})
  ${DELETED.insert}`;

@Injectable()
export class TokenExchangeProfilesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Inserts unless the tenant already holds `limit` profiles (then undefined). A transaction-scoped
   * advisory lock serializes creates, so concurrent requests cannot together pass the limit.
   */
  createWithinLimit(data: Prisma.TokenExchangeProfileCreateInput, limit: number): Promise<TokenExchangeProfile | undefined> {
    return this.prisma
      .$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('token_exchange_profiles:create'))`;
        if ((await tx.tokenExchangeProfile.count()) >= limit) return undefined;
        return tx.tokenExchangeProfile.create({ data });
      })
      .catch(failed);
  }

  /** Ordered by id, checkpoint paging only. */
  pages(): PageSource<TokenExchangeProfile> {
    return {
      rows: ({ take, afterId }) =>
        this.prisma.tokenExchangeProfile.findMany({ where: afterId ? { id: { gt: afterId } } : {}, orderBy: { id: 'asc' }, take }),
      count: () => this.prisma.tokenExchangeProfile.count(),
    };
  }

  async find(id: string): Promise<TokenExchangeProfile | undefined> {
    const [row] = await this.prisma.sql<TokenExchangeProfile>(GET_SQL, [id]);
    return row;
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
    const rows = await this.prisma.sql<{ supported_triggers: { id: string }[]; deployed: boolean }>(ACTION_SQL, [actionId]);
    const row = rows.at(0);
    return row && { triggerIds: row.supported_triggers.map((trigger) => trigger.id), deployed: row.deployed };
  }

  /** Writes only the fields given; undefined when there is no such profile. */
  async update(
    id: string,
    changes: { name?: string; subject_token_type?: string },
    entry: SapiEntry,
  ): Promise<TokenExchangeProfile | undefined> {
    const logged = entry.take(UPDATED.change([id]));
    const values = [id, changes.name ?? null, changes.subject_token_type ?? null, new Date(), ...logged];
    const row = (await this.prisma.sql<TokenExchangeProfile & { logged: number }>(UPDATE_SQL, values).catch(failed)).at(0);
    if (!row) return undefined;
    const { logged: inserted, ...profile } = row;
    if (inserted !== 1) entry.release(logged);
    return profile;
  }

  async delete(id: string, entry: SapiEntry): Promise<void> {
    const logged = entry.take(DELETED.change([id]));
    if ((await this.prisma.sql(DELETE_SQL, [id, ...logged])).length === 0) entry.release(logged);
  }
}

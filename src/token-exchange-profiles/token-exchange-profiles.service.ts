import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type CheckpointPage } from '../common/pagination/pagination.js';
import { ApiError } from '../common/api-error.js';
import { PrismaErrorCode, violatedUniqueConstraint } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { CreateTokenExchangeProfileDto } from './dto/create-token-exchange-profile.dto.js';
import type { ListTokenExchangeProfilesQuery } from './dto/list-token-exchange-profiles.query.js';
import type { UpdateTokenExchangeProfileDto } from './dto/update-token-exchange-profile.dto.js';
import { toProfileView, type ProfileRow, type TokenExchangeProfileView } from './dto/token-exchange-profile.view.js';
import { profileLimitReached, profileNotFound, SUBJECT_TOKEN_TYPE_UNIQUE, subjectTokenTypeTaken } from './token-exchange-profile-errors.js';

export const MAX_PROFILES_PER_TENANT = 100;

// Hot paths: one statement each on the driver (PrismaService.sql). The pipe has already
// refused explicit nulls, so COALESCE only keeps the fields the body left out.
const UPDATE_SQL = `
  UPDATE token_exchange_profiles
     SET name = COALESCE($2, name), subject_token_type = COALESCE($3, subject_token_type), updated_at = $4
   WHERE id = $1
  RETURNING id, name, subject_token_type, action_id, type, created_at, updated_at`;
const GET_SQL = 'SELECT id, name, subject_token_type, action_id, type, created_at, updated_at FROM token_exchange_profiles WHERE id = $1';
const DELETE_SQL = 'DELETE FROM token_exchange_profiles WHERE id = $1';

@Injectable()
export class TokenExchangeProfilesService {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * A transaction-scoped advisory lock serializes creates, so concurrent requests cannot
   * together pass the per-tenant limit; the unique index still decides duplicates.
   */
  async create(dto: CreateTokenExchangeProfileDto): Promise<TokenExchangeProfileView> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('token_exchange_profiles:create'))`;
        if ((await tx.tokenExchangeProfile.count()) >= MAX_PROFILES_PER_TENANT) throw profileLimitReached();
        const row = await tx.tokenExchangeProfile.create({
          data: { id: newId('tep'), name: dto.name, subject_token_type: dto.subject_token_type, action_id: dto.action_id, type: dto.type },
        });
        return toProfileView(row);
      });
    } catch (error) {
      throw translate(error);
    }
  }

  list(query: ListTokenExchangeProfilesQuery): Promise<CheckpointPage<'token_exchange_profiles', TokenExchangeProfileView>> {
    return listPage(
      'token_exchange_profiles',
      pageWindow(query, 'checkpoint'),
      {
        rows: ({ take, afterId }) =>
          this.prisma.tokenExchangeProfile.findMany({ where: afterId ? { id: { gt: afterId } } : {}, orderBy: { id: 'asc' }, take }),
        count: () => this.prisma.tokenExchangeProfile.count(),
      },
      toProfileView,
    ) as Promise<CheckpointPage<'token_exchange_profiles', TokenExchangeProfileView>>;
  }

  async get(id: string): Promise<TokenExchangeProfileView> {
    const [row] = await this.prisma.sql<ProfileRow>(GET_SQL, [id]);
    if (!row) throw profileNotFound();
    return toProfileView(row);
  }

  async update(id: string, changes: UpdateTokenExchangeProfileDto): Promise<TokenExchangeProfileView> {
    let row: ProfileRow | undefined;
    try {
      [row] = await this.prisma.sql<ProfileRow>(UPDATE_SQL, [id, changes.name ?? null, changes.subject_token_type ?? null, new Date()]);
    } catch (error) {
      throw translate(error);
    }
    if (!row) throw profileNotFound();
    return toProfileView(row);
  }

  /** Idempotent, as in Auth0: deleting an absent profile is still a success. */
  async remove(id: string): Promise<void> {
    await this.prisma.sql(DELETE_SQL, [id]);
  }
}

/** The unique index, not a prior read, decides conflicts, so concurrent writers cannot both win. */
function translate(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if ((error as { code?: string }).code === PrismaErrorCode.RecordNotFound) return profileNotFound();
  const constraint = violatedUniqueConstraint(error);
  if (constraint === SUBJECT_TOKEN_TYPE_UNIQUE || constraint === 'unknown') return subjectTokenTypeTaken();
  return error;
}

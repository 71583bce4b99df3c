import { Injectable } from '@nestjs/common';
import { violatedUniqueConstraint } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { UpdateTokenExchangeProfileDto } from './dto/update-token-exchange-profile.dto.js';
import { toProfileView, type ProfileRow, type TokenExchangeProfileView } from './dto/token-exchange-profile.view.js';
import { profileNotFound, SUBJECT_TOKEN_TYPE_UNIQUE, subjectTokenTypeTaken } from './token-exchange-profile-errors.js';

// Hot paths: one statement each on the driver (PrismaService.sql). The pipe has already
// refused explicit nulls, so COALESCE only keeps the fields the body left out.
const UPDATE_SQL = `
  UPDATE token_exchange_profiles
     SET name = COALESCE($2, name), subject_token_type = COALESCE($3, subject_token_type), updated_at = $4
   WHERE id = $1
  RETURNING id, name, subject_token_type, action_id, type, created_at, updated_at`;
const DELETE_SQL = 'DELETE FROM token_exchange_profiles WHERE id = $1';

@Injectable()
export class TokenExchangeProfilesService {
  constructor(private readonly prisma: PrismaService) {}

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
  const constraint = violatedUniqueConstraint(error);
  if (constraint === SUBJECT_TOKEN_TYPE_UNIQUE || constraint === 'unknown') return subjectTokenTypeTaken();
  return error;
}

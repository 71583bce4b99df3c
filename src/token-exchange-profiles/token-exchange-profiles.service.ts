import { Injectable } from '@nestjs/common';
import { PrismaErrorCode, violatedUniqueConstraint } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { UpdateTokenExchangeProfileDto } from './dto/update-token-exchange-profile.dto.js';
import { toProfileView, type TokenExchangeProfileView } from './dto/token-exchange-profile.view.js';
import { profileNotFound, SUBJECT_TOKEN_TYPE_UNIQUE, subjectTokenTypeTaken } from './token-exchange-profile-errors.js';

@Injectable()
export class TokenExchangeProfilesService {
  constructor(private readonly prisma: PrismaService) {}

  async update(id: string, changes: UpdateTokenExchangeProfileDto): Promise<TokenExchangeProfileView> {
    try {
      const row = await this.prisma.tokenExchangeProfile.update({
        where: { id },
        data: { name: changes.name, subject_token_type: changes.subject_token_type, updated_at: new Date() },
      });
      return toProfileView(row);
    } catch (error) {
      throw translate(error);
    }
  }

  /** Idempotent, as in Auth0: deleting an absent profile is still a success. */
  async remove(id: string): Promise<void> {
    await this.prisma.tokenExchangeProfile.deleteMany({ where: { id } });
  }
}

/** The unique index, not a prior read, decides conflicts, so concurrent writers cannot both win. */
function translate(error: unknown): unknown {
  if ((error as { code?: string }).code === PrismaErrorCode.RecordNotFound) return profileNotFound();
  if (violatedUniqueConstraint(error) !== undefined) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === SUBJECT_TOKEN_TYPE_UNIQUE || constraint === 'unknown') return subjectTokenTypeTaken();
  }
  return error;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ClientCredential } from '../../generated/prisma/client.js';

/** A credential as Auth0 returns it: never its pem. */
export class ClientCredentialView {
  @ApiProperty() id: string;
  @ApiPropertyOptional() name?: string;
  @ApiProperty() kid: string;
  @ApiProperty({ enum: ['RS256', 'RS384', 'PS256'] }) alg: string;
  @ApiProperty({ enum: ['public_key'] }) credential_type: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) expires_at?: string | null;
}

/**
 * Auth0 leaves expires_at out of a create's answer when there is none, and answers null on reads
 * and updates (its recorded answers).
 */
export function toCredentialView(row: ClientCredential, { created = false } = {}): ClientCredentialView {
  const expiresAt = row.expires_at?.toISOString() ?? null;
  return {
    id: row.id,
    ...(row.name !== null ? { name: row.name } : {}),
    credential_type: row.credential_type,
    kid: row.kid,
    alg: row.alg,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(created && expiresAt === null ? {} : { expires_at: expiresAt }),
  };
}

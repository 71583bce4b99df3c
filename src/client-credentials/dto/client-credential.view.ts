import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ClientCredential } from '../../generated/prisma/client.js';
import { CREDENTIAL_TYPES } from '../credential-definitions.js';

/** A credential as Auth0 returns it: never its pem; each type with its own identifying fields. */
export class ClientCredentialView {
  @ApiProperty() id: string;
  @ApiPropertyOptional() name?: string;
  @ApiProperty({ enum: CREDENTIAL_TYPES }) credential_type: string;
  @ApiPropertyOptional({ description: 'public_key' }) kid?: string;
  @ApiPropertyOptional({ enum: ['RS256', 'RS384', 'PS256'], description: 'public_key' }) alg?: string;
  @ApiPropertyOptional({ description: "cert_subject_dn: the certificate's Subject Distinguished Name" }) subject_dn?: string;
  @ApiPropertyOptional({ description: "x509_cert: the certificate's SHA-256 thumbprint (base64url)" }) thumbprint_sha256?: string;
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
  const present = <K extends 'name' | 'kid' | 'alg' | 'subject_dn' | 'thumbprint_sha256'>(key: K) =>
    row[key] !== null ? { [key]: row[key] } : {};
  return {
    id: row.id,
    ...present('name'),
    credential_type: row.credential_type,
    ...present('kid'),
    ...present('alg'),
    ...present('subject_dn'),
    ...present('thumbprint_sha256'),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(created && expiresAt === null ? {} : { expires_at: expiresAt }),
  };
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ResourceServer } from '../../generated/prisma/client.js';
import { SIGNING_ALGORITHMS } from './resource-server-rules.js';

class ResourceServerScopeView {
  @ApiProperty({ description: 'Value of this scope.' }) value: string;
  @ApiPropertyOptional({ description: 'User-friendly description of this scope.' }) description?: string;
}

const OBJECT = { type: 'object', additionalProperties: true } as const;

/** Auth0 answers every API with these policies until a body sets one (its recorded answers always carry them). */
export const DEFAULT_SUBJECT_TYPE_AUTHORIZATION = {
  client: { policy: 'require_client_grant' },
  user: { policy: 'allow_all' },
} as const;

/**
 * A resource server as Auth0 returns it: the columns, then the other settings exactly as they were
 * accepted. Auth0 marks only its own APIs with `is_system`; settings never given are absent.
 */
export class ResourceServerView {
  @ApiProperty({ description: 'ID of the API (resource server).' }) id: string;
  @ApiProperty({ description: 'Friendly name for this resource server.' }) name: string;
  @ApiProperty({ description: 'Unique identifier for the API used as the audience parameter on authorization calls.' })
  identifier: string;
  @ApiPropertyOptional({ description: 'Whether this is an Auth0 system API (true) or a custom API (false).' }) is_system?: boolean;
  @ApiProperty({ type: [ResourceServerScopeView], description: 'List of permissions (scopes) that this API uses.' })
  scopes: ResourceServerScopeView[];
  @ApiProperty({ enum: SIGNING_ALGORITHMS }) signing_alg: string;
  @ApiPropertyOptional({ description: 'Secret used to sign tokens when using symmetric algorithms (HS256).' }) signing_secret?: string;
  @ApiProperty() allow_offline_access: boolean;
  @ApiProperty() skip_consent_for_verifiable_first_party_clients: boolean;
  @ApiProperty() token_lifetime: number;
  @ApiProperty() token_lifetime_for_web: number;
  @ApiPropertyOptional() enforce_policies?: boolean;
  @ApiPropertyOptional() token_dialect?: string;
  // The settings kept in the `settings` column, returned as they were accepted.
  @ApiPropertyOptional() allow_online_access?: boolean;
  @ApiPropertyOptional() allow_online_access_with_ephemeral_sessions?: boolean;
  @ApiPropertyOptional({ type: 'integer', nullable: true }) token_lifetime_for_anonymous_access_tokens?: number | null;
  @ApiPropertyOptional({ type: 'string', nullable: true }) consent_policy?: string | null;
  @ApiProperty(OBJECT) subject_type_authorization: Record<string, unknown>;
  @ApiPropertyOptional({ ...OBJECT, nullable: true }) proof_of_possession?: Record<string, unknown> | null;
  @ApiPropertyOptional({ ...OBJECT, nullable: true }) authorization_policy?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: 'array', items: OBJECT }) authorization_details?: Record<string, unknown>[];
  @ApiPropertyOptional(OBJECT) token_encryption?: Record<string, unknown>;
}

/** `secret` is the HS256 secret in clear (the row holds it encrypted when a key encryption secret is set). */
export function toResourceServerView(row: ResourceServer, secret: string | undefined): ResourceServerView {
  // A policy given for one subject type keeps the other's default.
  const { subject_type_authorization: given, ...settings } = row.settings as { subject_type_authorization?: object };
  const view: ResourceServerView = {
    id: row.id,
    name: row.name,
    identifier: row.identifier,
    allow_offline_access: row.allow_offline_access,
    skip_consent_for_verifiable_first_party_clients: row.skip_consent_for_verifiable_first_party_clients,
    subject_type_authorization: { ...DEFAULT_SUBJECT_TYPE_AUTHORIZATION, ...given },
    token_lifetime: row.token_lifetime,
    token_lifetime_for_web: row.token_lifetime_for_web,
    signing_alg: row.signing_alg,
    scopes: row.scopes as unknown as ResourceServerScopeView[],
  };
  if (secret !== undefined) view.signing_secret = secret;
  if (row.enforce_policies !== null) view.enforce_policies = row.enforce_policies;
  if (row.token_dialect !== null) view.token_dialect = row.token_dialect;
  return Object.assign(view, settings);
}

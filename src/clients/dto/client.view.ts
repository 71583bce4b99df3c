import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Client } from '../../generated/prisma/client.js';

/** A client as Auth0 returns it from reads and updates: never its secret. */
export class ClientView {
  @ApiProperty() client_id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ type: String }) description?: string;
  @ApiProperty({ enum: ['non_interactive'] }) app_type: string;
  @ApiProperty({ type: [String], description: 'Grant types this client may use; empty blocks it from /oauth/token.' })
  grant_types: string[];
  @ApiProperty({ enum: ['client_secret_post'] }) token_endpoint_auth_method: 'client_secret_post';
  @ApiProperty({ type: Boolean, description: 'Always true: clients are made by the tenant itself.' }) is_first_party: true;
  @ApiProperty({ type: Boolean, description: 'Always false: no client is the legacy global client.' }) global: false;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/**
 * The answer of create and rotate-secret: the only two that show the secret, because the
 * database keeps just its hash. A separate schema so the document does not promise a
 * secret on reads.
 */
export class ClientWithSecretView extends ClientView {
  @ApiProperty({ description: 'Shown once; store it now, it cannot be read again (rotate it if lost).' }) client_secret: string;
}

export function toClientView(row: Client): ClientView {
  return {
    client_id: row.client_id,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    app_type: row.app_type,
    grant_types: row.grant_types,
    token_endpoint_auth_method: 'client_secret_post',
    is_first_party: true,
    global: false,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toClientWithSecretView(row: Client, secret: string): ClientWithSecretView {
  // toClientView builds a plain object (typed as the view class for @nestjs/swagger): nothing to lose by extending it.
  return Object.assign(toClientView(row), { client_secret: secret });
}

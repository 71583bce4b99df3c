import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A client as Auth0 returns it; `client_secret` only on create and rotate-secret. */
export class ClientView {
  @ApiProperty() client_id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional() description?: string;
  @ApiProperty({ enum: ['non_interactive'] }) app_type: string;
  @ApiProperty({ type: [String] }) grant_types: string[];
  @ApiProperty({ enum: ['client_secret_post'] }) token_endpoint_auth_method: 'client_secret_post';
  @ApiProperty() is_first_party: true;
  @ApiProperty() global: false;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiPropertyOptional() client_secret?: string;
}

export class ClientPage {
  @ApiProperty() start: number;
  @ApiProperty() limit: number;
  @ApiProperty() total: number;
  @ApiProperty({ type: [ClientView] }) clients: ClientView[];
}

interface ClientRow {
  client_id: string;
  name: string;
  description: string | null;
  app_type: string;
  grant_types: string[];
  created_at: Date;
  updated_at: Date;
}

export function toClientView(row: ClientRow, secret?: string): ClientView {
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
    ...(secret !== undefined ? { client_secret: secret } : {}),
  };
}

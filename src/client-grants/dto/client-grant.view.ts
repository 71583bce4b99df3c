import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ClientGrant } from '../../generated/prisma/client.js';
import { ORGANIZATION_USAGES, type OrganizationUsage } from './client-grant-rules.js';

/** A client grant as the API returns it; properties never set are absent, not null. */
export class ClientGrantView {
  @ApiProperty({ description: 'ID of the client grant.' }) id: string;
  @ApiProperty({ description: 'ID of the client.' }) client_id: string;
  @ApiProperty({ description: 'The audience (API identifier) of this client grant.' }) audience: string;
  @ApiProperty({ type: [String], description: 'Scopes allowed for this client grant.' }) scope: string[];
  @ApiPropertyOptional({ enum: ORGANIZATION_USAGES }) organization_usage?: OrganizationUsage;
  @ApiPropertyOptional({ description: 'If enabled, any organization can be used with this grant.' }) allow_any_organization?: boolean;
}

/** What the view reads of a grant's row: lists select only these (created_at is never shown). */
export type ClientGrantViewRow = Omit<ClientGrant, 'created_at'>;

export function toClientGrantView(row: ClientGrantViewRow): ClientGrantView {
  const view: ClientGrantView = { id: row.id, client_id: row.client_id, audience: row.audience, scope: row.scope };
  if (row.organization_usage !== null) view.organization_usage = row.organization_usage as OrganizationUsage;
  if (row.allow_any_organization !== null) view.allow_any_organization = row.allow_any_organization;
  return view;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ClientGrant } from '../../generated/prisma/client.js';
import { ORGANIZATION_USAGES, SUBJECT_TYPES, type OrganizationUsage } from './client-grant-rules.js';

/** A client grant as the API returns it; properties never set are absent, not null. */
export class ClientGrantView {
  @ApiProperty({ description: 'ID of the client grant.' }) id: string;
  @ApiPropertyOptional({ description: 'ID of the client (none for a default grant).' }) client_id?: string;
  @ApiProperty({ description: 'The audience (API identifier) of this client grant.' }) audience: string;
  @ApiPropertyOptional({ type: [String], description: 'Scopes allowed for this client grant (none shown while all are allowed).' })
  scope?: string[];
  @ApiPropertyOptional({ enum: ORGANIZATION_USAGES }) organization_usage?: OrganizationUsage;
  @ApiPropertyOptional({ description: 'If enabled, any organization can be used with this grant.' }) allow_any_organization?: boolean;
  @ApiPropertyOptional({ description: 'If enabled, all scopes configured on the resource server are allowed for this grant.' })
  allow_all_scopes?: boolean;
}

/** A grant as /client-grants returns it: an organization's grants leave these out, as Auth0's do. */
export class TenantClientGrantView extends ClientGrantView {
  @ApiProperty({ enum: SUBJECT_TYPES }) subject_type: string;
  @ApiPropertyOptional({ type: [String] }) authorization_details_types?: string[];
  @ApiPropertyOptional({ enum: ['third_party_clients'] }) default_for?: string;
}

/** What the view reads of a grant's row: lists select only these (created_at is never shown). */
export type ClientGrantViewRow = Omit<ClientGrant, 'created_at' | 'subject_type' | 'authorization_details_types' | 'default_for'>;

export function toClientGrantView(row: ClientGrantViewRow): ClientGrantView {
  const view: ClientGrantView = { id: row.id, ...(row.client_id !== null ? { client_id: row.client_id } : {}), audience: row.audience };
  // While every scope is allowed, Auth0 answers no list of them (Terraform's recordings).
  if (row.allow_all_scopes !== true) view.scope = row.scope;
  if (row.organization_usage !== null) view.organization_usage = row.organization_usage as OrganizationUsage;
  if (row.allow_any_organization !== null) view.allow_any_organization = row.allow_any_organization;
  if (row.allow_all_scopes !== null) view.allow_all_scopes = row.allow_all_scopes;
  return view;
}

export function toTenantClientGrantView(row: Omit<ClientGrant, 'created_at'>): TenantClientGrantView {
  const view = toClientGrantView(row) as TenantClientGrantView;
  view.subject_type = row.subject_type;
  // Auth0 answers the types of a user grant even when empty, and a client grant's only once given.
  if (row.subject_type === 'user' || row.authorization_details_types.length > 0)
    view.authorization_details_types = row.authorization_details_types;
  if (row.default_for !== null) view.default_for = row.default_for;
  return view;
}

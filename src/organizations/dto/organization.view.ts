import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Organization } from '../../generated/prisma/client.js';
import { OrganizationConnectionView } from '../organization-connections.view.js';
import { THIRD_PARTY_CLIENT_ACCESS } from './organization-settings.dto.js';

interface OrganizationBranding {
  logo_url?: string;
  colors?: { primary: string; page_background: string };
}

/** An organization as the API returns it; properties never set are absent, not null. */
export class OrganizationView {
  @ApiProperty({ description: 'Organization identifier.' }) id: string;
  @ApiProperty({ description: 'The name of this organization.' }) name: string;
  @ApiPropertyOptional({ description: 'Friendly name of this organization.' }) display_name?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Theme defines how to style the login pages.' })
  branding?: OrganizationBranding;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Metadata associated with the organization.',
  })
  metadata?: Record<string, string>;
  // Kept in the `settings` column, returned as accepted; absent until set.
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Token quota of the organization.' })
  token_quota?: Record<string, unknown>;
  @ApiPropertyOptional({ enum: THIRD_PARTY_CLIENT_ACCESS }) third_party_client_access?: string;
  @ApiPropertyOptional({ description: 'Whether app entitlement is active for this organization.' }) is_app_entitlement_active?: boolean;
}

/** A create's answer also lists the connections it enabled, when the body named any. */
export class CreatedOrganizationView extends OrganizationView {
  @ApiPropertyOptional({ type: [OrganizationConnectionView], description: 'The connections enabled for the organization.' })
  enabled_connections?: OrganizationConnectionView[];
}

export function toOrganizationView(row: Organization): OrganizationView {
  const view: OrganizationView = { id: row.id, name: row.name };
  if (row.display_name !== null) view.display_name = row.display_name;
  if (row.branding !== null) view.branding = row.branding as OrganizationBranding;
  if (row.metadata !== null) view.metadata = row.metadata as Record<string, string>;
  return Object.assign(view, row.settings as Record<string, unknown>);
}

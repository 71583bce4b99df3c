import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ORGANIZATION_ACCESS_LEVELS } from './organization-connections.dto.js';
import type { OrganizationConnectionRow } from './organization-connections.repository.js';

class OrganizationConnectionInformation {
  @ApiProperty({ description: 'The name of the enabled connection.' }) name: string;
  @ApiProperty({ description: 'The strategy of the enabled connection.' }) strategy: string;
}

/** Auth0's body for /organizations/{id}/enabled_connections. */
export class OrganizationConnectionView {
  @ApiProperty({ description: 'ID of the connection.' }) connection_id: string;
  @ApiProperty({
    description: 'When true, all users that log in with this connection will be automatically granted membership in the organization.',
  })
  assign_membership_on_login: boolean;
  @ApiProperty({ description: 'Determines whether a connection should be displayed on this organization’s login prompt.' })
  show_as_button: boolean;
  @ApiProperty({
    description: 'Determines whether organization signup should be enabled for this organization connection. Default: false.',
  })
  is_signup_enabled: boolean;
  @ApiProperty({ type: OrganizationConnectionInformation }) connection: OrganizationConnectionInformation;
}

/**
 * The newer /organizations/{id}/connections adds `is_enabled`, true unless set false. a0deploy compares it
 * with its configuration's `is_enabled ?? true`, so an absent one would make it update every link on each run.
 */
export class OrganizationAllConnectionView extends OrganizationConnectionView {
  @ApiProperty({ description: 'Whether the connection is enabled for the organization.' }) is_enabled: boolean;
  @ApiPropertyOptional({ description: 'Name of the connection in the scope of this organization.' }) organization_connection_name?: string;
  @ApiProperty({ enum: ORGANIZATION_ACCESS_LEVELS, description: 'Access level for the organization (e.g., "none", "full").' })
  organization_access_level: string;
}

export function toOrganizationConnectionView(row: OrganizationConnectionRow): OrganizationConnectionView {
  return linkView(row);
}

export function toOrganizationAllConnectionView(row: OrganizationConnectionRow): OrganizationAllConnectionView {
  // Auth0 answers is_enabled true and organization_access_level "none" until set; a name is absent until set.
  return { ...linkView(row), is_enabled: true, organization_access_level: 'none', ...(row.settings as Record<string, unknown>) };
}

function linkView(row: OrganizationConnectionRow) {
  return {
    connection_id: row.connection_id,
    assign_membership_on_login: row.assign_membership_on_login,
    show_as_button: row.show_as_button,
    // Auth0: "Default: false".
    is_signup_enabled: row.is_signup_enabled ?? false,
    connection: { name: row.connection.name, strategy: row.connection.strategy },
  };
}

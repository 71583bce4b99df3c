import { ApiProperty, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, Length, MinLength } from 'class-validator';
import { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { IfPresent } from '../common/validation/auth0-validators.js';
import { FormBool, QueryBool } from '../common/validation/coerce.js';
import { NullableType } from '../common/validation/nullable-type.js';
import { OrganizationIdParams } from './dto/organization.params.js';

/** POST /organizations/{id}/enabled_connections. */
export class AddOrganizationConnectionDto {
  @ApiProperty({ description: 'Single connection ID to add to the organization.' })
  @IsString()
  @MinLength(1)
  connection_id: string;

  @ApiProperty({
    description:
      'When true, all users that log in with this connection will be automatically granted membership in the organization. When false, users must be granted membership in the organization before logging in with this connection.',
  })
  @IfPresent()
  @FormBool()
  @IsBoolean()
  assign_membership_on_login?: boolean;

  @ApiProperty({
    description:
      'Determines whether organization signup should be enabled for this organization connection. Only applicable for database connections. Default: false.',
  })
  @IfPresent()
  @FormBool()
  @IsBoolean()
  is_signup_enabled?: boolean;

  @ApiProperty({
    description:
      'Determines whether a connection should be displayed on this organization’s login prompt. Only applicable for enterprise connections. Default: true.',
  })
  @IfPresent()
  @FormBool()
  @IsBoolean()
  show_as_button?: boolean;
}

/** PATCH /organizations/{id}/enabled_connections/{connectionId}: Auth0 sets no minimum of properties. */
export class UpdateOrganizationConnectionDto extends PartialType(OmitType(AddOrganizationConnectionDto, ['connection_id'])) {}

export const ORGANIZATION_ACCESS_LEVELS = ['none', 'readonly', 'limited', 'full'] as const;

/** What /organizations/{id}/connections adds to a link (stored, no effect yet). */
class OrganizationAllConnectionSettingsDto {
  @ApiProperty({ description: 'Name of the connection in the scope of this organization.' })
  @IfPresent()
  @IsString()
  @Length(1, 128)
  organization_connection_name?: string;

  @ApiProperty({ description: 'Access level for the organization (e.g., "none", "full").' })
  @IfPresent()
  @IsString()
  @IsIn(ORGANIZATION_ACCESS_LEVELS)
  organization_access_level?: string;

  @ApiProperty({ description: 'Whether the connection is enabled for the organization.' })
  @IfPresent()
  @FormBool()
  @IsBoolean()
  is_enabled?: boolean;
}

/** POST /organizations/{id}/connections. */
export class CreateOrganizationAllConnectionDto extends IntersectionType(
  AddOrganizationConnectionDto,
  OrganizationAllConnectionSettingsDto,
) {}

/** PATCH /organizations/{id}/connections/{connection_id}: null removes these three (v7 UpdateOrganizationConnectionRequestParameters). */
export class UpdateOrganizationAllConnectionDto extends NullableType(
  IntersectionType(UpdateOrganizationConnectionDto, PartialType(OrganizationAllConnectionSettingsDto)),
  ['organization_connection_name', 'organization_access_level', 'is_enabled'],
) {}

export class OrganizationEnabledConnectionParams extends OrganizationIdParams {
  @ApiProperty({ description: 'Connection identifier.' })
  @IsString()
  connectionId: string;
}

export class OrganizationConnectionParams extends OrganizationIdParams {
  @ApiProperty({ description: 'Connection identifier.' })
  @IsString()
  connection_id: string;
}

/** GET /organizations/{id}/enabled_connections: offset paging only, as in Auth0. */
export class ListOrganizationConnectionsQuery extends OffsetPaginationQuery {}

export class ListOrganizationAllConnectionsQuery extends OffsetPaginationQuery {
  @ApiProperty({ description: 'Filter connections by enabled status.' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  is_enabled?: boolean;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength, MinLength } from 'class-validator';
import { CheckpointPaginationQuery } from '../common/pagination/pagination.query.js';

// Auth0's effective-* endpoints page by checkpoint only (from/take) and take no fields.

/** GET /users/{id}/effective-permissions. Lengths as Auth0 documents them. */
export class EffectivePermissionsQuery extends CheckpointPaginationQuery {
  @ApiProperty({ description: 'The identifier of the resource server for which to calculate user permissions.' })
  @IsString()
  @Length(1, 600)
  resource_server_identifier: string;
}

/** GET /users/{id}/effective-permissions/sources/effective-roles. */
export class PermissionRoleSourcesQuery extends EffectivePermissionsQuery {
  @ApiProperty({ description: 'Name of this permission' })
  @IsString()
  @Length(1, 280)
  permission_name: string;
}

/** GET .../effective-roles/sources/groups of a user or an organization member. */
export class RoleSourceGroupsQuery extends CheckpointPaginationQuery {
  @ApiProperty({ description: 'ID of the role to get source groups for.' })
  @IsString()
  @MinLength(1)
  @MaxLength(50)
  role_id: string;
}

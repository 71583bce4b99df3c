import { ApiProperty, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, Length, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { IfPresent } from '../common/validation/auth0-validators.js';
import { OffsetPaginationQuery, PaginationQuery } from '../common/pagination/pagination.query.js';

const ROLE_TYPES = ['tenant', 'organization'] as const;

export class RoleIdParams {
  @ApiProperty({ description: 'ID of the role.' })
  @IsString()
  @MaxLength(50)
  id: string;
}

export class MemberParams {
  @ApiProperty({ description: 'Organization identifier.' })
  @IsString()
  @MaxLength(50)
  id: string;

  @ApiProperty({ description: 'ID of the user.' })
  @IsString()
  @MaxLength(300)
  user_id: string;
}

/** Name and description lengths are ours (Auth0 documents none we could find). */
export class CreateRoleDto {
  @ApiProperty({ description: 'Name of the role.' })
  @IsString()
  @Length(1, 255)
  name: string;

  @ApiProperty({ description: 'Description of the role.' })
  @IfPresent()
  @IsString()
  @MaxLength(255)
  description?: string;

  @ApiProperty({ enum: ROLE_TYPES, description: 'The type of the role. Defaults to tenant.' })
  @IfPresent()
  @IsString()
  @IsIn(ROLE_TYPES)
  type?: (typeof ROLE_TYPES)[number];

  @ApiProperty({ description: 'The ID of the organization that owns this role. Required when type is "organization".' })
  @IfPresent()
  @IsString()
  @MaxLength(50)
  owner_id?: string;
}

// A null is refused, as for every string Auth0 types without null; the type and owner are set at create only.
export class UpdateRoleDto extends PartialType(PickType(CreateRoleDto, ['name', 'description']), { skipNullProperties: false }) {}

export class ListRolesQuery extends OffsetPaginationQuery {
  @ApiProperty({ description: 'Optional filter on name (case-insensitive).' })
  @IfPresent()
  @IsString()
  @MaxLength(255)
  name_filter?: string;

  // Without a type, the tenant's roles (a0deploy asks for type=tenant); an organization's with its owner_id.
  @ApiProperty({ description: 'Optional filter on the type of the role' })
  @IfPresent()
  @IsString()
  @IsIn(ROLE_TYPES)
  type?: (typeof ROLE_TYPES)[number];

  @ApiProperty({ description: 'Filter organization-level roles by owner ID. Required when type is "organization".' })
  @IfPresent()
  @IsString()
  @MaxLength(50)
  owner_id?: string;
}

/** GET /roles/{id}/users: page/per_page/include_totals, or checkpoint from/take. */
export class ListRoleUsersQuery extends IntersectionType(PaginationQuery) {}

class PermissionRefDto {
  @ApiProperty({ description: 'Resource server (API) identifier that this permission is for.' })
  @IsString()
  @Length(1, 600)
  resource_server_identifier: string;

  @ApiProperty({ description: 'Name of this permission.' })
  @IsString()
  @Length(1, 280)
  permission_name: string;
}

/** POST and DELETE of a role's or a user's permissions. The limit of 100 per request is ours. */
export class PermissionsDto {
  @ApiProperty({ description: 'array of resource_server_identifier, permission_name pairs.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PermissionRefDto)
  permissions: PermissionRefDto[];
}

/** POST /roles/{id}/users. The limit of 100 per request is ours. */
export class RoleUsersDto {
  @ApiProperty({ description: "user_id's of the users to assign the role to." })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(300, { each: true })
  users: string[];
}

/** POST and DELETE of a user's or a member's roles. The limit of 100 per request is ours. */
export class RoleIdsDto {
  @ApiProperty({ description: 'List of roles IDs to associate with (or remove from) the user.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(50, { each: true })
  roles: string[];
}

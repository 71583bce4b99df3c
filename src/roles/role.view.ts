import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Role } from '../generated/prisma/client.js';

export class RoleView {
  @ApiProperty({ description: 'ID for this role.' }) id: string;
  @ApiProperty({ description: 'Name of this role.' }) name: string;
  @ApiPropertyOptional({ description: 'Description of this role.' }) description?: string;
}

/** Auth0 omits a description never set. */
export function toRoleView(row: Pick<Role, 'id' | 'name' | 'description'>): RoleView {
  const view: RoleView = { id: row.id, name: row.name };
  if (row.description !== null) view.description = row.description;
  return view;
}

export class PermissionView {
  @ApiProperty({ description: 'Resource server (API) identifier that this permission is for.' }) resource_server_identifier: string;
  @ApiProperty({ description: 'Name of this permission.' }) permission_name: string;
  @ApiProperty({ description: 'Resource server (API) name this permission is for.' }) resource_server_name: string;
  @ApiProperty({ description: 'Description of this permission.' }) description: string;
}

export class PermissionSourceView {
  @ApiProperty({ description: 'ID of the role the permission comes from; empty for a direct one.' }) source_id: string;
  @ApiProperty({ description: 'Name of the role the permission comes from; empty for a direct one.' }) source_name: string;
  @ApiProperty({ enum: ['DIRECT', 'ROLE'] }) source_type: 'DIRECT' | 'ROLE';
}

/** A user's permission with where it comes from (recorded: go-auth0's TestUserManager_Permissions). */
export class UserPermissionView extends PermissionView {
  @ApiProperty({ type: [PermissionSourceView] }) sources: PermissionSourceView[];
}

export class RoleUserView {
  @ApiProperty({ description: 'ID of this user.' }) user_id: string;
  @ApiPropertyOptional({ description: 'Email address of this user.' }) email?: string;
  @ApiPropertyOptional({ description: 'URL to a picture for this user.' }) picture?: string;
  @ApiPropertyOptional({ description: 'Name of this user.' }) name?: string;
}

/** Auth0's body of some RBAC writes: an empty object (recorded). */
export const EMPTY_BODY = { type: 'object', properties: {}, additionalProperties: false } as const;

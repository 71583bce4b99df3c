import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Role } from '../generated/prisma/client.js';

export class RoleView {
  @ApiProperty({ description: 'ID for this role.' }) id: string;
  @ApiProperty({ description: 'Name of this role.' }) name: string;
  @ApiPropertyOptional({ description: 'Description of this role.' }) description?: string;
  @ApiPropertyOptional({ enum: ['tenant', 'organization'], description: 'The type of the role.' })
  type?: 'tenant' | 'organization';
  @ApiPropertyOptional({ description: 'The ID of the organization that owns this role.' }) owner_id?: string;
}

/**
 * Auth0 reads a description never set as empty (Terraform's recordings); only its create answer leaves
 * it out. A tenant with organization roles answers every role's type, and an organization's role its
 * owner (Terraform's 2026 recordings: TestAccRole, TestAccRoleOrganizationLevel).
 */
export function toRoleView(row: Pick<Role, 'id' | 'name' | 'description' | 'owner_id'>): RoleView {
  const base = { id: row.id, name: row.name, description: row.description ?? '' };
  return row.owner_id === null ? { ...base, type: 'tenant' } : { ...base, type: 'organization', owner_id: row.owner_id };
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

/** Where a role of a user or member comes from: always `direct` here, as the tenant has no groups. */
const ROLE_SOURCES = ['direct', 'groups'] as const;

/** An item of GET /users/{id}/effective-roles, .../effective-permissions/sources/effective-roles and a member's effective roles. */
export class EffectiveRoleView extends RoleView {
  @ApiProperty({ enum: ROLE_SOURCES, isArray: true, description: 'Sources of the role assignment (direct or through group membership)' })
  sources: (typeof ROLE_SOURCES)[number][];
}

const PERMISSION_SOURCES = ['direct', 'roles'] as const;

/** An item of GET /users/{id}/effective-permissions: each kind of source once. */
export class EffectivePermissionView extends PermissionView {
  @ApiProperty({ enum: PERMISSION_SOURCES, isArray: true, description: 'List of sources where this permission is coming from.' })
  sources: (typeof PERMISSION_SOURCES)[number][];
}

/** A group, as Auth0 lists a role's source groups; none exist in this tenant, so no list holds one. */
export class GroupView {
  @ApiProperty({ description: 'Unique identifier for the group (service-generated).' }) id: string;
  @ApiProperty({ description: 'Name of the group.' }) name: string;
}

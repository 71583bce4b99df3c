import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { CheckpointPage } from '../common/pagination/pagination.js';
import { CheckpointPaginationQuery } from '../common/pagination/pagination.query.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { UserIdParams } from '../users/dto/user.params.js';
import { EffectiveAccessService } from './effective-access.service.js';
import { EffectivePermissionsQuery, PermissionRoleSourcesQuery, RoleSourceGroupsQuery } from './effective.dto.js';
import { EffectivePermissionView, EffectiveRoleView, GroupView } from './role.view.js';

// Each route takes only the scope Auth0 documents for it.
@ApiTags('users')
@Controller('users/:id')
export class UserEffectiveAccessController {
  constructor(private readonly effective: EffectiveAccessService) {}

  @Get('effective-roles')
  @Scopes('read:user_effective_roles')
  @ApiOperation({ operationId: 'get_user_effective_roles', summary: 'List roles assigned to a user directly or through groups' })
  @ApiPageResponse('roles', EffectiveRoleView, ['checkpoint'])
  @ApiErrors(400, 404)
  roles(@Param() { id }: UserIdParams, @Query() query: CheckpointPaginationQuery): Promise<CheckpointPage<'roles', EffectiveRoleView>> {
    return this.effective.rolesOfUser(id, query);
  }

  @Get('effective-roles/sources/groups')
  @Scopes('read:user_role_source_groups')
  @ApiOperation({ operationId: 'get_user_role_source_groups', summary: 'List the groups that grant a user a specific role' })
  @ApiPageResponse('groups', GroupView, ['checkpoint'])
  @ApiErrors(400, 404)
  roleGroups(@Param() { id }: UserIdParams, @Query() query: RoleSourceGroupsQuery): Promise<CheckpointPage<'groups', GroupView>> {
    return this.effective.groupsGrantingUserRole(id, query);
  }

  @Get('effective-permissions')
  @Scopes('read:user_effective_permissions')
  @ApiOperation({
    operationId: 'get_user_effective_permissions',
    summary: 'List the permissions assigned to a user directly or through roles or groups',
  })
  @ApiPageResponse('permissions', EffectivePermissionView, ['checkpoint'])
  @ApiErrors(400, 404)
  permissions(
    @Param() { id }: UserIdParams,
    @Query() query: EffectivePermissionsQuery,
  ): Promise<CheckpointPage<'permissions', EffectivePermissionView>> {
    return this.effective.permissionsOfUser(id, query);
  }

  @Get('effective-permissions/sources/effective-roles')
  @Scopes('read:user_permission_source_roles')
  @ApiOperation({
    operationId: 'get_user_effective_permission_role_sources',
    summary: 'List the roles which grant the user a given permission',
  })
  @ApiPageResponse('roles', EffectiveRoleView, ['checkpoint'])
  @ApiErrors(400, 404)
  permissionRoles(
    @Param() { id }: UserIdParams,
    @Query() query: PermissionRoleSourcesQuery,
  ): Promise<CheckpointPage<'roles', EffectiveRoleView>> {
    return this.effective.rolesGranting(id, query);
  }
}

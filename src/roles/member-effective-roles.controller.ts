import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { CheckpointPage } from '../common/pagination/pagination.js';
import { CheckpointPaginationQuery } from '../common/pagination/pagination.query.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { EffectiveAccessService } from './effective-access.service.js';
import { RoleSourceGroupsQuery } from './effective.dto.js';
import { MemberParams } from './role.dto.js';
import { EffectiveRoleView, GroupView } from './role.view.js';

@ApiTags('organizations')
@Controller('organizations/:id/members/:user_id/effective-roles')
export class MemberEffectiveRolesController {
  constructor(private readonly effective: EffectiveAccessService) {}

  @Get()
  @Scopes('read:organization_member_effective_roles')
  @ApiOperation({
    operationId: 'get_organization_member_effective_roles',
    summary: 'List the roles assigned to an organization member directly or through groups',
  })
  @ApiPageResponse('roles', EffectiveRoleView, ['checkpoint'])
  @ApiErrors(400, 404)
  list(
    @Param() { id, user_id }: MemberParams,
    @Query() query: CheckpointPaginationQuery,
  ): Promise<CheckpointPage<'roles', EffectiveRoleView>> {
    return this.effective.rolesOfMember(id, user_id, query);
  }

  @Get('sources/groups')
  @Scopes('read:organization_member_role_source_groups')
  @ApiOperation({
    operationId: 'get_organization_member_role_source_groups',
    summary: 'List the groups which grant an organization member a given role',
  })
  @ApiPageResponse('groups', GroupView, ['checkpoint'])
  @ApiErrors(400, 404)
  groups(@Param() { id, user_id }: MemberParams, @Query() query: RoleSourceGroupsQuery): Promise<CheckpointPage<'groups', GroupView>> {
    return this.effective.groupsGrantingMemberRole(id, user_id, query);
  }
}

import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { RoleAssignmentsService } from './role-assignments.service.js';
import { MemberParams, RoleIdsDto } from './role.dto.js';
import { RoleView } from './role.view.js';

// Recorded by go-auth0: POST and DELETE answer 204.
@ApiTags('organizations')
@Controller('organizations/:id/members/:user_id/roles')
export class MemberRolesController {
  constructor(private readonly assignments: RoleAssignmentsService) {}

  @Get()
  @Scopes('read:organization_member_roles')
  @ApiOperation({ operationId: 'get_organization_member_roles', summary: 'Get user roles assigned to an Organization member' })
  @ApiPageResponse('roles', RoleView, ['offset'])
  @ApiErrors(400, 404)
  list(@Param() { id, user_id }: MemberParams, @Query() query: OffsetPaginationQuery): Promise<ListResult<'roles', RoleView>> {
    return this.assignments.rolesOfMember(id, user_id, query);
  }

  @ManagementWrite()
  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('create:organization_member_roles')
  @ApiOperation({ operationId: 'post_organization_member_roles', summary: 'Assign user roles to an Organization member' })
  @ApiNoContentResponse({ description: 'Roles successfully associated with user.' })
  @ApiErrors(400, 404)
  assign(@Param() { id, user_id }: MemberParams, @Body() { roles }: RoleIdsDto): Promise<void> {
    return this.assignments.assignToMember(id, user_id, roles);
  }

  @ManagementWrite()
  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:organization_member_roles')
  @ApiOperation({ operationId: 'delete_organization_member_roles', summary: 'Delete user roles from an Organization member' })
  @ApiNoContentResponse({ description: 'Roles successfully removed from organization member.' })
  @ApiErrors(400, 404)
  unassign(@Param() { id, user_id }: MemberParams, @Body() { roles }: RoleIdsDto): Promise<void> {
    return this.assignments.unassignFromMember(id, user_id, roles);
  }
}

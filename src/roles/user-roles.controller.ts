import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { UserIdParams } from '../users/dto/user.params.js';
import { RoleAssignmentsService } from './role-assignments.service.js';
import { RoleIdsDto } from './role.dto.js';
import { RoleView } from './role.view.js';

// Recorded by go-auth0: POST and DELETE answer 204.
@ApiTags('users')
@Controller('users/:id/roles')
export class UserRolesController {
  constructor(private readonly assignments: RoleAssignmentsService) {}

  @Get()
  @Scopes('read:users', 'read:roles', 'read:role_members')
  @ApiOperation({ operationId: 'get_user_roles', summary: "Get a user's roles" })
  @ApiPageResponse('roles', RoleView, ['offset'])
  @ApiErrors(400, 404)
  list(@Param() { id }: UserIdParams, @Query() query: OffsetPaginationQuery): Promise<ListResult<'roles', RoleView>> {
    return this.assignments.rolesOf(id, query);
  }

  @ManagementWrite()
  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('update:users', 'create:role_members')
  @ApiOperation({ operationId: 'post_user_roles', summary: 'Assign roles to a user' })
  @ApiNoContentResponse({ description: 'Roles successfully associated with user.' })
  @ApiErrors(400, 404)
  assign(@Param() { id }: UserIdParams, @Body() { roles }: RoleIdsDto): Promise<void> {
    return this.assignments.assignRoles(id, roles);
  }

  @ManagementWrite()
  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('update:users', 'delete:role_members')
  @ApiOperation({ operationId: 'delete_user_roles', summary: 'Removes roles from a user' })
  @ApiNoContentResponse({ description: 'Roles successfully removed from user.' })
  @ApiErrors(400, 404)
  unassign(@Param() { id }: UserIdParams, @Body() { roles }: RoleIdsDto): Promise<void> {
    return this.assignments.unassignRoles(id, roles);
  }
}

import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { RoleAssignmentsService } from './role-assignments.service.js';
import { ListRoleUsersQuery, RoleIdParams, RoleUsersDto } from './role.dto.js';
import { RoleUserView, EMPTY_BODY } from './role.view.js';

// Recorded by go-auth0: POST answers 200 with `{}`; GET pages by offset or by checkpoint.
@ApiTags('roles')
@Controller('roles/:id/users')
export class RoleUsersController {
  constructor(private readonly assignments: RoleAssignmentsService) {}

  @Get()
  @Scopes('read:users', 'read:roles', 'read:role_members')
  @ApiOperation({ operationId: 'get_role_user', summary: "Get a role's users" })
  @ApiPageResponse('users', RoleUserView, ['offset', 'checkpoint'])
  @ApiErrors(400, 404)
  list(@Param() { id }: RoleIdParams, @Query() query: ListRoleUsersQuery): Promise<ListResult<'users', RoleUserView>> {
    return this.assignments.usersOf(id, query);
  }

  @ManagementWrite()
  @Post()
  @HttpCode(HttpStatus.OK)
  @Scopes('update:roles', 'create:role_members')
  @ApiOperation({ operationId: 'post_role_users', summary: 'Assign users to a role' })
  @ApiOkResponse({ schema: EMPTY_BODY, description: 'Role users successfully updated.' })
  @ApiErrors(400, 404)
  async assign(@Param() { id }: RoleIdParams, @Body() { users }: RoleUsersDto): Promise<Record<string, never>> {
    await this.assignments.assignUsers(id, users);
    return {};
  }
}

import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { PermissionsService } from './permissions.service.js';
import { PermissionsDto, RoleIdParams } from './role.dto.js';
import { PermissionView, EMPTY_BODY } from './role.view.js';

// Recorded by go-auth0: POST answers 201 with `{}`, DELETE 204.
@ApiTags('roles')
@Controller('roles/:id/permissions')
export class RolePermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get()
  @Scopes('read:roles')
  @ApiOperation({ operationId: 'get_role_permission', summary: 'Get permissions granted by role' })
  @ApiPageResponse('permissions', PermissionView, ['offset'])
  @ApiErrors(400, 404)
  list(@Param() { id }: RoleIdParams, @Query() query: OffsetPaginationQuery): Promise<ListResult<'permissions', PermissionView>> {
    return this.permissions.listOfRole(id, query);
  }

  @ManagementWrite()
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @Scopes('update:roles')
  @ApiOperation({ operationId: 'post_role_permission_assignment', summary: 'Associate permissions with a role' })
  @ApiCreatedResponse({ schema: EMPTY_BODY, description: 'Role permissions updated.' })
  @ApiErrors(400, 404)
  async add(@Param() { id }: RoleIdParams, @Body() { permissions }: PermissionsDto): Promise<Record<string, never>> {
    await this.permissions.addToRole(id, permissions);
    return {};
  }

  @ManagementWrite()
  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('update:roles')
  @ApiOperation({ operationId: 'delete_role_permission_assignment', summary: 'Remove permissions from a role' })
  @ApiNoContentResponse({ description: 'Role permissions removed.' })
  @ApiErrors(400, 404)
  remove(@Param() { id }: RoleIdParams, @Body() { permissions }: PermissionsDto): Promise<void> {
    return this.permissions.removeFromRole(id, permissions);
  }
}

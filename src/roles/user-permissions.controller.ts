import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { UserIdParams } from '../users/dto/user.params.js';
import { PermissionsService } from './permissions.service.js';
import { PermissionsDto } from './role.dto.js';
import { UserPermissionView, EMPTY_BODY } from './role.view.js';

// Recorded by go-auth0: POST answers 201 with `{}`, DELETE 204, GET items carry `sources`.
@ApiTags('users')
@Controller('users/:id/permissions')
export class UserPermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get()
  @Scopes('read:users')
  @ApiOperation({ operationId: 'get_permissions', summary: "Get a User's Permissions" })
  @ApiPageResponse('permissions', UserPermissionView, ['offset'])
  @ApiErrors(400, 404)
  list(@Param() { id }: UserIdParams, @Query() query: OffsetPaginationQuery): Promise<ListResult<'permissions', UserPermissionView>> {
    return this.permissions.listOfUser(id, query);
  }

  @ManagementWrite()
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @Scopes('update:users')
  @ApiOperation({ operationId: 'post_permissions', summary: 'Assign Permissions to a User' })
  @ApiCreatedResponse({ schema: EMPTY_BODY, description: 'Permissions assigned to user.' })
  @ApiErrors(400, 404)
  async add(@Param() { id }: UserIdParams, @Body() { permissions }: PermissionsDto): Promise<Record<string, never>> {
    await this.permissions.addToUser(id, permissions);
    return {};
  }

  @ManagementWrite()
  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('update:users')
  @ApiOperation({ operationId: 'delete_permissions', summary: 'Remove Permissions from a User' })
  @ApiNoContentResponse({ description: 'Permissions successfully removed.' })
  @ApiErrors(400, 404)
  remove(@Param() { id }: UserIdParams, @Body() { permissions }: PermissionsDto): Promise<void> {
    return this.permissions.removeFromUser(id, permissions);
  }
}

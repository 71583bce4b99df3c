import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { CreateRoleDto, ListRolesQuery, RoleIdParams, UpdateRoleDto } from './role.dto.js';
import { RoleView, EMPTY_BODY } from './role.view.js';
import { RolesService } from './roles.service.js';

// Auth0 answers 200 to POST /roles and 200 with `{}` to DELETE /roles/{id} (recorded by go-auth0).
@ApiTags('roles')
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @Scopes('read:roles')
  @ApiOperation({ operationId: 'get_roles', summary: 'Get roles' })
  @ApiPageResponse('roles', RoleView, ['offset'])
  @ApiErrors(400)
  list(@Query() query: ListRolesQuery): Promise<ListResult<'roles', RoleView>> {
    return this.roles.list(query);
  }

  @ManagementWrite()
  @Post()
  @HttpCode(HttpStatus.OK)
  @Scopes('create:roles')
  @ApiOperation({ operationId: 'post_roles', summary: 'Create a role' })
  @ApiOkResponse({ type: RoleView, description: 'Role successfully created.' })
  @ApiErrors(400, 409)
  create(@Body() dto: CreateRoleDto): Promise<RoleView> {
    return this.roles.create(dto);
  }

  @Get(':id')
  @Scopes('read:roles')
  @ApiOperation({ operationId: 'get_roles_by_id', summary: 'Get a role' })
  @ApiOkResponse({ type: RoleView })
  @ApiErrors(400, 404)
  get(@Param() { id }: RoleIdParams): Promise<RoleView> {
    return this.roles.get(id);
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:roles')
  @ApiOperation({ operationId: 'patch_roles_by_id', summary: 'Update a role' })
  @ApiOkResponse({ type: RoleView, description: 'Role successfully updated.' })
  @ApiErrors(400, 404, 409)
  update(@Param() { id }: RoleIdParams, @Body() dto: UpdateRoleDto): Promise<RoleView> {
    return this.roles.update(id, dto);
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  @Scopes('delete:roles')
  @ApiOperation({ operationId: 'delete_roles_by_id', summary: 'Delete a role' })
  @ApiOkResponse({ schema: EMPTY_BODY, description: 'Role successfully deleted.' })
  @ApiErrors(400, 404)
  async remove(@Param() { id }: RoleIdParams): Promise<Record<string, never>> {
    await this.roles.remove(id);
    return {};
  }
}

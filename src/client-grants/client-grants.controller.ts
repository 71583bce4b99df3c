import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { ClientGrantsService } from './client-grants.service.js';
import { ClientGrantIdParams } from './dto/client-grant.params.js';
import { TenantClientGrantView } from './dto/client-grant.view.js';
import { CreateClientGrantDto } from './dto/create-client-grant.dto.js';
import { ListClientGrantsQuery } from './dto/list-client-grants.query.js';
import { UpdateClientGrantDto } from './dto/update-client-grant.dto.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('client-grants')
@Controller('client-grants')
export class ClientGrantsController {
  constructor(private readonly grants: ClientGrantsService) {}

  @ManagementWrite()
  @Post()
  @Scopes('create:client_grants')
  @ApiOperation({ operationId: 'post_client-grants', summary: 'Create client grant' })
  @ApiCreatedResponse({ type: TenantClientGrantView, description: 'The client grant was created.' })
  @ApiErrors(400, 404, 409)
  create(@Body() dto: CreateClientGrantDto): Promise<TenantClientGrantView> {
    return this.grants.create(dto);
  }

  @Get()
  @Scopes('read:client_grants')
  @ApiOperation({ operationId: 'get_client-grants', summary: 'Get client grants' })
  @ApiPageResponse('client_grants', TenantClientGrantView, ['offset', 'checkpoint'])
  @ApiErrors(400)
  list(@Query() query: ListClientGrantsQuery): Promise<ListResult<'client_grants', TenantClientGrantView>> {
    return this.grants.list(query);
  }

  @Get(':id')
  @Scopes('read:client_grants')
  @ApiOperation({ operationId: 'get_client-grants_by_id', summary: 'Get client grant' })
  @ApiOkResponse({ type: TenantClientGrantView })
  @ApiErrors(404)
  get(@Param() { id }: ClientGrantIdParams): Promise<TenantClientGrantView> {
    return this.grants.get(id);
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:client_grants')
  @ApiOperation({ operationId: 'patch_client-grants_by_id', summary: 'Update client grant' })
  @ApiOkResponse({ type: TenantClientGrantView, description: 'The updated client grant.' })
  @ApiErrors(400, 404)
  update(@Param() { id }: ClientGrantIdParams, @Body() dto: UpdateClientGrantDto): Promise<TenantClientGrantView> {
    return this.grants.update(id, dto);
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:client_grants')
  @ApiOperation({ operationId: 'delete_client-grants_by_id', summary: 'Delete client grant' })
  @ApiNoContentResponse({ description: 'The client grant was deleted (also from every organization), or did not exist.' })
  remove(@Param() { id }: ClientGrantIdParams): Promise<void> {
    return this.grants.remove(id);
  }
}

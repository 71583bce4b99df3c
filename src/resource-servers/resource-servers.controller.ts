import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { CreateResourceServerDto } from './dto/create-resource-server.dto.js';
import { FieldsQuery } from '../common/fields.js';
import { ListResourceServersQuery } from './dto/list-resource-servers.query.js';
import { ResourceServerIdParams } from './dto/resource-server.params.js';
import { ResourceServerView } from './dto/resource-server.view.js';
import { UpdateResourceServerDto } from './dto/update-resource-server.dto.js';
import { ResourceServersService } from './resource-servers.service.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('resource-servers')
@Controller('resource-servers')
export class ResourceServersController {
  constructor(private readonly servers: ResourceServersService) {}

  @ManagementWrite()
  @Post()
  @Scopes('create:resource_servers')
  @ApiOperation({ operationId: 'post_resource-servers', summary: 'Create a resource server' })
  @ApiCreatedResponse({ type: ResourceServerView, description: 'Resource server successfully created.' })
  @ApiErrors(400, 409)
  create(@Body() dto: CreateResourceServerDto): Promise<ResourceServerView> {
    return this.servers.create(dto);
  }

  @Get()
  @Scopes('read:resource_servers')
  @ApiOperation({ operationId: 'get_resource-servers', summary: 'Get resource servers' })
  @ApiPageResponse('resource_servers', ResourceServerView, ['offset'])
  @ApiErrors(400)
  list(@Query() query: ListResourceServersQuery): Promise<ListResult<'resource_servers', Partial<ResourceServerView>>> {
    return this.servers.list(query);
  }

  @Get(':id')
  @Scopes('read:resource_servers')
  @ApiOperation({ operationId: 'get_resource-servers_by_id', summary: 'Get a resource server' })
  @ApiOkResponse({ type: ResourceServerView })
  @ApiErrors(400, 404)
  // Auth0 applies `fields` here as on its lists, though its schema documents only include_fields.
  get(@Param() { id }: ResourceServerIdParams, @Query() query: FieldsQuery): Promise<Partial<ResourceServerView>> {
    return this.servers.get(id, query);
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:resource_servers')
  @ApiOperation({ operationId: 'patch_resource-servers_by_id', summary: 'Update a resource server' })
  @ApiOkResponse({ type: ResourceServerView, description: 'Resource server successfully updated.' })
  @ApiErrors(400, 404)
  update(@Param() { id }: ResourceServerIdParams, @Body() dto: UpdateResourceServerDto): Promise<ResourceServerView> {
    return this.servers.update(id, dto);
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:resource_servers')
  @ApiOperation({ operationId: 'delete_resource-servers_by_id', summary: 'Delete a resource server' })
  @ApiNoContentResponse({ description: 'Resource server successfully deleted (with its client grants), or did not exist.' })
  @ApiErrors(400)
  remove(@Param() { id }: ResourceServerIdParams): Promise<void> {
    return this.servers.remove(id);
  }
}

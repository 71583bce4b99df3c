import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { OrganizationIdParams } from './dto/organization.params.js';
import {
  AddOrganizationConnectionDto,
  ListOrganizationConnectionsQuery,
  OrganizationEnabledConnectionParams,
  UpdateOrganizationConnectionDto,
} from './organization-connections.dto.js';
import { linkFields } from './organization-connections.fields.js';
import { OrganizationConnectionsService } from './organization-connections.service.js';
import { OrganizationConnectionView, toOrganizationConnectionView } from './organization-connections.view.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('organizations')
@Controller('organizations/:id/enabled_connections')
export class OrganizationConnectionsController {
  constructor(private readonly links: OrganizationConnectionsService) {}

  @Get()
  @Scopes('read:organization_connections')
  @ApiOperation({ operationId: 'get_enabled_connections', summary: 'Get connections enabled for an organization' })
  @ApiPageResponse('enabled_connections', OrganizationConnectionView, ['offset'])
  @ApiErrors(400, 404)
  list(
    @Param() { id }: OrganizationIdParams,
    @Query() query: ListOrganizationConnectionsQuery,
  ): Promise<ListResult<'enabled_connections', OrganizationConnectionView>> {
    return this.links.list(id, 'enabled_connections', query, toOrganizationConnectionView);
  }

  @ManagementWrite()
  @Post()
  @Scopes('create:organization_connections')
  @ApiOperation({ operationId: 'post_enabled_connections', summary: 'Add connections to an organization' })
  @ApiCreatedResponse({ type: OrganizationConnectionView, description: 'The connection was enabled for the organization.' })
  @ApiErrors(400, 404, 409)
  async add(@Param() { id }: OrganizationIdParams, @Body() dto: AddOrganizationConnectionDto): Promise<OrganizationConnectionView> {
    return toOrganizationConnectionView(await this.links.enable(id, dto.connection_id, linkFields(dto)));
  }

  @Get(':connectionId')
  @Scopes('read:organization_connections')
  @ApiOperation({ operationId: 'get_enabled_connections_by_connectionId', summary: 'Get an enabled connection for an organization' })
  @ApiOkResponse({ type: OrganizationConnectionView })
  @ApiErrors(400, 404)
  async get(@Param() { id, connectionId }: OrganizationEnabledConnectionParams): Promise<OrganizationConnectionView> {
    return toOrganizationConnectionView(await this.links.get(id, connectionId));
  }

  @ManagementWrite()
  @Patch(':connectionId')
  @Scopes('update:organization_connections')
  @ApiOperation({ operationId: 'patch_enabled_connections_by_connectionId', summary: 'Update the Connection of an Organization' })
  @ApiOkResponse({ type: OrganizationConnectionView, description: 'The updated link.' })
  @ApiErrors(400, 404)
  async update(
    @Param() { id, connectionId }: OrganizationEnabledConnectionParams,
    @Body() dto: UpdateOrganizationConnectionDto,
  ): Promise<OrganizationConnectionView> {
    return toOrganizationConnectionView(await this.links.update(id, connectionId, linkFields(dto)));
  }

  @ManagementWrite()
  @Delete(':connectionId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:organization_connections')
  @ApiOperation({ operationId: 'delete_enabled_connections_by_connectionId', summary: 'Delete connections from an organization' })
  @ApiNoContentResponse({ description: 'The connection is no longer enabled for the organization (the connection itself stays).' })
  @ApiErrors(400, 404)
  remove(@Param() { id, connectionId }: OrganizationEnabledConnectionParams): Promise<void> {
    return this.links.remove(id, connectionId);
  }
}

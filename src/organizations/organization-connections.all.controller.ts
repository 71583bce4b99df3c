import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { OrganizationIdParams } from './dto/organization.params.js';
import {
  CreateOrganizationAllConnectionDto,
  ListOrganizationAllConnectionsQuery,
  OrganizationConnectionParams,
  UpdateOrganizationAllConnectionDto,
} from './organization-connections.dto.js';
import { linkFields } from './organization-connections.fields.js';
import { OrganizationConnectionsService } from './organization-connections.service.js';
import { OrganizationAllConnectionView, toOrganizationAllConnectionView } from './organization-connections.view.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

/**
 * Auth0's newer /organizations/{id}/connections (auth0 SDK v6/v7 `organizations.connections`, which
 * a0deploy 8.44 reads and writes): the same links as enabled_connections, with `is_enabled`.
 */
@ApiTags('organizations')
@Controller('organizations/:id/connections')
export class OrganizationAllConnectionsController {
  constructor(private readonly links: OrganizationConnectionsService) {}

  @Get()
  @Scopes('read:organization_connections')
  @ApiOperation({ operationId: 'get_organization_all_connections', summary: 'Get all connections of an organization' })
  @ApiPageResponse('connections', OrganizationAllConnectionView, ['offset'])
  @ApiErrors(400, 404)
  list(
    @Param() { id }: OrganizationIdParams,
    @Query() { is_enabled, ...query }: ListOrganizationAllConnectionsQuery,
  ): Promise<ListResult<'connections', OrganizationAllConnectionView>> {
    return this.links.list(id, 'connections', { ...query, is_enabled }, toOrganizationAllConnectionView);
  }

  @ManagementWrite()
  @Post()
  @Scopes('create:organization_connections')
  @ApiOperation({ operationId: 'create_organization_all_connection', summary: 'Add a connection to an organization' })
  @ApiCreatedResponse({ type: OrganizationAllConnectionView, description: 'The connection was enabled for the organization.' })
  @ApiErrors(400, 404, 409)
  async add(
    @Param() { id }: OrganizationIdParams,
    @Body() dto: CreateOrganizationAllConnectionDto,
  ): Promise<OrganizationAllConnectionView> {
    return toOrganizationAllConnectionView(await this.links.enable(id, dto.connection_id, linkFields(dto)));
  }

  @Get(':connection_id')
  @Scopes('read:organization_connections')
  @ApiOperation({ operationId: 'get_organization_all_connection', summary: 'Get a connection of an organization' })
  @ApiOkResponse({ type: OrganizationAllConnectionView })
  @ApiErrors(400, 404)
  async get(@Param() { id, connection_id }: OrganizationConnectionParams): Promise<OrganizationAllConnectionView> {
    return toOrganizationAllConnectionView(await this.links.get(id, connection_id));
  }

  @ManagementWrite()
  @Patch(':connection_id')
  @Scopes('update:organization_connections')
  @ApiOperation({ operationId: 'update_organization_all_connection', summary: 'Update a connection of an organization' })
  @ApiOkResponse({ type: OrganizationAllConnectionView, description: 'The updated link.' })
  @ApiErrors(400, 404)
  async update(
    @Param() { id, connection_id }: OrganizationConnectionParams,
    @Body() dto: UpdateOrganizationAllConnectionDto,
  ): Promise<OrganizationAllConnectionView> {
    return toOrganizationAllConnectionView(await this.links.update(id, connection_id, linkFields(dto)));
  }

  @ManagementWrite()
  @Delete(':connection_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:organization_connections')
  @ApiOperation({ operationId: 'delete_organization_all_connection', summary: 'Remove a connection from an organization' })
  @ApiNoContentResponse({ description: 'The connection is no longer enabled for the organization (the connection itself stays).' })
  @ApiErrors(400, 404)
  remove(@Param() { id, connection_id }: OrganizationConnectionParams): Promise<void> {
    return this.links.remove(id, connection_id);
  }
}

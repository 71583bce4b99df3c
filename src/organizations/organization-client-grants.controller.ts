import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ClientGrantView } from '../client-grants/dto/client-grant.view.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { AssociateClientGrantDto } from './dto/associate-client-grant.dto.js';
import { ListOrganizationClientGrantsQuery } from './dto/list-organization-client-grants.query.js';
import { OrganizationClientGrantParams } from './dto/organization-client-grant.params.js';
import { AssociatedClientGrantView } from './dto/organization-client-grant.view.js';
import { OrganizationIdParams } from './dto/organization.params.js';
import { OrganizationClientGrantsService } from './organization-client-grants.service.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('organizations')
@Controller('organizations/:id/client-grants')
export class OrganizationClientGrantsController {
  constructor(private readonly clientGrants: OrganizationClientGrantsService) {}

  @Get()
  @Scopes('read:organization_client_grants')
  @ApiOperation({ operationId: 'get_organization-client-grants', summary: 'Get client grants associated to an organization' })
  @ApiPageResponse('client_grants', ClientGrantView, ['offset'])
  @ApiErrors(400, 404)
  list(
    @Param() { id }: OrganizationIdParams,
    @Query() query: ListOrganizationClientGrantsQuery,
  ): Promise<ListResult<'client_grants', ClientGrantView>> {
    return this.clientGrants.list(id, query);
  }

  @ManagementWrite()
  @Post()
  @Scopes('create:organization_client_grants')
  @ApiOperation({ operationId: 'create_organization-client-grants', summary: 'Associate a client grant with an organization' })
  @ApiCreatedResponse({ type: AssociatedClientGrantView, description: 'The client grant was associated with the organization.' })
  @ApiErrors(400, 404, 409)
  associate(@Param() { id }: OrganizationIdParams, @Body() { grant_id }: AssociateClientGrantDto): Promise<AssociatedClientGrantView> {
    return this.clientGrants.associate(id, grant_id);
  }

  @ManagementWrite()
  @Delete(':grant_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:organization_client_grants')
  @ApiOperation({ operationId: 'delete_client-grants_by_grant_id', summary: 'Remove a client grant from an organization' })
  @ApiNoContentResponse({ description: 'The client grant was removed from the organization.' })
  @ApiErrors(400, 404)
  remove(@Param() { id, grant_id }: OrganizationClientGrantParams): Promise<void> {
    return this.clientGrants.remove(id, grant_id);
  }
}

import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ClientGrantIdParams } from '../client-grants/dto/client-grant.params.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { PaginationQuery } from '../common/pagination/pagination.query.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { OrganizationView } from './dto/organization.view.js';
import { OrganizationClientGrantsService } from './organization-client-grants.service.js';

/**
 * The organizations a client grant is associated with, from the grant's side. go-auth0 v1 pages
 * it by offset (Auth0 answered, recorded), the v7 SDK by checkpoint: both are taken.
 */
@ApiTags('client-grants')
@Controller('client-grants/:id/organizations')
export class GrantOrganizationsController {
  constructor(private readonly associations: OrganizationClientGrantsService) {}

  @Get()
  @Scopes('read:organization_client_grants')
  @ApiOperation({ operationId: 'get_client_grant_organizations', summary: 'Get the organizations associated to a client grant' })
  @ApiPageResponse('organizations', OrganizationView, ['offset', 'checkpoint'])
  @ApiErrors(400, 404)
  list(@Param() { id }: ClientGrantIdParams, @Query() query: PaginationQuery): Promise<ListResult<'organizations', OrganizationView>> {
    return this.associations.organizationsOf(id, query);
  }
}

import { Controller, Delete, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { OrganizationClientGrantParams } from './dto/organization-client-grant.params.js';
import { OrganizationClientGrantsService } from './organization-client-grants.service.js';

@ApiTags('organizations')
@Controller('organizations/:id/client-grants')
export class OrganizationClientGrantsController {
  constructor(private readonly clientGrants: OrganizationClientGrantsService) {}

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

import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { UserIdParams } from '../users/dto/user.params.js';
import { OrganizationView } from './dto/organization.view.js';
import { OrganizationMembersService } from './organization-members.service.js';

/** A user's organization memberships, from the user's side: GET /users/{id}/organizations. */
@ApiTags('users')
@Controller('users/:id/organizations')
export class UserOrganizationsController {
  constructor(private readonly members: OrganizationMembersService) {}

  @Get()
  @Scopes('read:organizations')
  @ApiOperation({ operationId: 'get_user_organizations', summary: "List user's organizations" })
  @ApiPageResponse('organizations', OrganizationView, ['offset'])
  @ApiErrors(400, 404)
  list(@Param() { id }: UserIdParams, @Query() query: OffsetPaginationQuery): Promise<ListResult<'organizations', OrganizationView>> {
    return this.members.organizationsOf(id, query);
  }
}

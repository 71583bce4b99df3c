import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { OrganizationIdParams } from './dto/organization.params.js';
import { ListOrganizationMembersQuery, OrganizationMembersDto } from './organization-members.dto.js';
import { OrganizationMembersService } from './organization-members.service.js';
import { OrganizationMemberView } from './organization-members.view.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('organizations')
@Controller('organizations/:id/members')
export class OrganizationMembersController {
  constructor(private readonly members: OrganizationMembersService) {}

  @Get()
  @Scopes('read:organization_members')
  @ApiOperation({ operationId: 'get_members', summary: 'Get members who belong to an organization' })
  @ApiPageResponse('members', OrganizationMemberView, ['offset', 'checkpoint'])
  @ApiErrors(400, 404)
  list(
    @Param() { id }: OrganizationIdParams,
    @Query() query: ListOrganizationMembersQuery,
  ): Promise<ListResult<'members', Partial<OrganizationMemberView>>> {
    return this.members.list(id, query);
  }

  @ManagementWrite()
  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('create:organization_members')
  @ApiOperation({ operationId: 'post_members', summary: 'Add members to an organization' })
  @ApiNoContentResponse({ description: 'The users are members of the organization.' })
  @ApiErrors(400, 404)
  add(@Param() { id }: OrganizationIdParams, @Body() { members }: OrganizationMembersDto): Promise<void> {
    return this.members.add(id, members);
  }

  @ManagementWrite()
  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:organization_members')
  @ApiOperation({ operationId: 'delete_members', summary: 'Delete members from an organization' })
  @ApiNoContentResponse({ description: 'The users are no longer members of the organization.' })
  @ApiErrors(400, 404)
  remove(@Param() { id }: OrganizationIdParams, @Body() { members }: OrganizationMembersDto): Promise<void> {
    return this.members.remove(id, members);
  }
}

import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { CreateOrganizationDto } from './dto/create-organization.dto.js';
import { ListOrganizationsQuery } from './dto/list-organizations.query.js';
import { OrganizationIdParams, OrganizationNameParams } from './dto/organization.params.js';
import { CreatedOrganizationView, OrganizationView } from './dto/organization.view.js';
import { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { OrganizationsService } from './organizations.service.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('organizations')
@Controller('organizations')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @ManagementWrite()
  @Post()
  @Scopes('create:organizations')
  @ApiOperation({ operationId: 'post_organizations', summary: 'Create an Organization' })
  @ApiCreatedResponse({ type: CreatedOrganizationView, description: 'The organization was created.' })
  @ApiErrors(400, 404, 409)
  create(@Body() dto: CreateOrganizationDto): Promise<CreatedOrganizationView> {
    return this.organizations.create(dto);
  }

  @Get()
  @Scopes('read:organizations')
  @ApiOperation({ operationId: 'get_organizations', summary: 'Get organizations' })
  @ApiPageResponse('organizations', OrganizationView, ['offset', 'checkpoint'])
  @ApiErrors(400)
  list(@Query() query: ListOrganizationsQuery): Promise<ListResult<'organizations', OrganizationView>> {
    return this.organizations.list(query);
  }

  @Get('name/:name')
  @Scopes('read:organizations')
  @ApiOperation({ operationId: 'get_name_by_name', summary: 'Get organization by name' })
  @ApiOkResponse({ type: OrganizationView })
  @ApiErrors(400, 404)
  getByName(@Param() { name }: OrganizationNameParams): Promise<OrganizationView> {
    return this.organizations.getByName(name);
  }

  @Get(':id')
  @Scopes('read:organizations')
  @ApiOperation({ operationId: 'get_organizations_by_id', summary: 'Get organization' })
  @ApiOkResponse({ type: OrganizationView })
  @ApiErrors(400, 404)
  get(@Param() { id }: OrganizationIdParams): Promise<OrganizationView> {
    return this.organizations.get(id);
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:organizations')
  @ApiOperation({ operationId: 'patch_organizations_by_id', summary: 'Modify an Organization' })
  @ApiOkResponse({ type: OrganizationView, description: 'The updated organization.' })
  @ApiErrors(400, 404, 409)
  update(@Param() { id }: OrganizationIdParams, @Body() dto: UpdateOrganizationDto): Promise<OrganizationView> {
    return this.organizations.update(id, dto);
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:organizations')
  @ApiOperation({ operationId: 'delete_organizations_by_id', summary: 'Delete organization' })
  @ApiNoContentResponse({ description: 'The organization and its client-grant associations were deleted.' })
  @ApiErrors(400, 404)
  remove(@Param() { id }: OrganizationIdParams): Promise<void> {
    return this.organizations.remove(id);
  }
}

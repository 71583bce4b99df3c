import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { CreateOrganizationDto } from './dto/create-organization.dto.js';
import { ListOrganizationsQuery } from './dto/list-organizations.query.js';
import { OrganizationIdParams, OrganizationNameParams } from './dto/organization.params.js';
import type { OrganizationView } from './dto/organization.view.js';
import { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { OrganizationsService } from './organizations.service.js';

@ApiTags('organizations')
@Controller('organizations')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Post()
  @Scopes('create:organizations')
  @ApiOperation({ operationId: 'post_organizations', summary: 'Create an Organization' })
  create(@Body() dto: CreateOrganizationDto): Promise<OrganizationView> {
    return this.organizations.create(dto);
  }

  @Get()
  @Scopes('read:organizations')
  @ApiOperation({ operationId: 'get_organizations', summary: 'Get organizations' })
  list(@Query() query: ListOrganizationsQuery): Promise<ListResult<'organizations', OrganizationView>> {
    return this.organizations.list(query);
  }

  @Get('name/:name')
  @Scopes('read:organizations')
  @ApiOperation({ operationId: 'get_name_by_name', summary: 'Get organization by name' })
  getByName(@Param() { name }: OrganizationNameParams): Promise<OrganizationView> {
    return this.organizations.getByName(name);
  }

  @Get(':id')
  @Scopes('read:organizations')
  @ApiOperation({ operationId: 'get_organizations_by_id', summary: 'Get organization' })
  get(@Param() { id }: OrganizationIdParams): Promise<OrganizationView> {
    return this.organizations.get(id);
  }

  @Patch(':id')
  @Scopes('update:organizations')
  @ApiOperation({ operationId: 'patch_organizations_by_id', summary: 'Modify an Organization' })
  update(@Param() { id }: OrganizationIdParams, @Body() dto: UpdateOrganizationDto): Promise<OrganizationView> {
    return this.organizations.update(id, dto);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:organizations')
  @ApiOperation({ operationId: 'delete_organizations_by_id', summary: 'Delete organization' })
  remove(@Param() { id }: OrganizationIdParams): Promise<void> {
    return this.organizations.remove(id);
  }
}

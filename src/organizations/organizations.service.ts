import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { CreateOrganizationDto } from './dto/create-organization.dto.js';
import type { ListOrganizationsQuery } from './dto/list-organizations.query.js';
import { toOrganizationView, type OrganizationView } from './dto/organization.view.js';
import type { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { organizationNotFound } from './organization-errors.js';
import { OrganizationsRepository } from './organizations.repository.js';

@Injectable()
export class OrganizationsService {
  constructor(private readonly organizations: OrganizationsRepository) {}

  async create(dto: CreateOrganizationDto): Promise<OrganizationView> {
    return toOrganizationView(await this.organizations.create(newId('org'), dto));
  }

  list(query: ListOrganizationsQuery): Promise<ListResult<'organizations', OrganizationView>> {
    return listPage('organizations', pageWindow(query), this.organizations.pages(), toOrganizationView);
  }

  async get(id: string): Promise<OrganizationView> {
    const row = await this.organizations.find({ id });
    if (!row) throw organizationNotFound();
    return toOrganizationView(row);
  }

  async getByName(name: string): Promise<OrganizationView> {
    const row = await this.organizations.find({ name });
    if (!row) throw organizationNotFound();
    return toOrganizationView(row);
  }

  async update(id: string, dto: UpdateOrganizationDto): Promise<OrganizationView> {
    return toOrganizationView(await this.organizations.update(id, dto));
  }

  /** Its client-grant associations go with it; the grants themselves stay. */
  async remove(id: string): Promise<void> {
    if (!(await this.organizations.delete(id))) throw organizationNotFound();
  }
}

import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { CreateOrganizationDto } from './dto/create-organization.dto.js';
import type { ListOrganizationsQuery } from './dto/list-organizations.query.js';
import { toOrganizationView, type CreatedOrganizationView, type OrganizationView } from './dto/organization.view.js';
import { linkFields } from './organization-connections.fields.js';
import { toOrganizationConnectionView } from './organization-connections.view.js';
import type { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { organizationNotFound } from './organization-errors.js';
import { OrganizationsRepository } from './organizations.repository.js';
import { settingsChange } from '../common/settings-change.js';

@Injectable()
export class OrganizationsService {
  constructor(private readonly organizations: OrganizationsRepository) {}

  /** Auth0 answers a create with the links it made, in the order given, when any were asked for. */
  async create(dto: CreateOrganizationDto): Promise<CreatedOrganizationView> {
    const links = (dto.enabled_connections ?? []).map((link) => ({ connection_id: link.connection_id, ...linkFields(link) }));
    const row = await this.organizations.create(newId('org'), dto, settingsChange(dto, SETTINGS).set, links);
    const view: CreatedOrganizationView = toOrganizationView(row);
    if (dto.enabled_connections) {
      const byConnection = new Map(row.connections.map((link) => [link.connection_id, link]));
      view.enabled_connections = links.flatMap((link) => {
        const made = byConnection.get(link.connection_id);
        return made ? [toOrganizationConnectionView(made)] : [];
      });
    }
    return view;
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
    return toOrganizationView(await this.organizations.update(id, dto, settingsChange(dto, SETTINGS)));
  }

  /** Its client-grant associations go with it; the grants themselves stay. */
  async remove(id: string): Promise<void> {
    if (!(await this.organizations.delete(id))) throw organizationNotFound();
  }
}

// Auth0's organization fields kept in the `settings` column, returned as accepted.
const SETTINGS = ['token_quota', 'third_party_client_access', 'is_app_entitlement_active'] as const;

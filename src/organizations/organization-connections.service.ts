import { Injectable } from '@nestjs/common';
import { connectionNotFound } from '../connections/connection-errors.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { connectionNotEnabled } from './organization-connections.errors.js';
import {
  OrganizationConnectionsRepository,
  type OrganizationConnectionFields,
  type OrganizationConnectionRow,
} from './organization-connections.repository.js';
import { organizationNotFound } from './organization-errors.js';
import { OrganizationLookup } from './organization-lookup.js';

/**
 * The connections enabled for an organization, behind both of Auth0's paths (enabled_connections and
 * the newer connections); each controller shapes the rows into its own view.
 */
@Injectable()
export class OrganizationConnectionsService {
  constructor(
    private readonly links: OrganizationConnectionsRepository,
    private readonly organizations: OrganizationLookup,
  ) {}

  async list<K extends string, V>(
    organizationId: string,
    key: K,
    query: OffsetPaginationQuery & { only_disabled?: boolean },
    toView: (row: OrganizationConnectionRow) => V,
  ): Promise<ListResult<K, V>> {
    const window = pageWindow(query, 'offset');
    await this.organizations.mustExist(organizationId);
    // Every link kept here is enabled, so asking for the disabled ones finds none.
    const source = this.links.pages(organizationId);
    const empty = { rows: () => Promise.resolve([]), count: () => Promise.resolve(0) };
    return listPage(key, window, query.only_disabled ? empty : source, toView);
  }

  async enable(organizationId: string, connectionId: string, fields: OrganizationConnectionFields): Promise<OrganizationConnectionRow> {
    const result = await this.links.enable(organizationId, connectionId, fields);
    switch (result.outcome) {
      case 'enabled':
        return result.row;
      case 'organization_missing':
        throw organizationNotFound();
      case 'connection_missing':
        throw connectionNotFound();
    }
  }

  async get(organizationId: string, connectionId: string): Promise<OrganizationConnectionRow> {
    const row = await this.links.find(organizationId, connectionId);
    if (row) return row;
    await this.organizations.mustExist(organizationId);
    throw connectionNotEnabled();
  }

  async update(organizationId: string, connectionId: string, fields: OrganizationConnectionFields): Promise<OrganizationConnectionRow> {
    await this.organizations.mustExist(organizationId);
    return this.links.update(organizationId, connectionId, fields);
  }

  /** Idempotent like every Auth0 association delete: only a missing organization is an error. */
  async remove(organizationId: string, connectionId: string): Promise<void> {
    await this.organizations.mustExist(organizationId);
    await this.links.remove(organizationId, connectionId);
  }
}

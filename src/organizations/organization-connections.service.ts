import { Injectable } from '@nestjs/common';
import { connectionNotFound } from '../connections/connection-errors.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { connectionNotEnabled, refusesSignup, signupNeedsMembership } from './organization-connections.errors.js';
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
    query: OffsetPaginationQuery & { is_enabled?: boolean },
    toView: (row: OrganizationConnectionRow) => V,
  ): Promise<ListResult<K, V>> {
    const window = pageWindow(query, 'offset');
    await this.organizations.mustExist(organizationId);
    return listPage(key, window, this.links.pages(organizationId, query.is_enabled), toView);
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
      case 'signup_refused':
        throw signupNeedsMembership();
    }
  }

  async get(organizationId: string, connectionId: string): Promise<OrganizationConnectionRow> {
    const row = await this.links.find(organizationId, connectionId);
    if (row) return row;
    await this.organizations.mustExist(organizationId);
    throw connectionNotEnabled();
  }

  async update(organizationId: string, connectionId: string, fields: OrganizationConnectionFields): Promise<OrganizationConnectionRow> {
    const current = await this.get(organizationId, connectionId);
    // Checked on the link as it would be after the change, as Auth0 does.
    const after = { ...current, ...withoutUndefined(fields) };
    if (refusesSignup(current.connection.strategy, after)) throw signupNeedsMembership();
    return this.links.update(organizationId, connectionId, fields);
  }

  /** Idempotent like every Auth0 association delete: only a missing organization is an error. */
  async remove(organizationId: string, connectionId: string): Promise<void> {
    await this.organizations.mustExist(organizationId);
    await this.links.remove(organizationId, connectionId);
  }
}

const withoutUndefined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

import { Injectable } from '@nestjs/common';
import { clientGrantNotFound } from '../client-grants/client-grant-errors.js';
import { toClientGrantView, type ClientGrantView } from '../client-grants/dto/client-grant.view.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { PaginationQuery } from '../common/pagination/pagination.query.js';
import type { ListOrganizationClientGrantsQuery } from './dto/list-organization-client-grants.query.js';
import { toOrganizationView, type OrganizationView } from './dto/organization.view.js';
import { toAssociatedView, type AssociatedClientGrantView } from './dto/organization-client-grant.view.js';
import { OrganizationClientGrantsRepository } from './organization-client-grants.repository.js';
import { alreadyAssociated, organizationNotFound, tooManyGrants } from './organization-errors.js';

const MAX_GRANTS_PER_ORGANIZATION = 100;

@Injectable()
export class OrganizationClientGrantsService {
  constructor(private readonly associations: OrganizationClientGrantsRepository) {}

  async list(organizationId: string, query: ListOrganizationClientGrantsQuery): Promise<ListResult<'client_grants', ClientGrantView>> {
    // A missing organization is the 404 the page's own statement throws (one round trip).
    return listPage('client_grants', pageWindow(query, 'offset'), this.associations.pages(organizationId, query), toClientGrantView);
  }

  async associate(organizationId: string, grantId: string): Promise<AssociatedClientGrantView> {
    const result = await this.associations.associate(organizationId, grantId, MAX_GRANTS_PER_ORGANIZATION);
    switch (result.outcome) {
      case 'associated':
        return toAssociatedView(result.grant);
      case 'organization_missing':
        throw organizationNotFound();
      case 'grant_missing':
        throw clientGrantNotFound();
      case 'already_associated':
        throw alreadyAssociated();
      case 'limit_reached':
        throw tooManyGrants(MAX_GRANTS_PER_ORGANIZATION);
    }
  }

  /** The organizations the grant is associated with; the grant's 404 when there is no such grant. */
  async organizationsOf(grantId: string, query: PaginationQuery): Promise<ListResult<'organizations', OrganizationView>> {
    const window = pageWindow(query);
    if (!(await this.associations.grantExists(grantId))) throw clientGrantNotFound();
    return listPage('organizations', window, this.associations.organizationsOf(grantId), toOrganizationView);
  }

  /** Idempotent like every Auth0 association delete: only a missing organization is an error. */
  async remove(organizationId: string, grantId: string): Promise<void> {
    if (!(await this.associations.remove(organizationId, grantId))) throw organizationNotFound();
  }
}

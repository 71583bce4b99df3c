import { Injectable } from '@nestjs/common';
import { defaultOrganizationFor } from '../clients/default-organization.js';
import type { Client, ClientGrant } from '../generated/prisma/client.js';
import { GrantOrganizationsRepository } from './grant-organizations.repository.js';
import { organizationNotAuthorized, organizationNotFound, organizationRequired, organizationsNotAllowed } from './organization-errors.js';

/**
 * The id of the organization a client credentials token is issued for, if any. Auth0's
 * "Organizations for M2M applications": whether a client credentials request may name
 * an organization, decided by the client grant. organization_usage deny (the default) refuses one,
 * allow takes one or none, require needs one, from the request or else from the client's
 * default_organization for the client_credentials flow. The organization must exist, and unless
 * the grant has allow_any_organization, the grant must be associated with it.
 */
@Injectable()
export class OrganizationAccess {
  constructor(private readonly organizations: GrantOrganizationsRepository) {}

  async resolve(client: Client, grant: ClientGrant, requested: string | undefined): Promise<string | undefined> {
    const usage = grant.organization_usage ?? 'deny';
    const organization = requested ?? (usage === 'require' ? defaultOrganizationFor(client, 'client_credentials') : undefined);
    if (organization === undefined) {
      if (usage === 'require') throw organizationRequired();
      return undefined;
    }
    if (usage === 'deny') throw organizationsNotAllowed(grant.audience);
    const found = await this.organizations.find(organization, grant.id);
    if (!found) throw organizationNotFound(organization);
    if (!found.associated && grant.allow_any_organization !== true) throw organizationNotAuthorized(grant.audience, found.id);
    return found.id;
  }
}

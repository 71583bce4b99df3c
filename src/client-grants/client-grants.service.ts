import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { ClientsRepository } from '../clients/clients.repository.js';
import { GlobalClients } from '../clients/global-clients.js';
import { ResourceServerCatalog } from '../resource-servers/resource-server-catalog.js';
import {
  anyOrganizationForThirdParty,
  audienceNotFound,
  clientGrantNotFound,
  missingClientId,
  scopesNotOfAudience,
} from './client-grant-errors.js';
import { ClientGrantsRepository } from './client-grants.repository.js';
import { toTenantClientGrantView, type TenantClientGrantView } from './dto/client-grant.view.js';
import type { CreateClientGrantDto } from './dto/create-client-grant.dto.js';
import type { ListClientGrantsQuery } from './dto/list-client-grants.query.js';
import type { UpdateClientGrantDto } from './dto/update-client-grant.dto.js';

@Injectable()
export class ClientGrantsService {
  constructor(
    private readonly grants: ClientGrantsRepository,
    private readonly globalClients: GlobalClients,
    private readonly clients: ClientsRepository,
    private readonly apis: ResourceServerCatalog,
  ) {}

  async create(dto: CreateClientGrantDto): Promise<TenantClientGrantView> {
    // Only a default grant (for a group of clients) may name no client.
    if (dto.client_id === undefined && dto.default_for === undefined) throw missingClientId();
    await this.checkScopes(dto.audience, dto.scope ?? [], dto.subject_type ?? 'client');
    await this.checkOrganizationAccess(dto.client_id, dto.allow_any_organization);
    const row = await this.grants.create({
      id: newId('cgr'),
      client_id: dto.client_id,
      audience: dto.audience,
      scope: dto.scope ?? [],
      organization_usage: dto.organization_usage,
      allow_any_organization: dto.allow_any_organization,
      subject_type: dto.subject_type,
      authorization_details_types: dto.authorization_details_types,
      default_for: dto.default_for,
      allow_all_scopes: dto.allow_all_scopes,
    });
    return toTenantClientGrantView(row);
  }

  list(query: ListClientGrantsQuery): Promise<ListResult<'client_grants', TenantClientGrantView>> {
    return listPage('client_grants', pageWindow(query), this.grants.pages(query), toTenantClientGrantView);
  }

  async get(id: string): Promise<TenantClientGrantView> {
    const row = await this.grants.find(id);
    if (!row) throw clientGrantNotFound();
    return toTenantClientGrantView(row);
  }

  async update(id: string, dto: UpdateClientGrantDto): Promise<TenantClientGrantView> {
    if (dto.scope !== undefined || dto.allow_any_organization === true) {
      const grant = await this.grants.find(id);
      if (!grant) throw clientGrantNotFound();
      if (dto.scope !== undefined) await this.checkScopes(grant.audience, dto.scope, grant.subject_type);
      await this.checkOrganizationAccess(grant.client_id, dto.allow_any_organization);
    }
    return toTenantClientGrantView(await this.grants.update(id, dto));
  }

  /**
   * A grant is for an API of the tenant (404 otherwise). A client grant only takes scopes that API
   * defines (400); a user grant takes others too, as Auth0 took them (its recorded PATCH).
   */
  private async checkScopes(audience: string, scopes: string[], subjectType: string): Promise<void> {
    const api = await this.apis.find(audience);
    if (!api) throw audienceNotFound();
    if (subjectType === 'client' && scopes.some((scope) => !api.scopes.includes(scope))) throw scopesNotOfAudience();
  }

  /**
   * Any organization is for the tenant's own applications: Auth0 refuses it (400) on a grant
   * of a third-party client. A grant may name a client this tenant does not hold; nothing to check then.
   */
  private async checkOrganizationAccess(
    clientId: string | null | undefined,
    allowAnyOrganization: boolean | null | undefined,
  ): Promise<void> {
    if (allowAnyOrganization !== true || !clientId) return;
    const client = await this.clients.find(clientId);
    if (client && !client.is_first_party) throw anyOrganizationForThirdParty();
  }

  /**
   * Idempotent; every organization association goes with it. The client's tokens lose access
   * on this instance at once rather than at the next snapshot refresh.
   */
  async remove(id: string): Promise<void> {
    const clientId = await this.grants.delete(id);
    if (clientId !== undefined) await this.globalClients.revoke(clientId);
  }
}

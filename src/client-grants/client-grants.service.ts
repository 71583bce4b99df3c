import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { GlobalClients } from '../clients/global-clients.js';
import { ResourceServerCatalog } from '../resource-servers/resource-server-catalog.js';
import { audienceNotFound, clientGrantNotFound, scopesNotOfAudience } from './client-grant-errors.js';
import { ClientGrantsRepository } from './client-grants.repository.js';
import { toClientGrantView, type ClientGrantView } from './dto/client-grant.view.js';
import type { CreateClientGrantDto } from './dto/create-client-grant.dto.js';
import type { ListClientGrantsQuery } from './dto/list-client-grants.query.js';
import type { UpdateClientGrantDto } from './dto/update-client-grant.dto.js';

@Injectable()
export class ClientGrantsService {
  constructor(
    private readonly grants: ClientGrantsRepository,
    private readonly globalClients: GlobalClients,
    private readonly apis: ResourceServerCatalog,
  ) {}

  async create(dto: CreateClientGrantDto): Promise<ClientGrantView> {
    await this.checkScopes(dto.audience, dto.scope ?? []);
    const row = await this.grants.create({
      id: newId('cgr'),
      client_id: dto.client_id,
      audience: dto.audience,
      scope: dto.scope ?? [],
      organization_usage: dto.organization_usage,
      allow_any_organization: dto.allow_any_organization,
    });
    return toClientGrantView(row);
  }

  list(query: ListClientGrantsQuery): Promise<ListResult<'client_grants', ClientGrantView>> {
    return listPage('client_grants', pageWindow(query), this.grants.pages(query), toClientGrantView);
  }

  async get(id: string): Promise<ClientGrantView> {
    const row = await this.grants.find(id);
    if (!row) throw clientGrantNotFound();
    return toClientGrantView(row);
  }

  async update(id: string, dto: UpdateClientGrantDto): Promise<ClientGrantView> {
    if (dto.scope !== undefined) {
      const grant = await this.grants.find(id);
      if (!grant) throw clientGrantNotFound();
      await this.checkScopes(grant.audience, dto.scope);
    }
    return toClientGrantView(await this.grants.update(id, dto));
  }

  /** A grant is for an API of the tenant (404 otherwise), and only for scopes that API defines (400). */
  private async checkScopes(audience: string, scopes: string[]): Promise<void> {
    const api = await this.apis.find(audience);
    if (!api) throw audienceNotFound();
    if (scopes.some((scope) => !api.scopes.includes(scope))) throw scopesNotOfAudience();
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

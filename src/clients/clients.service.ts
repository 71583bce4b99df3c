import { Injectable } from '@nestjs/common';
import { newId, randomAlphanumeric } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { clientNotFound } from './client-errors.js';
import { clientFilter } from './client-filter.js';
import { clientUpdate, newClientRow } from './client-records.js';
import { hashSecret, newClientSecret } from './client-secret.js';
import { ClientsRepository } from './clients.repository.js';
import type { FieldsQuery } from '../common/fields.js';
import type { CreateClientDto } from './dto/create-client.dto.js';
import { selectFields } from '../common/fields.js';
import { toClientView, toClientWithSecretView, type ClientView, type ClientWithSecretView } from './dto/client.view.js';
import type { ListClientsQuery } from './dto/list-clients.query.js';
import type { UpdateClientDto } from './dto/update-client.dto.js';
import { GlobalClients } from './global-clients.js';
import { OrganizationLookup } from '../organizations/organization-lookup.js';

@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly globalClients: GlobalClients,
    private readonly organizations: OrganizationLookup,
  ) {}

  /** The secret is returned here and by rotateSecret only; the database keeps its hash. */
  async create(input: CreateClientDto): Promise<ClientWithSecretView> {
    await this.requireOrganization(input.default_organization?.organization_id);
    const secret = newClientSecret();
    const row = await this.clients.create(newClientRow(input, randomAlphanumeric(32), await hashSecret(secret)));
    return toClientWithSecretView(row, secret);
  }

  /**
   * The first client of an empty tenant, made like any other, with a grant of `scope` on
   * `audience`. False, and nothing written, when the tenant already has a client.
   */
  async createFirst(
    input: CreateClientDto,
    credentials: { clientId: string; secret: string },
    grant: { audience: string; scope: string[] },
  ): Promise<boolean> {
    // Every start asks; only an empty tenant's pays the secret's scrypt hash (tens of ms).
    if (await this.clients.any()) return false;
    const client = newClientRow(input, credentials.clientId, await hashSecret(credentials.secret));
    return this.clients.createFirst(client, { id: newId('cgr'), client_id: credentials.clientId, ...grant });
  }

  async list(query: ListClientsQuery): Promise<ListResult<'clients', ClientView>> {
    const filter = await clientFilter(query, this.clients);
    const toView = (row: Parameters<typeof toClientView>[0]) => selectFields(toClientView(row), query.fields, query.include_fields);
    return listPage('clients', pageWindow(query), this.clients.pages(filter), toView);
  }

  async get(clientId: string, { fields, include_fields }: FieldsQuery = {}): Promise<ClientView> {
    const row = await this.clients.find(clientId);
    if (!row) throw clientNotFound();
    return selectFields(toClientView(row), fields, include_fields);
  }

  async update(clientId: string, changes: UpdateClientDto): Promise<ClientView> {
    await this.requireOrganization(changes.default_organization?.organization_id);
    return toClientView(await this.clients.updateWith(clientId, (current) => clientUpdate(current, changes)));
  }

  async rotateSecret(clientId: string): Promise<ClientWithSecretView> {
    const secret = newClientSecret();
    const row = await this.clients.update(clientId, { secret_hash: await hashSecret(secret), updated_at: new Date() });
    return toClientWithSecretView(row, secret);
  }

  /** A default_organization must name an existing organization: Auth0's 404 for an organization otherwise. */
  private async requireOrganization(organizationId: string | undefined): Promise<void> {
    if (organizationId !== undefined) await this.organizations.mustExist(organizationId);
  }

  /**
   * Idempotent, like Auth0's other deletes. The client's grants go with it (Auth0 does the
   * same), and its tokens stop working on this instance at once, on others within seconds.
   */
  async remove(clientId: string): Promise<void> {
    await this.clients.delete(clientId);
    await this.globalClients.revoke(clientId);
  }
}

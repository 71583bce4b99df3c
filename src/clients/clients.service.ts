import { Injectable } from '@nestjs/common';
import { newId, randomAlphanumeric } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { clientNotFound } from './client-errors.js';
import { hashSecret, newClientSecret } from './client-secret.js';
import { ClientsRepository } from './clients.repository.js';
import type { CreateClientDto } from './dto/create-client.dto.js';
import { toClientView, toClientWithSecretView, type ClientView, type ClientWithSecretView } from './dto/client.view.js';
import type { ListClientsQuery } from './dto/list-clients.query.js';
import type { UpdateClientDto } from './dto/update-client.dto.js';
import { GlobalClients } from './global-clients.js';

@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly globalClients: GlobalClients,
  ) {}

  /** The secret is returned here and by rotateSecret only; the database keeps its hash. */
  async create(input: CreateClientDto): Promise<ClientWithSecretView> {
    const secret = newClientSecret();
    const row = await this.clients.create(await newClient(input, randomAlphanumeric(32), secret));
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
    const client = await newClient(input, credentials.clientId, credentials.secret);
    return this.clients.createFirst(client, { id: newId('cgr'), client_id: credentials.clientId, ...grant });
  }

  list(query: ListClientsQuery): Promise<ListResult<'clients', ClientView>> {
    return listPage('clients', pageWindow(query), this.clients.pages(), toClientView);
  }

  async get(clientId: string): Promise<ClientView> {
    const row = await this.clients.find(clientId);
    if (!row) throw clientNotFound();
    return toClientView(row);
  }

  async update(clientId: string, changes: UpdateClientDto): Promise<ClientView> {
    const { name, description, app_type, grant_types } = changes;
    return toClientView(await this.clients.update(clientId, { name, description, app_type, grant_types, updated_at: new Date() }));
  }

  async rotateSecret(clientId: string): Promise<ClientWithSecretView> {
    const secret = newClientSecret();
    const row = await this.clients.update(clientId, { secret_hash: await hashSecret(secret), updated_at: new Date() });
    return toClientWithSecretView(row, secret);
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

/** Auth0's defaults for what the caller left out; only the secret's hash is kept. */
async function newClient(input: CreateClientDto, clientId: string, secret: string) {
  return {
    client_id: clientId,
    name: input.name,
    description: input.description,
    app_type: input.app_type ?? 'non_interactive',
    grant_types: input.grant_types ?? ['client_credentials'],
    secret_hash: await hashSecret(secret),
  };
}

import { Injectable } from '@nestjs/common';
import { clientNotFound } from '../clients/client-errors.js';
import type { ClientCredential } from '../generated/prisma/client.js';
import { credentialNotFound } from './client-credential-errors.js';
import { ClientCredentialsRepository } from './client-credentials.repository.js';
import { toCredentialView, type ClientCredentialView } from './dto/client-credential.view.js';
import type { CreateClientCredentialDto } from './dto/create-client-credential.dto.js';
import type { UpdateClientCredentialDto } from './dto/update-client-credential.dto.js';
import { credentialRow, dateOf } from './credential-definitions.js';
import { withoutCredential } from './credential-references.js';

@Injectable()
export class ClientCredentialsService {
  constructor(private readonly credentials: ClientCredentialsRepository) {}

  async create(clientId: string, input: CreateClientCredentialDto): Promise<ClientCredentialView> {
    const data = credentialRow(clientId, input);
    if (!(await this.credentials.clientExists(clientId))) throw clientNotFound();
    return toCredentialView(await this.credentials.create(data), { created: true });
  }

  /** Credentials defined inline by POST /clients, for the client just inserted in the same transaction. */
  async createAll(clientId: string, inputs: CreateClientCredentialDto[]): Promise<ClientCredential[]> {
    const rows = inputs.map((input) => credentialRow(clientId, input));
    const created: ClientCredential[] = [];
    for (const row of rows) created.push(await this.credentials.create(row));
    return created;
  }

  async list(clientId: string): Promise<ClientCredentialView[]> {
    const rows = await this.credentials.list(clientId);
    if (rows.length === 0 && !(await this.credentials.clientExists(clientId))) throw clientNotFound();
    return rows.map((row) => toCredentialView(row));
  }

  async get(clientId: string, id: string): Promise<ClientCredentialView> {
    const row = await this.credentials.find(clientId, id);
    if (!row) throw credentialNotFound();
    return toCredentialView(row);
  }

  async update(clientId: string, id: string, changes: UpdateClientCredentialDto): Promise<ClientCredentialView> {
    // An empty body changes nothing, as Auth0's: answer the credential as it is.
    if (changes.expires_at === undefined) return this.get(clientId, id);
    const row = await this.credentials.updateExpiry(clientId, id, changes.expires_at === null ? null : dateOf(changes.expires_at));
    if (!row) throw credentialNotFound();
    return toCredentialView(row);
  }

  /**
   * Idempotent, like Auth0's. A credential the client's authentication methods or JAR settings
   * list leaves them too, so they never name a credential that is gone.
   */
  async remove(clientId: string, id: string): Promise<void> {
    await this.credentials.delete(clientId, id);
    const references = await this.credentials.references(clientId);
    const after = references && withoutCredential(references, id);
    if (after) await this.credentials.setReferences(clientId, after);
  }

  /** The type of each of `ids`, undefined for those the client lacks; the client's 404 when it does not exist. */
  async typesOf(clientId: string, ids: string[]): Promise<Map<string, string | undefined>> {
    const types = await this.credentials.types(clientId, ids);
    if (types.size < new Set(ids).size && !(await this.credentials.clientExists(clientId))) throw clientNotFound();
    return new Map(ids.map((id) => [id, types.get(id)]));
  }
}

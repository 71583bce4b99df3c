import { Injectable } from '@nestjs/common';
import { clientNotFound } from '../clients/client-errors.js';
import { newId } from '../common/ids.js';
import type { ClientCredential, Prisma } from '../generated/prisma/client.js';
import { credentialNotFound, credentialTypeNotSupported, invalidDate } from './client-credential-errors.js';
import { ClientCredentialsRepository } from './client-credentials.repository.js';
import { toCredentialView, type ClientCredentialView } from './dto/client-credential.view.js';
import type { CreateClientCredentialDto } from './dto/create-client-credential.dto.js';
import type { UpdateClientCredentialDto } from './dto/update-client-credential.dto.js';
import { readPublicKey } from './public-key.js';

/** Auth0's credential ids: cred_ and 22 letters and digits. */
const CREDENTIAL_ID_LENGTH = 22;

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
   * Idempotent, like Auth0's. A credential the client's private_key_jwt setting lists leaves it
   * too, so the setting never names a credential that is gone.
   */
  async remove(clientId: string, id: string): Promise<void> {
    await this.credentials.delete(clientId, id);
    const methods = (await this.credentials.authenticationMethods(clientId)) as AuthenticationMethods | null | undefined;
    const listed = methods?.private_key_jwt?.credentials;
    if (listed?.some((credential) => credential.id === id)) {
      const remaining = listed.filter((credential) => credential.id !== id);
      await this.credentials.setAuthenticationMethods(clientId, { ...methods, private_key_jwt: { credentials: remaining } });
    }
  }

  /** The ids that are not credentials of the client. */
  async notOwned(clientId: string, ids: string[]): Promise<string[]> {
    const owned = await this.credentials.owned(clientId, ids);
    return ids.filter((id) => !owned.has(id));
  }
}

interface AuthenticationMethods {
  private_key_jwt?: { credentials: { id: string }[] };
}

/** The row of a new credential, validated as Auth0 validates it (public_key only here). */
function credentialRow(clientId: string, input: CreateClientCredentialDto): Prisma.ClientCredentialUncheckedCreateInput {
  if (input.credential_type !== 'public_key') throw credentialTypeNotSupported(input.credential_type);
  const key = readPublicKey(input.pem);
  // A date already past is taken, as Auth0 took its recorded ones: the credential just no longer authenticates.
  let expiresAt = input.expires_at === undefined ? null : dateOf(input.expires_at);
  // Auth0 "attempts to parse the expiry date from the provided PEM": a bare key has none to give.
  if (input.parse_expiry_from_cert && key.certificateExpiry) expiresAt = key.certificateExpiry;
  return {
    id: newId('cred', CREDENTIAL_ID_LENGTH),
    client_id: clientId,
    name: input.name ?? null,
    kid: input.kid ?? key.thumbprint,
    alg: input.alg ?? 'RS256',
    credential_type: input.credential_type,
    pem: input.pem.trim(),
    expires_at: expiresAt,
  };
}

/** The pattern lets through impossible dates (2026-02-31): refused here, before the database sees them. */
function dateOf(text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw invalidDate(text);
  return date;
}

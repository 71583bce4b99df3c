import { Injectable } from '@nestjs/common';
import { newId, randomAlphanumeric } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { clientNotFound, secretNeedsKeysScope } from './client-errors.js';
import { clientFilter } from './client-filter.js';
import { clientUpdate, newClientRow, type StoredSecret } from './client-records.js';
import { hashSecret, newClientSecret } from './client-secret.js';
import { ClientsRepository } from './clients.repository.js';
import type { FieldsQuery } from '../common/fields.js';
import type { CreateClientDto } from './dto/create-client.dto.js';
import { fieldSelector, selectFields } from '../common/fields.js';
import { toClientView, toClientWithSecretView, type ClientView, type ClientWithSecretView } from './dto/client.view.js';
import type { ListClientsQuery } from './dto/list-clients.query.js';
import type { UpdateClientDto } from './dto/update-client.dto.js';
import { GlobalClients } from './global-clients.js';
import { OrganizationLookup } from '../organizations/organization-lookup.js';
import { SealedSecrets } from '../common/sealed-secrets.js';
import type { Client } from '../generated/prisma/client.js';
import { definitionsToCreate } from './client-authentication-methods.js';
import { ClientCredentialLinks } from './client-credential-links.js';
import { SigningCertificates } from '../signing-keys/signing-certificates.js';
import type { ClientSigningKeyView } from './dto/client.view.js';

/** Whether the caller may read clients' secrets (read:client_keys) and set them (update:client_keys), as Auth0 scopes them. */
export interface SecretAccess {
  readKeys: boolean;
  updateKeys: boolean;
}

@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly globalClients: GlobalClients,
    private readonly organizations: OrganizationLookup,
    private readonly sealed: SealedSecrets,
    private readonly links: ClientCredentialLinks,
    private readonly certificates: SigningCertificates,
  ) {}

  async create(input: CreateClientDto): Promise<ClientWithSecretView> {
    await this.requireOrganization(input.default_organization?.organization_id);
    // Checked before anything is written: the credentials' forms and types, the exclusive auth method.
    const inline = definitionsToCreate(input, input.token_endpoint_auth_method);
    const secret = newClientSecret();
    const data = newClientRow(input, randomAlphanumeric(32), await this.store(secret));
    const signing_keys = await this.signingKeys();
    if (inline.length === 0 && !input.signed_request_object) {
      return Object.assign(toClientWithSecretView(await this.clients.create(data), secret), { signing_keys });
    }
    // A client authenticated by credentials has no token_endpoint_auth_method (Auth0's answer omits it).
    const client = await this.clients.create(inline.some(({ use }) => use.method) ? { ...data, token_endpoint_auth_method: null } : data);
    const links = await this.links.create(client, inline, input);
    const row = await this.clients.update(client.client_id, links.columns);
    return Object.assign(toClientWithSecretView(row, secret), links.answer, { signing_keys });
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
    const client = newClientRow(input, credentials.clientId, await this.store(credentials.secret));
    return this.clients.createFirst(client, { id: newId('cgr'), client_id: credentials.clientId, ...grant });
  }

  async list(query: ListClientsQuery, access: SecretAccess): Promise<ListResult<'clients', ClientView>> {
    const filter = await clientFilter(query, this.clients);
    const shown = secretShown(access, query);
    const signingKeys = await this.signingKeys();
    const toView = (row: Client) => selectFields(this.view(row, shown, signingKeys), query.fields, query.include_fields);
    return listPage('clients', pageWindow(query), this.clients.pages(filter), toView);
  }

  async get(clientId: string, { fields, include_fields }: FieldsQuery, access: SecretAccess): Promise<ClientView> {
    const row = await this.clients.find(clientId);
    if (!row) throw clientNotFound();
    const view = this.view(row, secretShown(access, { fields, include_fields }), await this.signingKeys());
    return selectFields(view, fields, include_fields);
  }

  async update(clientId: string, changes: UpdateClientDto, access: SecretAccess): Promise<ClientView> {
    if (changes.client_secret !== undefined && !access.updateKeys) throw secretNeedsKeysScope();
    await this.requireOrganization(changes.default_organization?.organization_id);
    const secret = changes.client_secret === undefined ? undefined : await this.store(changes.client_secret);
    const links = await this.links.update(clientId, changes);
    const row = await this.clients.updateWith(clientId, (current) => ({ ...clientUpdate(current, changes, secret), ...links(current) }));
    return this.view(row, access.readKeys, await this.signingKeys());
  }

  async rotateSecret(clientId: string): Promise<ClientWithSecretView> {
    const secret = newClientSecret();
    const stored = await this.store(secret);
    const row = await this.clients.update(clientId, { secret_hash: stored.hash, secret_stored: stored.sealed, updated_at: new Date() });
    return Object.assign(toClientWithSecretView(row, secret), { signing_keys: await this.signingKeys() });
  }

  /** Authentication checks the hash; the sealed copy is only ever returned (read:client_keys). */
  private async store(secret: string): Promise<StoredSecret> {
    return { hash: await hashSecret(secret), sealed: this.sealed.seal(secret) };
  }

  /**
   * The client, with its secret when the caller may see it (read:client_keys, as Auth0). Clients
   * created before secrets were kept have none to return until rotated.
   */
  private view(row: Client, withSecret: boolean, signingKeys: ClientSigningKeyView[]): ClientView {
    const view = Object.assign(toClientView(row), { signing_keys: signingKeys });
    if (withSecret && row.secret_stored !== null) view.client_secret = this.sealed.open(row.secret_stored);
    return view;
  }

  /**
   * Auth0 answers every client with the tenant's signing certificate (the key its tokens are signed
   * with), its subject reported as "deprecated".
   */
  private async signingKeys(): Promise<ClientSigningKeyView[]> {
    return [{ ...(await this.certificates.current()), subject: 'deprecated' }];
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

/** Whether an answer shows secrets: read:client_keys, and `fields` not leaving client_secret out (opening a sealed one costs a key derivation). */
function secretShown({ readKeys }: SecretAccess, { fields, include_fields }: FieldsQuery): boolean {
  const selected = fieldSelector(fields, include_fields);
  return readKeys && (selected === undefined || selected('client_secret'));
}

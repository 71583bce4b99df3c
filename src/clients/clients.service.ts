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
import { ClientCredentialsService } from '../client-credentials/client-credentials.service.js';
import { toCredentialView } from '../client-credentials/dto/client-credential.view.js';
import { Prisma } from '../generated/prisma/client.js';
import { unknownCredentials } from '../client-credentials/client-credential-errors.js';
import { credentialIdsToEnable, credentialsToCreate, exclusiveMethods } from './client-authentication-methods.js';

@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly globalClients: GlobalClients,
    private readonly organizations: OrganizationLookup,
    private readonly credentials: ClientCredentialsService,
  ) {}

  /** The secret is returned here and by rotateSecret only; the database keeps its hash. */
  async create(input: CreateClientDto): Promise<ClientWithSecretView> {
    await this.requireOrganization(input.default_organization?.organization_id);
    const definitions = input.client_authentication_methods
      ? credentialsToCreate(input.client_authentication_methods, input.token_endpoint_auth_method)
      : [];
    const secret = newClientSecret();
    const data = newClientRow(input, randomAlphanumeric(32), await hashSecret(secret));
    if (definitions.length === 0) return toClientWithSecretView(await this.clients.create(data), secret);
    // A private_key_jwt client has no token_endpoint_auth_method (Auth0's answer omits it).
    const client = await this.clients.create({ ...data, token_endpoint_auth_method: null });
    const created = await this.credentials.createAll(client.client_id, definitions);
    const row = await this.clients.update(client.client_id, {
      client_authentication_methods: { private_key_jwt: { credentials: created.map(({ id }) => ({ id })) } },
    });
    // Auth0 answers the create with the credentials whole (as its credential create does), reads with their ids.
    const methods = { private_key_jwt: { credentials: created.map((credential) => toCredentialView(credential, { created: true })) } };
    return Object.assign(toClientWithSecretView(row, secret), { client_authentication_methods: methods });
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
    const methods = await this.authenticationMethodsUpdate(clientId, changes);
    return toClientView(await this.clients.updateWith(clientId, (current) => ({ ...clientUpdate(current, changes), ...methods })));
  }

  /**
   * client_authentication_methods and token_endpoint_auth_method exclude each other: both in one
   * PATCH is refused, and setting one unsets the other (the switch Auth0's dashboard makes).
   */
  private async authenticationMethodsUpdate(clientId: string, changes: UpdateClientDto): Promise<Prisma.ClientUpdateInput> {
    const { client_authentication_methods: methods, token_endpoint_auth_method: authMethod } = changes;
    if (methods === undefined) return authMethod ? { client_authentication_methods: Prisma.DbNull } : {};
    if (methods === null) return { client_authentication_methods: Prisma.DbNull };
    const enabled = credentialIdsToEnable(methods);
    if (!enabled.private_key_jwt) return { client_authentication_methods: {} };
    if (authMethod) throw exclusiveMethods();
    const missing = await this.credentials.notOwned(
      clientId,
      enabled.private_key_jwt.credentials.map(({ id }) => id),
    );
    if (missing.length > 0) throw (await this.clients.find(clientId)) ? unknownCredentials(missing) : clientNotFound();
    return { client_authentication_methods: enabled as Prisma.InputJsonObject, token_endpoint_auth_method: null };
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

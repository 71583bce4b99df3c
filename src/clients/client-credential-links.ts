import { Injectable } from '@nestjs/common';
import { unknownCredentials } from '../client-credentials/client-credential-errors.js';
import { ClientCredentialsService } from '../client-credentials/client-credentials.service.js';
import type { StoredAuthenticationMethods, StoredSignedRequestObject } from '../client-credentials/credential-references.js';
import { toCredentialView, type ClientCredentialView } from '../client-credentials/dto/client-credential.view.js';
import { Prisma, type Client } from '../generated/prisma/client.js';
import { exclusiveMethods, idsToEnable, wrongType, type CredentialUse, type KeyHolder } from './client-authentication-methods.js';
import type { CreateClientCredentialDto } from '../client-credentials/dto/create-client-credential.dto.js';
import type { SignedRequestObjectDto } from './dto/client-authentication-methods.dto.js';
import type { UpdateClientDto } from './dto/update-client.dto.js';

type Json = Prisma.InputJsonObject;

/** What a create writes on the client, and what it answers: the credentials whole, as Auth0's create (reads give ids). */
interface CreatedLinks {
  columns: Prisma.ClientUpdateInput;
  answer: { client_authentication_methods?: object; signed_request_object?: object; token_vault_privileged_access?: object };
}

interface Created {
  ids: { id: string }[];
  views: ClientCredentialView[];
}

/**
 * The client's side of its credentials: client_authentication_methods (which authenticate it),
 * signed_request_object (JAR's keys) and token_vault_privileged_access (a privileged worker's
 * keys, kept in the settings), each naming credentials by id.
 */
@Injectable()
export class ClientCredentialLinks {
  constructor(private readonly credentials: ClientCredentialsService) {}

  /** POST /clients: creates the credentials defined inline (in the create's transaction) and names them. */
  async create(
    client: Client,
    inline: { use: CredentialUse; definitions: CreateClientCredentialDto[] }[],
    body: { signed_request_object?: SignedRequestObjectDto },
  ): Promise<CreatedLinks> {
    const methods: Record<string, { credentials: { id: string }[] }> = {};
    const methodViews: Record<string, { credentials: ClientCredentialView[] }> = {};
    const held: Partial<Record<KeyHolder, Created>> = {};
    for (const { use, definitions } of inline) {
      const rows = await this.credentials.createAll(client.client_id, definitions);
      const created = { ids: rows.map(({ id }) => ({ id })), views: rows.map((row) => toCredentialView(row, { created: true })) };
      if (use.method) {
        methods[use.method] = { credentials: created.ids };
        methodViews[use.method] = { credentials: created.views };
      } else if (use.holder) held[use.holder] = created;
    }
    const links: CreatedLinks = { columns: {}, answer: {} };
    if (Object.keys(methods).length > 0) {
      links.columns.client_authentication_methods = methods;
      links.answer.client_authentication_methods = methodViews;
    }
    const jar = body.signed_request_object;
    if (jar) {
      const required = jar.required === undefined ? {} : { required: jar.required };
      const keys = held.signed_request_object;
      links.columns.signed_request_object = { ...required, ...(keys ? { credentials: keys.ids } : {}) };
      links.answer.signed_request_object = { ...required, ...(keys ? { credentials: keys.views } : {}) };
    }
    // Token Vault's keys live in the settings, which the create stored with their definitions.
    const vaultKeys = held.token_vault_privileged_access;
    if (vaultKeys) {
      const settings = client.settings as Record<string, unknown>;
      const stored = { ...(settings.token_vault_privileged_access as object), credentials: vaultKeys.ids };
      links.columns.settings = { ...settings, token_vault_privileged_access: stored };
      links.answer.token_vault_privileged_access = { ...stored, credentials: vaultKeys.views };
    }
    return links;
  }

  /**
   * PATCH /clients/{id}: what to write, given the client as it is. client_authentication_methods
   * and token_endpoint_auth_method exclude each other: both in one PATCH is refused, and setting
   * one unsets the other (the switch Auth0's dashboard makes). signed_request_object is merged:
   * `required` alone keeps its credentials.
   */
  async update(clientId: string, changes: UpdateClientDto): Promise<(current: Client) => Prisma.ClientUpdateInput> {
    const enabled = await this.checked(clientId, idsToEnable(changes));
    const { client_authentication_methods: methods, token_endpoint_auth_method: authMethod, signed_request_object: jar } = changes;
    const columns: Prisma.ClientUpdateInput = {};
    if (methods === null || (methods === undefined && authMethod)) columns.client_authentication_methods = Prisma.DbNull;
    if (methods) {
      const stored: StoredAuthenticationMethods = {};
      for (const { use, ids } of enabled) if (use.method) stored[use.method] = { credentials: ids.map((id) => ({ id })) };
      columns.client_authentication_methods = stored as Json;
      if (Object.keys(stored).length > 0) {
        if (authMethod) throw exclusiveMethods();
        columns.token_endpoint_auth_method = null;
      }
    }
    if (jar === null) columns.signed_request_object = Prisma.DbNull;
    if (!jar) return () => columns;
    const jarIds = enabled.find(({ use }) => use.holder === 'signed_request_object')?.ids;
    const given: StoredSignedRequestObject = {
      ...(jar.required === undefined ? {} : { required: jar.required }),
      ...(jarIds ? { credentials: jarIds.map((id) => ({ id })) } : {}),
    };
    return (current) => ({
      ...columns,
      signed_request_object: { ...(current.signed_request_object as StoredSignedRequestObject | null), ...given },
    });
  }

  /** The uses, once every id is one of the client's credentials of the use's type. */
  private async checked<T extends { use: CredentialUse; ids: string[] }>(clientId: string, enabled: T[]): Promise<T[]> {
    if (enabled.every(({ ids }) => ids.length === 0)) return enabled;
    const types = await this.credentials.typesOf(
      clientId,
      enabled.flatMap(({ ids }) => ids),
    );
    for (const { use, ids } of enabled) {
      const missing = ids.filter((id) => types.get(id) === undefined);
      if (missing.length > 0) throw unknownCredentials(missing, use.property);
      const mistyped = ids.map((id) => types.get(id)).find((type) => type !== use.type);
      if (mistyped) throw wrongType(use, mistyped);
    }
    return enabled;
  }
}

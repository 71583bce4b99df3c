import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { listPage, pageWindow, type ListResult, type PageSource } from '../common/pagination/pagination.js';
import { AppConfig } from '../config/app-config.js';
import { selectFields, type FieldsQuery } from '../common/fields.js';
import type { Prisma, ResourceServer } from '../generated/prisma/client.js';
import type { CreateResourceServerDto } from './dto/create-resource-server.dto.js';
import type { ListResourceServersQuery } from './dto/list-resource-servers.query.js';
import { DEFAULT_TOKEN_LIFETIME_FOR_WEB } from './dto/resource-server-rules.js';
import { toResourceServerView, type ResourceServerView } from './dto/resource-server.view.js';
import type { UpdateResourceServerDto } from './dto/update-resource-server.dto.js';
import { managementApi } from './management-api.js';
import { identifierTaken, resourceServerNotFound, systemResourceServerReadOnly } from './resource-server-errors.js';
import { ResourceServersRepository, type ResourceServerChanges } from './resource-servers.repository.js';
import { SealedSecrets } from '../common/sealed-secrets.js';
import { newSigningSecret } from './signing-secrets.js';

// Auth0's settings we keep as given in the `settings` column; every other property has a column.
const SETTINGS = [
  'allow_online_access',
  'allow_online_access_with_ephemeral_sessions',
  'token_lifetime_for_anonymous_access_tokens',
  'consent_policy',
  'proof_of_possession',
  'subject_type_authorization',
  'authorization_policy',
  'authorization_details',
  'token_encryption',
] as const;

type Row = ResourceServer | ResourceServerView;

@Injectable()
export class ResourceServersService {
  constructor(
    private readonly servers: ResourceServersRepository,
    private readonly secrets: SealedSecrets,
    private readonly config: AppConfig,
  ) {}

  async create(dto: CreateResourceServerDto): Promise<ResourceServerView> {
    // The Management API's identifier is taken in every tenant, though no row holds it.
    if (dto.identifier === this.config.tokenAudience) throw identifierTaken();
    const alg = dto.signing_alg ?? 'RS256';
    const lifetime = dto.token_lifetime ?? 86_400;
    const row = await this.servers.create({
      // Auth0's ids: 24 lowercase hex digits.
      id: randomBytes(12).toString('hex'),
      identifier: dto.identifier,
      // Auth0 names an API after its identifier when no name is given.
      name: dto.name ?? dto.identifier,
      scopes: plain(dto.scopes ?? []) as Prisma.InputJsonValue,
      signing_alg: alg,
      signing_secret: this.secretFor(alg, dto.signing_secret),
      token_lifetime: lifetime,
      token_lifetime_for_web: dto.token_lifetime_for_web ?? Math.min(DEFAULT_TOKEN_LIFETIME_FOR_WEB, lifetime),
      allow_offline_access: dto.allow_offline_access ?? false,
      skip_consent_for_verifiable_first_party_clients: dto.skip_consent_for_verifiable_first_party_clients ?? false,
      enforce_policies: dto.enforce_policies,
      token_dialect: dto.token_dialect,
      settings: settingsOf(dto) as Prisma.InputJsonValue,
    });
    return this.view(row);
  }

  /** The Management API first, as in Auth0's lists, then the stored APIs oldest first. */
  list(query: ListResourceServersQuery): Promise<ListResult<'resource_servers', Partial<ResourceServerView>>> {
    const system = managementApi(this.config.tokenAudience);
    const withSystem = !query.identifiers || query.identifiers.includes(system.identifier);
    const stored = this.servers.pages(query.identifiers);
    const source: PageSource<Row> = withSystem
      ? {
          rows: async ({ skip, take }) =>
            skip === 0 ? [system, ...(await stored.rows({ skip: 0, take: take - 1 }))] : stored.rows({ skip: skip - 1, take }),
          count: async () => (await stored.count()) + 1,
        }
      : stored;
    return listPage('resource_servers', pageWindow(query, 'offset'), source, (row) =>
      selectFields(row === system ? system : this.view(row as ResourceServer), query.fields, query.include_fields),
    );
  }

  async get(idOrIdentifier: string, { fields, include_fields }: FieldsQuery = {}): Promise<Partial<ResourceServerView>> {
    const system = this.system(idOrIdentifier);
    if (system) return selectFields(system, fields, include_fields);
    const row = await this.servers.find(idOrIdentifier);
    if (!row) throw resourceServerNotFound();
    return selectFields(this.view(row), fields, include_fields);
  }

  async update(idOrIdentifier: string, dto: UpdateResourceServerDto): Promise<ResourceServerView> {
    // Synthesised from the code, the Management API has nothing to change.
    if (this.system(idOrIdentifier)) throw systemResourceServerReadOnly('update');
    const row = await this.servers.find(idOrIdentifier);
    if (!row) throw resourceServerNotFound();
    const alg = dto.signing_alg ?? row.signing_alg;
    const changes: ResourceServerChanges = {
      name: dto.name,
      scopes: dto.scopes && (plain(dto.scopes) as Prisma.InputJsonValue),
      signing_alg: dto.signing_alg,
      // A new secret when one is given, or when switching to HS256 without one.
      signing_secret: dto.signing_secret !== undefined || !row.signing_secret ? this.secretFor(alg, dto.signing_secret) : undefined,
      token_lifetime: dto.token_lifetime,
      token_lifetime_for_web: dto.token_lifetime_for_web,
      allow_offline_access: dto.allow_offline_access,
      skip_consent_for_verifiable_first_party_clients: dto.skip_consent_for_verifiable_first_party_clients,
      enforce_policies: dto.enforce_policies,
      token_dialect: dto.token_dialect,
      settings: settingsOf(dto, row.settings as object) as Prisma.InputJsonValue,
    };
    const updated = await this.servers.update(row.id, changes);
    if (!updated) throw resourceServerNotFound();
    return this.view(updated);
  }

  /** Idempotent, as in Auth0; the API's client grants go with it (see the repository). */
  async remove(idOrIdentifier: string): Promise<void> {
    if (this.system(idOrIdentifier)) throw systemResourceServerReadOnly('delete');
    await this.servers.delete(idOrIdentifier);
  }

  private system(idOrIdentifier: string): ResourceServerView | undefined {
    const system = managementApi(this.config.tokenAudience);
    return idOrIdentifier === system.id || idOrIdentifier === system.identifier ? system : undefined;
  }

  /** The stored (sealed) secret: the one given, or a new one for HS256; none otherwise. */
  private secretFor(alg: string, given: string | undefined): string | undefined {
    const secret = given ?? (alg === 'HS256' ? newSigningSecret() : undefined);
    return secret === undefined ? undefined : this.secrets.seal(secret);
  }

  private view(row: ResourceServer): ResourceServerView {
    return toResourceServerView(row, row.signing_secret === null ? undefined : this.secrets.open(row.signing_secret));
  }
}

// Settings a null removes (Auth0's "none") rather than keeps as null.
const REMOVED_BY_NULL = new Set<string>(['proof_of_possession', 'authorization_policy', 'authorization_details', 'token_encryption']);

/** Validated DTOs are class instances; JSON columns take plain values. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The stored settings with the body's applied: given values replace, a null removes those above. */
function settingsOf(dto: Partial<CreateResourceServerDto>, current: object = {}): Record<string, unknown> {
  const removed = (name: string) => REMOVED_BY_NULL.has(name) && dto[name as (typeof SETTINGS)[number]] === null;
  const settings = Object.fromEntries(Object.entries(current).filter(([name]) => !removed(name)));
  for (const name of SETTINGS) if (dto[name] !== undefined && !removed(name)) settings[name] = plain(dto[name]);
  return settings;
}

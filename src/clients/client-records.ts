import { Prisma, type Client } from '../generated/prisma/client.js';
import { defaultGrantTypes, defaultTokenEndpointAuthMethod, EXPRESS_APP_DEFAULTS } from './client-types.js';
import type { CreateClientDto } from './dto/create-client.dto.js';
import { SETTINGS_KEYS } from './dto/client-settings.dto.js';
import type { UpdateClientDto } from './dto/update-client.dto.js';

type Json = Prisma.InputJsonObject;

// What Auth0 gives a client the create did not configure (its answer to a bare POST /clients).
const DEFAULT_JWT_CONFIGURATION = { alg: 'RS256', lifetime_in_seconds: 36000, secret_encoded: false };
const DEFAULT_REFRESH_TOKEN = {
  expiration_type: 'non-expiring',
  leeway: 0,
  infinite_token_lifetime: true,
  infinite_idle_token_lifetime: true,
  token_lifetime: 31557600,
  idle_token_lifetime: 2592000,
  rotation_type: 'non-rotating',
};
const DEFAULT_SETTINGS = {
  sso_disabled: false,
  cross_origin_authentication: false,
  custom_login_page_on: true,
  is_token_endpoint_ip_header_trusted: false,
};

/** Validated DTOs hold class instances; the database wants plain JSON. */
const plain = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

function settingsOf(input: Partial<CreateClientDto> | UpdateClientDto): Record<string, unknown> {
  const given = input as Record<string, unknown>;
  return Object.fromEntries(SETTINGS_KEYS.filter((key) => given[key] !== undefined).map((key) => [key, plain(given[key])]));
}

/** The secret as kept: its hash, which authentication checks, and the sealed copy returned to read:client_keys. */
export interface StoredSecret {
  hash: string;
  sealed: string;
}

/** Policies set to null mean none: the key is left out, as on a client that never had any. */
function withoutNullPolicies(refreshToken: Record<string, unknown>): Record<string, unknown> {
  if (refreshToken.policies !== null) return refreshToken;
  const rest = { ...refreshToken };
  delete rest.policies;
  return rest;
}

/** The row of a new client: what was given, Auth0's defaults for the rest, and its secret. */
export function newClientRow(input: CreateClientDto, clientId: string, secret: StoredSecret): Prisma.ClientCreateInput {
  const appType = input.app_type ?? 'non_interactive';
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...settingsOf(input) };
  if (input.oidc_backchannel_logout)
    settings.oidc_logout = { ...plain(input.oidc_backchannel_logout), ...(settings.oidc_logout as object) };
  settings.refresh_token = withoutNullPolicies({ ...DEFAULT_REFRESH_TOKEN, ...(settings.refresh_token as object | undefined) });
  // Recorded: a third-party client is given the permissive security mode unless it names one.
  if (input.is_first_party === false) settings.third_party_security_mode ??= 'permissive';
  const express = appType === 'express_configuration' ? EXPRESS_APP_DEFAULTS : undefined;
  return {
    client_id: clientId,
    name: input.name,
    description: input.description,
    app_type: appType,
    grant_types: input.grant_types ?? defaultGrantTypes(appType),
    token_endpoint_auth_method: input.token_endpoint_auth_method ?? defaultTokenEndpointAuthMethod(appType) ?? null,
    is_first_party: input.is_first_party,
    oidc_conformant: input.oidc_conformant,
    callbacks: input.callbacks ?? express?.callbacks,
    allowed_origins: input.allowed_origins,
    web_origins: input.web_origins,
    allowed_logout_urls: input.allowed_logout_urls,
    allowed_clients: input.allowed_clients,
    jwt_configuration: { ...DEFAULT_JWT_CONFIGURATION, ...plain(input.jwt_configuration ?? {}) },
    client_metadata: input.client_metadata ?? {},
    token_exchange: input.token_exchange ? (plain(input.token_exchange) as Json) : undefined,
    organization_usage: input.organization_usage ?? express?.organization_usage,
    organization_require_behavior: input.organization_require_behavior ?? express?.organization_require_behavior,
    default_organization: input.default_organization ? (plain(input.default_organization) as Json) : undefined,
    client_authentication_methods: input.token_endpoint_auth_method ? undefined : express?.client_authentication_methods,
    settings: settings as Json,
    secret_hash: secret.hash,
    secret_stored: secret.sealed,
  };
}

/**
 * The update a PATCH makes to `current`. Top-level properties are replaced, except those Auth0
 * merges: jwt_configuration and refresh_token (a0deploy re-sends them without the parts it
 * strips, e.g. jwt_configuration.secret_encoded, and expects those kept) and client_metadata
 * (a0deploy sends only the keys it wants set; a key set to null is deleted). null unsets what
 * UpdateClientDto lets a PATCH unset.
 */
export function clientUpdate(current: Client, changes: UpdateClientDto, secret?: StoredSecret): Prisma.ClientUpdateInput {
  // A setting PATCHed to null (session_transfer, compliance_level) is removed, as Auth0 unsets it; so is an empty initiate_login_uri.
  const merged = Object.entries({ ...(current.settings as object), ...settingsOf(changes) }).filter(
    ([key, value]) => value !== null && !(key === 'initiate_login_uri' && value === ''),
  );
  const settings: Record<string, unknown> = Object.fromEntries(merged);
  const backchannel = changes.oidc_backchannel_logout;
  // The deprecated name of oidc_logout's URLs: null unsets oidc_logout, as Auth0 does; oidc_logout itself, if given too, wins.
  if (backchannel === null) delete settings.oidc_logout;
  else if (backchannel) {
    const logout = settings.oidc_logout as object | undefined;
    settings.oidc_logout = changes.oidc_logout ? { ...plain(backchannel), ...logout } : { ...logout, ...plain(backchannel) };
  }
  if (changes.refresh_token)
    settings.refresh_token = withoutNullPolicies({
      ...(current.settings as { refresh_token?: object }).refresh_token,
      ...plain(changes.refresh_token),
    });
  const nullable = <T>(value: T | null | undefined) => (value === null ? null : value);
  return {
    name: changes.name,
    description: changes.description,
    app_type: changes.app_type,
    grant_types: changes.grant_types,
    token_endpoint_auth_method: nullable(changes.token_endpoint_auth_method),
    is_first_party: changes.is_first_party,
    oidc_conformant: changes.oidc_conformant,
    callbacks: changes.callbacks,
    allowed_origins: changes.allowed_origins,
    web_origins: changes.web_origins,
    allowed_logout_urls: changes.allowed_logout_urls,
    allowed_clients: changes.allowed_clients,
    jwt_configuration: changes.jwt_configuration
      ? ({ ...(current.jwt_configuration as object | null), ...plain(changes.jwt_configuration) } as Json)
      : undefined,
    client_metadata: changes.client_metadata ? metadataAfter(current.client_metadata, changes.client_metadata) : undefined,
    token_exchange: changes.token_exchange ? (plain(changes.token_exchange) as Json) : undefined,
    organization_usage: nullable(changes.organization_usage),
    organization_require_behavior: nullable(changes.organization_require_behavior),
    default_organization:
      changes.default_organization === null ? Prisma.DbNull : changes.default_organization && (plain(changes.default_organization) as Json),
    settings: settings as Json,
    secret_hash: secret?.hash,
    secret_stored: secret?.sealed,
    updated_at: new Date(),
  };
}

function metadataAfter(current: Prisma.JsonValue, changes: Record<string, string | null>): Json {
  const merged: Record<string, string | null> = { ...(current as Record<string, string>), ...changes };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== null));
}

import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';
import type { EdgeCertificate } from './edge-certificate.js';
import { clientAuthentication, invalidRequest, required, text, type ClientAuthentication } from './client-authentication-request.js';
import { RESERVED_SUBJECT_TOKEN_TYPE_PREFIXES, SUBJECT_TOKEN_TYPE_SCHEMES } from '../token-exchange-profiles/dto/subject-token-type.js';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The actor_token_type Auth0 validates itself: one of its own ID tokens. */
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';

export type ClientCredentialsRequest = ClientAuthentication & {
  grant_type: 'client_credentials';
  audience: string;
  /** Requested scopes, deduplicated; empty when none were asked for. */
  scopes: string[];
  /** An organization id (Organizations for M2M applications). */
  organization?: string;
};

export type TokenExchangeRequest = ClientAuthentication & {
  grant_type: typeof TOKEN_EXCHANGE_GRANT;
  subject_token: string;
  subject_token_type: string;
  audience: string;
  scopes: string[];
  organization?: string;
  requested_token_type?: string;
  /** The acting party (RFC 8693 actor_token / actor_token_type), for the action to validate. */
  actor?: { token: string; type: string };
  /** The body as sent, for the action's event.request.body (secrets removed there). */
  body: Record<string, unknown>;
};

export type RefreshTokenRequest = ClientAuthentication & {
  grant_type: 'refresh_token';
  refresh_token: string;
  /** A narrower set of the token's scopes, when asked for. */
  scopes: string[];
};

/** Auth0's password-realm grant: the password grant in a named database connection. */
export const PASSWORD_REALM_GRANT = 'http://auth0.com/oauth/grant-type/password-realm';

/** The resource owner password grants: `password` (the tenant's default directory) and Auth0's realm extension. */
export type PasswordRequest = ClientAuthentication & {
  grant_type: 'password' | typeof PASSWORD_REALM_GRANT;
  username: string;
  password: string;
  /** The database connection (password-realm only). */
  realm?: string;
  audience?: string;
  scopes: string[];
};

/** POST /oauth/revoke (RFC 7009). */
type RevokeRequest = ClientAuthentication & {
  token: string;
};

export type TokenRequest = ClientCredentialsRequest | TokenExchangeRequest | RefreshTokenRequest | PasswordRequest;
const GRANT_TYPES = ['client_credentials', TOKEN_EXCHANGE_GRANT, 'refresh_token', 'password', PASSWORD_REALM_GRANT];

/** Reads a form or JSON body (and an optional Basic header) the way Auth0's token endpoint does, refusing in OAuth terms. */
export function parseTokenRequest(body: unknown, authorization?: string, certificate?: EdgeCertificate): TokenRequest {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const grantType = text(fields, 'grant_type');
  if (!grantType) throw invalidRequest('Missing required parameter: grant_type');
  if (!GRANT_TYPES.includes(grantType)) {
    throw new OAuthError(HttpStatus.BAD_REQUEST, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
  }
  if (grantType === 'password' || grantType === PASSWORD_REALM_GRANT) {
    // Auth0 lets public clients (a native app, an SPA) use the password grants without a secret.
    return {
      grant_type: grantType,
      ...clientAuthentication(fields, authorization, certificate, { allowPublic: true }),
      username: required(fields, 'username'),
      password: required(fields, 'password'),
      realm: grantType === PASSWORD_REALM_GRANT ? required(fields, 'realm') : undefined,
      audience: text(fields, 'audience'),
      scopes: scopes(fields),
    };
  }
  const client = clientAuthentication(fields, authorization, certificate);
  if (grantType === 'client_credentials') {
    return {
      grant_type: grantType,
      ...client,
      audience: required(fields, 'audience'),
      scopes: scopes(fields),
      organization: text(fields, 'organization'),
    };
  }
  if (grantType === 'refresh_token') {
    return { grant_type: grantType, ...client, refresh_token: required(fields, 'refresh_token'), scopes: scopes(fields) };
  }
  return {
    grant_type: TOKEN_EXCHANGE_GRANT,
    ...client,
    subject_token: required(fields, 'subject_token'),
    subject_token_type: required(fields, 'subject_token_type'),
    // Auth0 falls back to the tenant's default audience; this service has none, so it is required.
    audience: required(fields, 'audience'),
    scopes: scopes(fields),
    organization: text(fields, 'organization'),
    requested_token_type: text(fields, 'requested_token_type'),
    actor: actor(fields),
    body: fields,
  };
}

/** The revocation endpoint's body, with the client authenticated as at the token endpoint. */
export function parseRevokeRequest(body: unknown, authorization?: string, certificate?: EdgeCertificate): RevokeRequest {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { ...clientAuthentication(fields, authorization, certificate), token: required(fields, 'token') };
}

/**
 * actor_token and actor_token_type come together (Auth0 answers 400 to one without the other), the
 * type under the same namespace rules as a subject_token_type, or Auth0's ID token type. Wordings ours.
 */
function actor(fields: Record<string, unknown>): TokenExchangeRequest['actor'] {
  const token = text(fields, 'actor_token');
  const type = text(fields, 'actor_token_type');
  if (token === undefined && type === undefined) return undefined;
  if (token === undefined) throw invalidRequest('Missing required parameter: actor_token');
  if (type === undefined) throw invalidRequest('Missing required parameter: actor_token_type');
  // Auth0's own ID tokens, validated by the service (ActorIdTokens).
  if (type === ID_TOKEN_TYPE) return { token, type };
  const lower = type.toLowerCase();
  if (
    !SUBJECT_TOKEN_TYPE_SCHEMES.some((scheme) => lower.startsWith(scheme)) ||
    RESERVED_SUBJECT_TOKEN_TYPE_PREFIXES.some((p) => lower.startsWith(p))
  )
    throw invalidRequest(`Invalid actor_token_type: ${type}. It must be an https:// or urn: URI outside the reserved namespaces.`);
  return { token, type };
}

function scopes(fields: Record<string, unknown>): string[] {
  return [...new Set((text(fields, 'scope') ?? '').split(' ').filter(Boolean))];
}

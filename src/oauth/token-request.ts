import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';
import { RESERVED_SUBJECT_TOKEN_TYPE_PREFIXES, SUBJECT_TOKEN_TYPE_SCHEMES } from '../token-exchange-profiles/dto/subject-token-type.js';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The actor_token_type Auth0 validates itself: one of its own ID tokens. */
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';

/** Who the client says it is, from the body or HTTP Basic (RFC 6749 §2.3.1). */
export interface ClientAuthentication {
  client_id: string;
  client_secret: string;
}

export interface ClientCredentialsRequest extends ClientAuthentication {
  grant_type: 'client_credentials';
  audience: string;
  /** Requested scopes, deduplicated; empty when none were asked for. */
  scopes: string[];
  /** An organization id (Organizations for M2M applications). */
  organization?: string;
}

export interface TokenExchangeRequest extends ClientAuthentication {
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
}

export interface RefreshTokenRequest extends ClientAuthentication {
  grant_type: 'refresh_token';
  refresh_token: string;
  /** A narrower set of the token's scopes, when asked for. */
  scopes: string[];
}

/** POST /oauth/revoke (RFC 7009). */
interface RevokeRequest extends ClientAuthentication {
  token: string;
}

type TokenRequest = ClientCredentialsRequest | TokenExchangeRequest | RefreshTokenRequest;
const GRANT_TYPES = ['client_credentials', TOKEN_EXCHANGE_GRANT, 'refresh_token'];

const invalidRequest = (description: string) => new OAuthError(HttpStatus.BAD_REQUEST, 'invalid_request', description);

/** Reads a form or JSON body (and an optional Basic header) the way Auth0's token endpoint does, refusing in OAuth terms. */
export function parseTokenRequest(body: unknown, authorization?: string): TokenRequest {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const grantType = text(fields, 'grant_type');
  if (!grantType) throw invalidRequest('Missing required parameter: grant_type');
  if (!GRANT_TYPES.includes(grantType)) {
    throw new OAuthError(HttpStatus.BAD_REQUEST, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
  }
  const client = clientAuthentication(fields, authorization);
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
export function parseRevokeRequest(body: unknown, authorization?: string): RevokeRequest {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { ...clientAuthentication(fields, authorization), token: required(fields, 'token') };
}

/**
 * client_id and client_secret from the body, or from `Authorization: Basic` (each part
 * form-URL-decoded, RFC 6749 §2.3.1). Both at once is refused, as RFC 6749 §2.3 says a client
 * must use one method only (wording ours).
 */
function clientAuthentication(fields: Record<string, unknown>, authorization?: string): ClientAuthentication {
  const basic = basicCredentials(authorization);
  if (!basic) return { client_id: required(fields, 'client_id'), client_secret: required(fields, 'client_secret') };
  if (text(fields, 'client_secret') !== undefined) throw invalidRequest('Multiple client authentication methods are not allowed.');
  const bodyId = text(fields, 'client_id');
  if (bodyId !== undefined && bodyId !== basic.client_id)
    throw invalidRequest('The client_id in the body does not match the Authorization header.');
  return basic;
}

function basicCredentials(authorization?: string): ClientAuthentication | undefined {
  const match = /^Basic\s+(?<value>\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.groups) return undefined;
  const decoded = Buffer.from(match.groups.value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidRequest('Invalid Authorization header: Basic credentials must be client_id:client_secret.');
  try {
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
    if (!id) throw invalidRequest('Missing required parameter: client_id');
    if (!secret) throw invalidRequest('Missing required parameter: client_secret');
    return { client_id: id, client_secret: secret };
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw invalidRequest('Invalid Authorization header: malformed percent-encoding.');
  }
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

function required(fields: Record<string, unknown>, name: string): string {
  const value = text(fields, name);
  if (value === undefined) throw invalidRequest(`Missing required parameter: ${name}`);
  return value;
}

function text(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid parameter: ${name} must be a string`);
  return value;
}

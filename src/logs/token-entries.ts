import { REDACTED, redact } from './redaction.js';
import type { LoggedRequest, NewLogEntry } from './log-entry.js';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

// Auth0's codes: s/f + "eccft" (Exchange Client Credentials For Token) or "ecte" (custom token exchange).
const TYPES: Record<string, { ok: string; failed: string; description: string }> = {
  client_credentials: { ok: 'seccft', failed: 'feccft', description: 'Client Credentials for Access Token' },
  [TOKEN_EXCHANGE]: { ok: 'secte', failed: 'fecte', description: 'Token Exchange' },
  refresh_token: { ok: 'sertft', failed: 'fertft', description: 'Refresh Token for Access Token' },
};

/**
 * The entry for one token request, classified by grant_type and outcome (other grants are not
 * logged: the endpoint refuses them before they mean anything). A failure's description is the
 * OAuth error_description, as Auth0's feccft; a success's is our best guess at Auth0's wording.
 */
export function tokenEntry(request: LoggedRequest, statusCode: number, body: unknown, hostname: string): NewLogEntry & { type: string } {
  const fields = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const grantType = typeof fields.grant_type === 'string' ? fields.grant_type : '';
  const kind = TYPES[grantType] ?? TYPES.client_credentials;
  const ok = statusCode < 400;
  const response = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const claims = ok ? tokenClaims(response.access_token) : {};
  const clientId = text(fields.client_id) ?? basicClientId(request.headers.authorization) ?? text(claims.azp);
  const sub = text(claims.sub);
  return {
    type: ok ? kind.ok : kind.failed,
    description: ok ? kind.description : (text(response.error_description) ?? kind.description),
    client_id: clientId,
    ip: request.ip,
    user_agent: request.headers['user-agent'],
    hostname,
    // A token for a user (token exchange) names them; a client's own token is `<client>@clients`.
    user_id: sub && !sub.endsWith('@clients') ? sub : undefined,
    audience: text(fields.audience) ?? audienceOf(claims.aud),
    scope: ok ? text(claims.scope) : text(fields.scope),
    // The token's organization, or the one the refused request named or was judged on (the
    // client's default); the database keeps it only if it exists.
    organization_id: ok ? text(claims.org_id) : (request.refusedOrganization ?? text(fields.organization)),
    details: {
      request: { grant_type: grantType || undefined, body: redact(omitTokens(fields)) },
      response: ok ? { statusCode } : { statusCode, body: redact(response) },
    },
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function audienceOf(aud: unknown): string | undefined {
  return Array.isArray(aud) ? text(aud[0]) : text(aud);
}

/** The issued JWT's payload, unverified: we just signed it. */
function tokenClaims(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string') return {};
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function basicClientId(header: string | undefined): string | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    return decodeURIComponent(decoded.slice(0, colon));
  } catch {
    return undefined;
  }
}

// Subject, actor and refresh tokens are credentials too, though their names do not say "secret".
function omitTokens(fields: Record<string, unknown>): Record<string, unknown> {
  const { subject_token: _subject, actor_token: _actor, refresh_token: _refresh, ...rest } = fields;
  return {
    ...rest,
    ...(_subject === undefined ? {} : { subject_token: REDACTED }),
    ...(_actor === undefined ? {} : { actor_token: REDACTED }),
    ...(_refresh === undefined ? {} : { refresh_token: REDACTED }),
  };
}

import { REDACTED, redact } from './redaction.js';
import type { AuditRecord } from './audit-record.js';
import type { LoggedRequest, NewLogEntry } from './log-entry.js';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';
const PASSWORD = { ok: 'sepft', failed: 'fepft', description: 'Password for Access Token' };

// Auth0's codes: s/f + "eccft" (Exchange Client Credentials For Token) or "ecte" (custom token exchange).
const TYPES: Record<string, { ok: string; failed: string; description: string }> = {
  client_credentials: { ok: 'seccft', failed: 'feccft', description: 'Client Credentials for Access Token' },
  [TOKEN_EXCHANGE]: { ok: 'secte', failed: 'fecte', description: 'Token Exchange' },
  refresh_token: { ok: 'sertft', failed: 'fertft', description: 'Refresh Token for Access Token' },
  password: PASSWORD,
  [PASSWORD_REALM]: PASSWORD,
};

/**
 * The entry for one token request, classified by grant_type and outcome (other grants are not
 * logged: the endpoint refuses them before they mean anything). A success reports what its grant
 * decided; a failure what the request asked for, and the OAuth error it was answered (its
 * error_description is the entry's description, as Auth0's feccft). A success's description is our
 * best guess at Auth0's wording.
 */
export function tokenEntry(
  request: LoggedRequest,
  statusCode: number,
  record: AuditRecord | undefined,
  hostname: string,
): NewLogEntry & { type: string } {
  const fields = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const grantType = typeof fields.grant_type === 'string' ? fields.grant_type : '';
  const kind = TYPES[grantType] ?? TYPES.client_credentials;
  const granted = statusCode < 400 ? record?.granted : undefined;
  const error = (record?.error && typeof record.error === 'object' ? record.error : {}) as Record<string, unknown>;
  const common = { ip: request.ip, user_agent: request.headers['user-agent'], hostname };
  const requestDetails = { grant_type: grantType || undefined, body: redact(omitTokens(fields)) };
  if (granted) {
    return {
      type: kind.ok,
      description: kind.description,
      ...common,
      ...granted,
      details: { request: requestDetails, response: { statusCode } },
    };
  }
  // A refused sign-in is filed under Auth0's login codes (fu, fp, f, limit_wc), with the user it named.
  const login = record?.refusedLogin;
  return {
    type: login?.type ?? kind.failed,
    description: text(error.error_description) ?? kind.description,
    ...common,
    user_id: login?.user_id,
    client_id: text(fields.client_id) ?? basicClientId(request.headers.authorization),
    audience: text(fields.audience),
    scope: text(fields.scope),
    // The organization the refusal was judged on (the client's default) or the one it named; the
    // database keeps it only if it exists.
    organization_id: record?.refusedOrganization ?? text(fields.organization),
    details: { request: requestDetails, response: { statusCode, body: redact(error) } },
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
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

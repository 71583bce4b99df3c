import type { FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from '../auth/principal.js';
import { redact } from './redaction.js';

/** One tenant log entry as written: Auth0's log event fields (log_id and date are the database's). */
export interface NewLogEntry {
  type: string;
  description: string;
  client_id?: string;
  ip?: string;
  user_agent?: string;
  hostname?: string;
  user_id?: string;
  audience?: string;
  scope?: string;
  /** The organization a token request named; the database keeps it (and its name) only if it exists. */
  organization_id?: string;
  details: Record<string, unknown>;
}

export type LoggedRequest = FastifyRequest & AuthenticatedRequest;

/** Auth0's `details.request`: method, path, query, body (secrets redacted) and who the token named. */
export function requestDetails(request: LoggedRequest): Record<string, unknown> {
  const principal = request.user;
  const path = request.url.split('?')[0];
  return {
    method: request.method.toLowerCase(),
    path,
    query: { ...(request.query as Record<string, unknown> | undefined) },
    userAgent: request.headers['user-agent'],
    body: redact(request.body ?? {}),
    channel: 'api',
    ip: request.ip,
    auth: principal
      ? { user: {}, strategy: 'jwt', credentials: { sub: principal.sub, client_id: principal.clientId, scopes: [...principal.scopes] } }
      : undefined,
  };
}

/** The fields every entry about a request shares: who called, from where. */
export function requestFields(
  request: LoggedRequest,
  hostname: string,
): Pick<NewLogEntry, 'client_id' | 'ip' | 'user_agent' | 'hostname' | 'user_id'> {
  const principal = request.user;
  return {
    client_id: principal?.clientId,
    ip: request.ip,
    user_agent: request.headers['user-agent'],
    hostname,
    // A token issued to a user (not `<client>@clients`) names the user who acted.
    user_id: principal && !principal.sub.endsWith('@clients') ? principal.sub : undefined,
  };
}

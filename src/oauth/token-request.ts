import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';

export interface ClientCredentialsRequest {
  client_id: string;
  client_secret: string;
  audience: string;
  /** Requested scopes, deduplicated; empty when none were asked for. */
  scopes: string[];
}

const invalidRequest = (description: string) => new OAuthError(HttpStatus.BAD_REQUEST, 'invalid_request', description);

/** Reads a form or JSON body the way Auth0's token endpoint does, refusing in OAuth terms. */
export function parseTokenRequest(body: unknown): ClientCredentialsRequest {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const grantType = text(fields, 'grant_type');
  if (!grantType) throw invalidRequest('Missing required parameter: grant_type');
  if (grantType !== 'client_credentials') {
    throw new OAuthError(HttpStatus.BAD_REQUEST, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
  }
  const request = {
    client_id: text(fields, 'client_id'),
    client_secret: text(fields, 'client_secret'),
    audience: text(fields, 'audience'),
  };
  for (const [name, value] of Object.entries(request)) if (!value) throw invalidRequest(`Missing required parameter: ${name}`);
  const scope = text(fields, 'scope') ?? '';
  return { ...(request as Omit<ClientCredentialsRequest, 'scopes'>), scopes: [...new Set(scope.split(' ').filter(Boolean))] };
}

function text(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid parameter: ${name} must be a string`);
  return value;
}

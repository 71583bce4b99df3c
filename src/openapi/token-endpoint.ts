import type { OpenAPIObject } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config.js';
import { TOKEN_ROUTE } from '../routes.js';

type Schema = Record<string, unknown>;

const string = (description: string): Schema => ({ type: 'string', description });

const CLIENT_AUTH = {
  client_id: string(
    'The client id; or send it with client_secret as HTTP Basic credentials. Alone for mTLS: the edge forwards the certificate (client-certificate, client-certificate-ca-verified, cname-api-key headers).',
  ),
  client_secret: string('The client secret; or send it with client_id as HTTP Basic credentials.'),
  client_assertion_type: string('urn:ietf:params:oauth:client-assertion-type:jwt-bearer, with client_assertion (private_key_jwt).'),
  client_assertion: string('A JWT signed with one of the client’s credentials (private_key_jwt), instead of client_secret.'),
};

const CLIENT_CREDENTIALS: Schema = {
  type: 'object',
  title: 'Client credentials',
  required: ['grant_type', 'audience'],
  properties: {
    grant_type: { type: 'string', const: 'client_credentials' },
    ...CLIENT_AUTH,
    audience: string('The identifier of the API the token is for; the client needs a client grant for it.'),
    scope: string('Space-separated scopes within the grant; all granted scopes when absent.'),
    organization: string(
      "An organization id, as the client grant's organization_usage and its associations allow; the access token then carries org_id.",
    ),
  },
};

const TOKEN_EXCHANGE: Schema = {
  type: 'object',
  title: 'Custom Token Exchange',
  required: ['grant_type', 'subject_token', 'subject_token_type', 'audience'],
  properties: {
    grant_type: { type: 'string', const: 'urn:ietf:params:oauth:grant-type:token-exchange' },
    ...CLIENT_AUTH,
    subject_token: string('The token the profile’s action validates.'),
    subject_token_type: string('Selects the token exchange profile (and so the action) by exact match.'),
    audience: string('The identifier of the API the token is for; the client needs a client grant for it.'),
    scope: string('Space-separated scopes; `openid` adds an ID token, `profile` and `email` its claims.'),
    organization: string('An organization id or name the user belongs to; the access token then carries org_id.'),
    requested_token_type: string('Passed to the action as event.transaction.requested_token_type.'),
    actor_token: string('The acting party’s token, with actor_token_type; the action reads it and may set an actor (the act claim).'),
    actor_token_type: string(
      'With actor_token: an https:// or urn: URI outside the reserved namespaces, or urn:ietf:params:oauth:token-type:id_token for one of this tenant’s ID tokens, checked by the service.',
    ),
  },
  additionalProperties: { type: 'string', description: 'Extension parameters reach the action in event.request.body.' },
};

const TOKEN_RESPONSE: Schema = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in', 'scope'],
  properties: {
    access_token: string('A JWT for the audience.'),
    id_token: string('Custom Token Exchange with the openid scope only: an RS256 JWT for the client.'),
    token_type: { type: 'string', const: 'Bearer' },
    expires_in: { type: 'integer', description: 'Seconds until the access token expires.' },
    scope: string('The scopes the access token holds.'),
  },
};

const OAUTH_ERROR: Schema = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: {
    error: string('An OAuth error code (RFC 6749 §5.2), or the code an action denied with.'),
    error_description: { type: 'string' },
  },
};

const ERRORS: Record<string, string> = {
  '400': 'A missing or invalid parameter, an unsupported grant or subject_token_type, or the action’s deny/rejectInvalidSubjectToken.',
  '401': 'Client authentication failed, or the user is blocked.',
  '403': 'The client may not use the grant, or holds no grant for the audience or scope.',
  '429': 'Too many failed client authentications, or too many invalid subject tokens from the address (Retry-After).',
  '500': 'The token exchange action failed (threw, timed out, ran out of memory).',
};

/**
 * POST /oauth/token, added to the scanned document by hand: it lives outside /api/v2, so the path
 * names its own servers (OpenAPI 3.1 path-level `servers`), and its bodies are OAuth's, not the API's.
 */
export function documentTokenEndpoint(document: OpenAPIObject, config: AppConfig): void {
  const body = { schema: { oneOf: [CLIENT_CREDENTIALS, TOKEN_EXCHANGE] } };
  const json = (schema: Schema) => ({ 'application/json': { schema } });
  document.paths[`/${TOKEN_ROUTE}`] = {
    servers: [
      { url: '/', description: 'This server' },
      { url: 'https://{tenantDomain}', description: 'The tenant', variables: { tenantDomain: { default: config.tenantDomain } } },
    ],
    post: {
      operationId: 'post_token',
      summary: 'Get a token: client credentials, or Custom Token Exchange',
      tags: ['oauth'],
      security: [{}, { basicAuth: [] }],
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': body, 'application/json': body } },
      responses: {
        '200': { description: 'The tokens.', content: json(TOKEN_RESPONSE) },
        ...Object.fromEntries(Object.entries(ERRORS).map(([status, description]) => [status, { description, content: json(OAUTH_ERROR) }])),
      },
    },
  };
  document.components ??= {};
  document.components.securitySchemes ??= {};
  // Client authentication at the token endpoint (RFC 6749 §2.3.1), besides client_secret in the body.
  document.components.securitySchemes.basicAuth = { type: 'http', scheme: 'basic' };
}

import { createHash } from 'node:crypto';
import { ALL_SCOPES } from '../auth/scopes.catalog.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../signing-keys/token-lifetime.js';
import { DEFAULT_SUBJECT_TYPE_AUTHORIZATION, type ResourceServerView } from './dto/resource-server.view.js';

/** What Auth0 calls the API every tenant has: this one. */
const MANAGEMENT_API_NAME = 'Auth0 Management API';

/**
 * Auth0 describes each scope of its own API in words ("read:client_grants" is "Read Client
 * Grants"); we derive the same from the catalog, so a new scope is described without an edit here.
 */
function describe(scope: string): string {
  const [action, resource] = scope.split(':');
  return [action, ...resource.split('_')].map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/**
 * The Management API as a resource server. Synthesised from the configuration and the scope
 * catalog on every read, never stored, so it cannot drift from what the API really enforces.
 * Its id is the first 24 hex digits of a hash of the audience: Auth0's shape, stable across
 * restarts and instances, and different for each tenant.
 */
export function managementApi(audience: string): ResourceServerView {
  return {
    id: createHash('sha256').update(`resource-server:${audience}`).digest('hex').slice(0, 24),
    name: MANAGEMENT_API_NAME,
    identifier: audience,
    allow_offline_access: false,
    skip_consent_for_verifiable_first_party_clients: false,
    subject_type_authorization: DEFAULT_SUBJECT_TYPE_AUTHORIZATION,
    token_lifetime: ACCESS_TOKEN_LIFETIME_SECONDS,
    token_lifetime_for_web: 7200,
    signing_alg: 'RS256',
    scopes: ALL_SCOPES.map((value) => ({ value, description: describe(value) })),
    is_system: true,
  };
}

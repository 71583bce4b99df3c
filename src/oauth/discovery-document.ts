import type { AppConfig } from '../config/app-config.js';
import { JWKS_ROUTE, REVOKE_ROUTE, TOKEN_ROUTE } from '../routes.js';
import { PASSWORD_REALM_GRANT, TOKEN_EXCHANGE_GRANT } from './token-request.js';
import { userinfoUrl } from './userinfo-audience.js';

/** OpenID Provider metadata (OpenID Connect Discovery 1.0 §3), as far as this service answers it. */
export interface DiscoveryDocument {
  issuer: string;
  token_endpoint: string;
  revocation_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  token_endpoint_auth_signing_alg_values_supported: string[];
  scopes_supported: string[];
  claims_supported: string[];
  subject_types_supported: string[];
  id_token_signing_alg_values_supported: string[];
  request_parameter_supported: boolean;
  request_uri_parameter_supported: boolean;
}

/**
 * The tenant's discovery document, in the shape of Auth0's but listing only what this service does:
 * no authorization or registration endpoint (so no response types either),
 * client secrets and private_key_jwt, the OIDC scopes and claims user tokens carry. `issuer` is the tokens' `iss`
 * byte for byte: openid-client compares the two, trailing slash included.
 */
export function discoveryDocument(config: AppConfig): DiscoveryDocument {
  const base = `https://${config.tenantDomain}/`;
  return {
    issuer: config.tokenIssuer,
    token_endpoint: new URL(TOKEN_ROUTE, base).href,
    revocation_endpoint: new URL(REVOKE_ROUTE, base).href,
    userinfo_endpoint: userinfoUrl(config),
    jwks_uri: new URL(JWKS_ROUTE, base).href,
    grant_types_supported: ['client_credentials', TOKEN_EXCHANGE_GRANT, 'refresh_token', 'password', PASSWORD_REALM_GRANT],
    token_endpoint_auth_methods_supported: [
      'client_secret_basic',
      'client_secret_post',
      'private_key_jwt',
      // Auth0 lists the mTLS methods once mTLS is configured: here, once an edge may forward certificates.
      ...(config.mtlsCnameApiKey === undefined ? [] : ['tls_client_auth', 'self_signed_tls_client_auth']),
    ],
    token_endpoint_auth_signing_alg_values_supported: ['RS256', 'RS384', 'PS256'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    claims_supported: [
      'aud',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'iat',
      'iss',
      'name',
      'nickname',
      'picture',
      'sub',
      'updated_at',
    ],
    subject_types_supported: ['public'],
    // ID tokens are always RS256 (TokenSigning.idToken).
    id_token_signing_alg_values_supported: ['RS256'],
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}

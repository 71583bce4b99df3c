// Auth0's listed values and limits for resource servers (its v2 schema and the SDK's enums).
export const SIGNING_ALGORITHMS = ['HS256', 'RS256', 'RS512', 'PS256'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];
export const TOKEN_DIALECTS = ['access_token', 'access_token_authz', 'rfc9068_profile', 'rfc9068_profile_authz'] as const;
export const CONSENT_POLICIES = ['transactional-authorization-with-mfa'] as const;
export const POP_MECHANISMS = ['mtls', 'dpop'] as const;
export const POP_REQUIRED_FOR = ['public_clients', 'all_clients'] as const;
export const USER_POLICIES = ['allow_all', 'deny_all', 'require_client_grant'] as const;
export const CLIENT_POLICIES = ['deny_all', 'require_client_grant'] as const;
export const TOKEN_ENCRYPTION_FORMATS = ['compact-nested-jwe'] as const;
export const TOKEN_ENCRYPTION_ALGS = ['RSA-OAEP-256', 'RSA-OAEP-384', 'RSA-OAEP-512'] as const;

/** Auth0 caps access tokens from the token endpoint at 30 days, and those for web flows at 1 day. */
export const MAX_TOKEN_LIFETIME = 2_592_000;
export const MAX_TOKEN_LIFETIME_FOR_WEB = 86_400;
/** Auth0's default for web flows: 2 h, or the token lifetime when that is shorter. */
export const DEFAULT_TOKEN_LIFETIME_FOR_WEB = 7_200;

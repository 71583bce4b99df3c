/** Where every route lives: the Management API under one prefix, the issuer's and the probes' endpoints outside it. */
export const API_PREFIX = 'api/v2';

/** The token endpoint, outside /api/v2 as Auth0's; the one route whose errors are OAuth-shaped. */
export const TOKEN_ROUTE = 'oauth/token';
/** RFC 7009 token revocation, beside the token endpoint as Auth0's; its errors are OAuth-shaped too. */
export const REVOKE_ROUTE = 'oauth/revoke';
export const JWKS_ROUTE = '.well-known/jwks.json';
/** Auth0's Authentication API for users: their profile, sign-up and password reset requests. */
export const USERINFO_ROUTE = 'userinfo';
export const SIGNUP_ROUTE = 'dbconnections/signup';
export const CHANGE_PASSWORD_ROUTE = 'dbconnections/change_password';
export const DISCOVERY_ROUTE = '.well-known/openid-configuration';
export const LIVENESS_ROUTE = 'healthz';
export const READINESS_ROUTE = 'readyz';

/** The tenant console (src/console): its page and files, its session, and its way to the API. */
export const CONSOLE_ROUTE = 'console';
const CONSOLE_ROUTES = [CONSOLE_ROUTE, `${CONSOLE_ROUTE}/assets/*`, `${CONSOLE_ROUTE}/session`, `${CONSOLE_ROUTE}/api/*`];

/** Routes served outside /api/v2. */
export const UNPREFIXED_ROUTES = [
  LIVENESS_ROUTE,
  READINESS_ROUTE,
  TOKEN_ROUTE,
  REVOKE_ROUTE,
  JWKS_ROUTE,
  DISCOVERY_ROUTE,
  USERINFO_ROUTE,
  SIGNUP_ROUTE,
  CHANGE_PASSWORD_ROUTE,
  ...CONSOLE_ROUTES,
];

/** True for a request to the token or revocation endpoint, whose errors are OAuth-shaped. */
export function isTokenPath(url: string): boolean {
  return url.startsWith(`/${TOKEN_ROUTE}`) || url.startsWith(`/${REVOKE_ROUTE}`);
}

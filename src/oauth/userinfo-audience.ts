import type { AppConfig } from '../config/app-config.js';
import type { Audience } from '../resource-servers/resource-server-catalog.js';
import { USERINFO_ROUTE } from '../routes.js';

/** OIDC's scopes: the client's to ask for on any API, and all a token for /userinfo alone holds. */
const OIDC_SCOPES: readonly string[] = ['openid', 'profile', 'email'];
export const OFFLINE_ACCESS = 'offline_access';

/**
 * What a user token holds of the scopes asked for: OIDC's, those the grant allows, and
 * offline_access when a refresh token goes with it; others are dropped, as Auth0 does for users.
 */
export function userTokenScopes(requested: readonly string[], allowed: readonly string[], offline: boolean): string[] {
  return requested.filter((scope) => OIDC_SCOPES.includes(scope) || allowed.includes(scope) || (offline && scope === OFFLINE_ACCESS));
}

// Auth0's lifetime of an access token for /userinfo alone.
const USERINFO_TOKEN_LIFETIME = 86_400;

/** `https://{tenant}/userinfo`: the audience Auth0 adds to a user's access token when openid is granted. */
export function userinfoUrl(config: AppConfig): string {
  return new URL(USERINFO_ROUTE, `https://${config.tenantDomain}/`).href;
}

/** What a user grant issues for when no API was asked for and the tenant has no default audience: /userinfo alone. */
export function userinfoAudience(config: AppConfig): Audience {
  return {
    identifier: userinfoUrl(config),
    scopes: [],
    signingAlg: 'RS256',
    tokenLifetime: USERINFO_TOKEN_LIFETIME,
    system: true,
    // A refresh token names a stored API, which /userinfo is not.
    allowOfflineAccess: false,
    enforcePolicies: false,
    permissionsClaim: false,
    accessTokenType: 'JWT',
  };
}

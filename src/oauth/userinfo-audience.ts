import type { AppConfig } from '../config/app-config.js';
import type { Audience } from '../resource-servers/resource-server-catalog.js';
import { USERINFO_ROUTE } from '../routes.js';

/** OIDC's scopes: the client's to ask for on any API, and all a token for /userinfo alone holds. */
export const OIDC_SCOPES: readonly string[] = ['openid', 'profile', 'email'];

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

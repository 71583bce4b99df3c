import { badRequest } from '../common/api-error.js';

// Enterprise connections that can act as a Requesting Application for Cross App Access (Auth0's
// XAA: an identity provider issuing ID-JAGs). Recorded: Auth0 refuses it on a database connection
// and takes it on oidc; okta is Auth0's other XAA identity provider.
const REQUESTING_APP_STRATEGIES: ReadonlySet<string> = new Set(['oidc', 'okta']);

/** Auth0's 400 for turning a connection into a requesting app where it cannot be one; turning it off is always accepted. */
export function checkRequestingApp(strategy: string, requestingApp: { active?: boolean } | null | undefined): void {
  if (requestingApp?.active === true && !REQUESTING_APP_STRATEGIES.has(strategy))
    throw badRequest('operation_not_supported', 'Cross App Access Requesting App is not supported for this connection.');
}

import { isIP } from 'node:net';
import { HttpStatus, Injectable } from '@nestjs/common';
import { UserCredentials } from '../authentication/user-credentials.js';
import { ClientGrantsRepository } from '../client-grants/client-grants.repository.js';
import { OAuthError } from '../common/oauth-error.js';
import { AppConfig } from '../config/app-config.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import type { Client } from '../generated/prisma/client.js';
import { RefreshTokens, type RequestOrigin } from '../refresh-tokens/refresh-tokens.service.js';
import { ResourceServerCatalog, type Audience } from '../resource-servers/resource-server-catalog.js';
import { ClientAuthenticator } from './client-authenticator.js';
import type { Issued } from './token-issuer.service.js';
import type { PasswordRequest } from './token-request.js';
import { UserTokens } from './user-tokens.js';
import { OFFLINE_ACCESS, userinfoAudience, userTokenScopes } from './userinfo-audience.js';

const badRequest = (description: string) => new OAuthError(HttpStatus.BAD_REQUEST, 'invalid_request', description);

/**
 * The resource owner password grants: `password` in the tenant's default directory, and Auth0's
 * password-realm in the connection the request names. The client must hold the grant type and
 * the connection must be a database connection enabled for it; the password check (with
 * brute-force protection) is the one every sign-in uses.
 */
@Injectable()
export class PasswordGrant {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly connections: ConnectionsRepository,
    private readonly apis: ResourceServerCatalog,
    private readonly credentials: UserCredentials,
    private readonly tokens: UserTokens,
    private readonly refreshTokens: RefreshTokens,
    private readonly grants: ClientGrantsRepository,
    private readonly config: AppConfig,
  ) {}

  /** `forwardedFor`: the auth0-forwarded-for header, the end user's address as a backend reports it. */
  async grant(request: PasswordRequest, origin: RequestOrigin, forwardedFor?: string): Promise<Issued> {
    const client = await this.authenticator.authenticate(request, origin.ip);
    if (!client.grant_types.includes(request.grant_type)) {
      throw new OAuthError(HttpStatus.FORBIDDEN, 'unauthorized_client', `Grant type '${request.grant_type}' not allowed for the client.`);
    }
    // The tenant has no default_directory setting (yet): Auth0's answer for a tenant without one.
    if (request.realm === undefined) {
      throw new OAuthError(
        HttpStatus.INTERNAL_SERVER_ERROR,
        'server_error',
        'Authorization server not configured with default connection.',
      );
    }
    const connection = await this.connections.findForClient(request.realm, client.client_id);
    // Wordings ours: Auth0 refuses a realm that is not one of the client's database connections.
    if (connection?.strategy !== 'auth0') throw badRequest(`Unknown realm: ${request.realm}`);
    if (!connection.enabled) throw badRequest(`The connection ${request.realm} is not enabled for the client.`);
    const api = await this.audience(request.audience);
    const ip = endUserAddress(request, client, origin.ip, forwardedFor);
    const user = await this.credentials.verify({ connectionId: connection.id, login: request.username, password: request.password, ip });
    const offline = request.scopes.includes(OFFLINE_ACCESS) && (await this.offlineAllowed(client, api));
    // Within the API asked for: the password grant rests on no client grant.
    const scopes = userTokenScopes(request.scopes, api.scopes, offline);
    const issued = await this.tokens.issue({ client, user, api, scopes });
    if (!offline) return issued;
    const refresh_token = await this.issueRefreshToken(client, user.user_id, api, scopes, origin);
    return { ...issued, response: { ...issued.response, refresh_token } };
  }

  /** The API asked for; without one (the tenant has no default audience), a token for /userinfo only, as Auth0 issues. */
  private async audience(identifier: string | undefined): Promise<Audience> {
    if (identifier === undefined) return userinfoAudience(this.config);
    const api = await this.apis.find(identifier);
    if (!api) throw new OAuthError(HttpStatus.FORBIDDEN, 'access_denied', `Service not found: ${identifier}`);
    return api;
  }

  /**
   * Auth0: where the API allows offline access and the client the refresh_token grant. A refresh
   * token here also belongs to the client's grant for the API (revoking the grant revokes it), so
   * without one none is issued.
   */
  private async offlineAllowed(client: Client, api: Audience): Promise<boolean> {
    if (!api.allowOfflineAccess || !client.grant_types.includes('refresh_token')) return false;
    return (await this.grants.findFor(client.client_id, api.identifier)) !== undefined;
  }

  private issueRefreshToken(client: Client, userId: string, api: Audience, scopes: string[], origin: RequestOrigin): Promise<string> {
    return this.refreshTokens.issue({ client, userId, audience: api.identifier, scopes }, origin);
  }
}

/**
 * Auth0 counts a backend's sign-ins by the end user's address when the backend is trusted to say
 * it: a confidential client (it authenticated) with is_token_endpoint_ip_header_trusted, sending
 * auth0-forwarded-for. Otherwise every user of that backend would share its one address.
 */
function endUserAddress(request: PasswordRequest, client: Client, ip: string, forwardedFor: string | undefined): string {
  const trusted =
    (client.settings as { is_token_endpoint_ip_header_trusted?: unknown } | null)?.is_token_endpoint_ip_header_trusted === true;
  const forwarded = forwardedFor?.split(',')[0].trim();
  return trusted && !('public' in request) && forwarded && isIP(forwarded) !== 0 ? forwarded : ip;
}

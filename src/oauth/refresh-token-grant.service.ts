import { Injectable } from '@nestjs/common';
import { RefreshTokens, type RequestOrigin } from '../refresh-tokens/refresh-tokens.service.js';
import { invalidRefreshToken, refreshGrantNotAllowed, userGone } from '../refresh-tokens/refresh-token-errors.js';
import { ResourceServerCatalog } from '../resource-servers/resource-server-catalog.js';
import { UsersRepository } from '../users/users.repository.js';
import { ClientAuthenticator } from './client-authenticator.js';
import type { Issued } from './token-issuer.service.js';
import type { RefreshTokenRequest } from './token-request.js';
import { userBlocked } from './token-exchange-errors.js';
import { UserTokens, type OrganizationClaims } from './user-tokens.js';

/**
 * grant_type=refresh_token: the client's own token buys new tokens for the same user, API, scopes
 * and organization (a narrower `scope` when asked for), and a successor when the token rotates.
 */
@Injectable()
export class RefreshTokenGrant {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly refreshTokens: RefreshTokens,
    private readonly users: UsersRepository,
    private readonly apis: ResourceServerCatalog,
    private readonly tokens: UserTokens,
  ) {}

  async refresh(request: RefreshTokenRequest, origin: RequestOrigin): Promise<Issued> {
    const client = await this.authenticator.authenticate(request, origin.ip);
    if (!client.grant_types.includes('refresh_token')) throw refreshGrantNotAllowed();
    const { token, successor } = await this.refreshTokens.redeem(request.refresh_token, client, origin);
    const user = await this.users.find(token.user_id);
    if (!user) throw userGone();
    if (user.blocked) throw userBlocked();
    // Deleting the API leaves its grants (and so the token) behind; the token is then worth nothing.
    const api = await this.apis.find(token.audience);
    if (!api) throw invalidRefreshToken();
    const scopes = request.scopes.length ? token.scope.filter((scope) => request.scopes.includes(scope)) : token.scope;
    const organization = (token.organization as OrganizationClaims | null) ?? undefined;
    const issued = await this.tokens.issue({ client, user, api, scopes, organization });
    return successor ? { ...issued, response: { ...issued.response, refresh_token: successor } } : issued;
  }
}

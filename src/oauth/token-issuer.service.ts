import { HttpStatus, Injectable } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';
import type { Granted } from '../logs/audit-record.js';
import { AppConfig } from '../config/app-config.js';
import { ClientAuthenticator } from './client-authenticator.js';
import { GrantedAudiences } from './granted-audiences.js';
import { OrganizationAccess } from './organization-access.js';
import { TokenSigning } from './token-signing.js';
import type { ClientCredentialsRequest } from './token-request.js';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  id_token?: string;
  refresh_token?: string;
}

/** A grant's answer, and what it decided (its log entry reports that, not a reading of the answer). */
export interface Issued {
  response: TokenResponse;
  granted: Granted;
}

/** The client credentials grant, with Auth0's refusals (status and wording) at each step. */
@Injectable()
export class TokenIssuer {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly audiences: GrantedAudiences,
    private readonly organizations: OrganizationAccess,
    private readonly signing: TokenSigning,
    private readonly config: AppConfig,
  ) {}

  async issue(request: ClientCredentialsRequest, ip: string): Promise<Issued> {
    const client = await this.authenticator.authenticate(request, ip);
    if (!client.grant_types.includes('client_credentials')) {
      throw new OAuthError(HttpStatus.FORBIDDEN, 'unauthorized_client', "Grant type 'client_credentials' not allowed for the client.");
    }
    const { api, grant, scopes: allowed } = await this.audiences.find(client, request.audience);
    const scopes = grantedScopes(request.scopes, allowed);
    const orgId = await this.organizations.resolve(client, grant, request.organization);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: this.config.tokenIssuer,
      sub: `${client.client_id}@clients`,
      aud: request.audience,
      iat: now,
      exp: now + api.tokenLifetime,
      scope: scopes.join(' '),
      // org_id only: Auth0 adds org_name when its tenant flag allow_organization_name_in_authentication_api
      // is on, and this service has no such flag (it answers as a tenant with it off; README).
      ...(orgId ? { org_id: orgId } : {}),
      gty: 'client-credentials',
      azp: client.client_id,
      // Auth0's authz dialects: a client's permissions are its granted scopes.
      ...(api.permissionsClaim ? { permissions: scopes } : {}),
    };
    const response: TokenResponse = {
      access_token: await this.signing.accessToken(claims, api),
      token_type: 'Bearer',
      expires_in: api.tokenLifetime,
      scope: claims.scope,
    };
    return { response, granted: { client_id: client.client_id, audience: request.audience, scope: claims.scope, organization_id: orgId } };
  }
}

/** All granted scopes when none were asked for; asking for one outside the grant is refused, as Auth0 does. */
function grantedScopes(requested: string[], granted: string[]): string[] {
  if (requested.length === 0) return granted;
  const missing = requested.filter((scope) => !granted.includes(scope));
  if (missing.length > 0) {
    throw new OAuthError(HttpStatus.FORBIDDEN, 'access_denied', `Client has not been granted scopes: ${missing.join(', ')}`);
  }
  return requested;
}

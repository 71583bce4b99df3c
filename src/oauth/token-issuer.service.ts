import { HttpStatus, Injectable } from '@nestjs/common';
import { ClientGrantsRepository } from '../client-grants/client-grants.repository.js';
import { verifySecret } from '../clients/client-secret.js';
import { ClientsRepository } from '../clients/clients.repository.js';
import { OAuthError } from '../common/oauth-error.js';
import { AppConfig } from '../config/app-config.js';
import { SigningKeyStore } from '../signing-keys/signing-key.store.js';
import { ResourceServerCatalog, type Audience } from '../resource-servers/resource-server-catalog.js';
import { FailedAttemptsLimiter } from './failed-attempts.limiter.js';
import { signJwt, type JwtKey } from './jwt-signer.js';
import type { ClientCredentialsRequest } from './token-request.js';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** The client credentials grant, with Auth0's refusals (status and wording) at each step. */
@Injectable()
export class TokenIssuer {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly grants: ClientGrantsRepository,
    private readonly keys: SigningKeyStore,
    private readonly config: AppConfig,
    private readonly failures: FailedAttemptsLimiter,
    private readonly apis: ResourceServerCatalog,
  ) {}

  async issue(request: ClientCredentialsRequest, ip: string): Promise<TokenResponse> {
    const client = await this.failures.attempt(request.client_id, ip, async () => {
      const client = await this.clients.find(request.client_id);
      // Unknown client and wrong secret look the same, in body and (thanks to the decoy hash) in time.
      return (await verifySecret(request.client_secret, client?.secret_hash)) && client ? client : undefined;
    });
    if (!client) throw new OAuthError(HttpStatus.UNAUTHORIZED, 'invalid_client', 'Client authentication failed.');
    if (!client.grant_types.includes('client_credentials')) {
      throw new OAuthError(HttpStatus.FORBIDDEN, 'unauthorized_client', "Grant type 'client_credentials' not allowed for the client.");
    }
    const api = await this.apis.find(request.audience);
    // Auth0's answer for an audience that names no API of the tenant.
    if (!api) throw new OAuthError(HttpStatus.FORBIDDEN, 'access_denied', `Service not found: ${request.audience}`);
    const grant = await this.grants.findFor(client.client_id, request.audience);
    if (!grant) {
      throw new OAuthError(
        HttpStatus.FORBIDDEN,
        'access_denied',
        `Client is not authorized to access "${request.audience}". You need to create a "client-grant" associated to this API. See: https://auth0.com/docs/api/v2#!/Client_Grants/post_client_grants`,
      );
    }
    const scopes = grantedScopes(request.scopes, grant.scope);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: this.config.tokenIssuer,
      sub: `${client.client_id}@clients`,
      aud: request.audience,
      iat: now,
      exp: now + api.tokenLifetime,
      scope: scopes.join(' '),
      gty: 'client-credentials',
      azp: client.client_id,
    };
    return {
      access_token: signJwt(claims, await this.signer(api)),
      token_type: 'Bearer',
      expires_in: api.tokenLifetime,
      scope: claims.scope,
    };
  }

  /** The API's algorithm: its own secret for HS256, our current RSA key (and its kid) otherwise. */
  private async signer(api: Audience): Promise<JwtKey> {
    if (api.signingAlg === 'HS256') {
      if (api.secret === undefined) throw new Error(`resource server ${api.identifier} signs with HS256 but has no secret`);
      return { alg: 'HS256', secret: api.secret };
    }
    const { kid, key } = await this.keys.current();
    return { alg: api.signingAlg, key, kid };
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

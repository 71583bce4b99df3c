import { Injectable } from '@nestjs/common';
import type { Audience } from '../resource-servers/resource-server-catalog.js';
import { SigningKeyStore } from '../signing-keys/signing-key.store.js';
import { signJwt, type JwtKey } from './jwt-signer.js';

/** Signs what every grant issues: access tokens with their API's algorithm, ID tokens with our RSA key. */
@Injectable()
export class TokenSigning {
  constructor(private readonly keys: SigningKeyStore) {}

  /** Typed as the API's dialect says: `at+jwt` for the RFC 9068 profile, as Auth0 issues it. */
  async accessToken(claims: Record<string, unknown>, api: Audience): Promise<string> {
    return signJwt(claims, await this.signer(api), api.accessTokenType);
  }

  /** RS256 with the current key, as Auth0 signs ID tokens for OIDC-conformant clients. */
  async idToken(claims: Record<string, unknown>): Promise<string> {
    const { kid, key } = await this.keys.current();
    return signJwt(claims, { alg: 'RS256', key, kid });
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

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import { GlobalClients } from '../clients/global-clients.js';
import { AppConfig } from '../config/app-config.js';
import { AuthMessage, AuthRejection } from './auth-messages.js';
import { bearerToken, decodeJws } from './bearer-credentials.js';
import { KeyResolver } from './key.resolver.js';
import type { AuthenticatedRequest, Principal } from './principal.js';
import { checkClaims } from './token-claims.js';

/** RS256 bearer tokens, key chosen by `kid`, issuer and audience pinned by configuration. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    keys: KeyResolver,
    private readonly globalClients: GlobalClients,
  ) {
    super({
      jwtFromRequest: bearerToken,
      // Only RS256: refuses alg "none" and HS256-with-the-public-key confusion before any key lookup.
      algorithms: ['RS256'],
      issuer: config.tokenIssuer,
      audience: config.tokenAudience,
      // The time claims are checked with the others, in checkClaims: one clock, one skew, `exp` required.
      ignoreExpiration: true,
      // passport-jwt's one way to pass jsonwebtoken's other options (its README); @types marks it deprecated.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      jsonWebTokenOptions: { ignoreNotBefore: true },
      passReqToCallback: true,
      secretOrKeyProvider: (request: AuthenticatedRequest, rawJwt: string, done: (err: unknown, key?: string | Buffer) => void) => {
        const header = decodeJws(rawJwt)?.header;
        if (header?.alg !== 'RS256' || typeof header.kid !== 'string') {
          done(new AuthRejection(AuthMessage.invalid));
          return;
        }
        keys
          .resolve(header.kid)
          .then((resolved) => {
            if (!resolved) {
              done(new AuthRejection(AuthMessage.invalid));
              return;
            }
            request.tokenIssuedHere = resolved.issuedHere;
            // jsonwebtoken takes a KeyObject too; passport-jwt's typings predate that.
            done(null, resolved.key as unknown as Buffer);
          })
          // A failed key lookup, or the verifier throwing before it answered: an error, not a hung request.
          .catch((error: unknown) => done(error));
      },
    });
  }

  async validate(request: AuthenticatedRequest, payload: unknown): Promise<Principal> {
    const claims = checkClaims(payload);
    const scopes = new Set([...(claims.scope?.split(' ') ?? []), ...(claims.permissions ?? [])].filter(Boolean));
    const principal = { sub: claims.sub, clientId: claims.azp ?? claims.sub.replace(/@clients$/, ''), scopes };
    // Only our own tokens: we know our clients and grants. An external issuer (a real Auth0
    // tenant, another IdP) manages its clients elsewhere, so its tokens are trusted until they expire.
    if (request.tokenIssuedHere && !(await this.globalClients.isGlobal(principal.clientId))) {
      throw new AuthRejection(AuthMessage.notGlobal);
    }
    return principal;
  }
}

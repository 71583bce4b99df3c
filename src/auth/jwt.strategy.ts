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
import { BoundedMap } from '../common/bounded-map.js';
import { VERIFIED_TOKENS_KEPT, type VerifiedToken } from './verified-tokens.js';

/** RS256 bearer tokens, key chosen by `kid`, issuer and audience pinned by configuration. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly verified = new BoundedMap<string, VerifiedToken>(VERIFIED_TOKENS_KEPT);

  constructor(
    config: AppConfig,
    private readonly keys: KeyResolver,
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
        const kid = header?.kid;
        if (header?.alg !== 'RS256' || typeof kid !== 'string') {
          done(new AuthRejection(AuthMessage.invalid));
          return;
        }
        keys
          .resolve(kid)
          .then((resolved) => {
            if (!resolved) {
              done(new AuthRejection(AuthMessage.invalid));
              return;
            }
            request.tokenIssuedHere = resolved.issuedHere;
            request.verifying = { token: rawJwt, kid, key: resolved.key };
            // jsonwebtoken takes a KeyObject too; passport-jwt's typings predate that.
            done(null, resolved.key as unknown as Buffer);
          })
          // A failed key lookup, or the verifier throwing before it answered: an error, not a hung request.
          .catch((error: unknown) => done(error));
      },
    });
  }

  /**
   * The caller of a token this instance verified before, under a key the resolver still returns:
   * its time claims and its client's standing are checked again, as for a new token, but it is not
   * decoded nor RSA-verified again. Undefined when the token needs passport-jwt's full verification
   * (never seen, or its key was rotated or reloaded); a refusal rejects, as validate() would throw.
   */
  async admitKnown(request: AuthenticatedRequest): Promise<Principal | undefined> {
    const token = bearerToken(request);
    const known = token === null ? undefined : this.verified.get(token);
    if (token === null || !known) return undefined;
    try {
      const resolved = await this.keys.resolve(known.kid);
      if (resolved?.key !== known.key) {
        this.verified.delete(token);
        return undefined;
      }
      request.tokenIssuedHere = known.issuedHere;
      checkClaims(known.payload);
      await this.admit(request, known.principal);
      return { ...known.principal };
    } catch (error) {
      this.verified.delete(token);
      throw error;
    }
  }

  async validate(request: AuthenticatedRequest, payload: unknown): Promise<Principal> {
    const claims = checkClaims(payload);
    const scopes = new Set([...(claims.scope?.split(' ') ?? []), ...(claims.permissions ?? [])].filter(Boolean));
    const principal = { sub: claims.sub, clientId: claims.azp ?? claims.sub.replace(/@clients$/, ''), scopes };
    await this.admit(request, principal);
    if (request.verifying) {
      const { token, kid, key } = request.verifying;
      this.verified.set(token, { payload, kid, key, issuedHere: request.tokenIssuedHere === true, principal });
    }
    return principal;
  }

  // Only our own tokens: we know our clients and grants. An external issuer (a real Auth0
  // tenant, another IdP) manages its clients elsewhere, so its tokens are trusted until they expire.
  private async admit(request: AuthenticatedRequest, principal: Principal): Promise<void> {
    if (request.tokenIssuedHere && !(await this.globalClients.isGlobal(principal.clientId))) {
      throw new AuthRejection(AuthMessage.notGlobal);
    }
  }
}

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GlobalClients } from '../clients/global-clients.js';
import { AppConfig } from '../config/app-config.js';
import { AuthMessage, AuthRejection } from './auth-messages.js';
import { KeyResolver } from './key.resolver.js';
import type { AuthenticatedRequest, Principal } from './principal.js';

interface TokenClaims {
  sub?: string;
  azp?: string;
  scope?: string;
  permissions?: string[];
}

/** RS256 bearer tokens, key chosen by `kid`, issuer and audience pinned by configuration. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    keys: KeyResolver,
    private readonly globalClients: GlobalClients,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // Only RS256: refuses alg "none" and HS256-with-the-public-key confusion before any key lookup.
      algorithms: ['RS256'],
      issuer: config.tokenIssuer,
      audience: config.tokenAudience,
      passReqToCallback: true,
      secretOrKeyProvider: (request: AuthenticatedRequest, rawJwt: string, done: (err: unknown, key?: string | Buffer) => void) => {
        const header = decodeHeader(rawJwt);
        if (header?.alg !== 'RS256' || typeof header.kid !== 'string') return done(new AuthRejection(AuthMessage.invalid));
        keys.resolve(header.kid).then(
          (resolved) => {
            if (!resolved) return done(new AuthRejection(AuthMessage.invalid));
            request.tokenIssuedHere = resolved.issuedHere;
            // jsonwebtoken takes a KeyObject too; passport-jwt's typings predate that.
            done(null, resolved.key as unknown as Buffer);
          },
          (error: unknown) => done(error),
        );
      },
    });
  }

  async validate(request: AuthenticatedRequest, claims: TokenClaims): Promise<Principal> {
    if (!claims.sub) throw new AuthRejection(AuthMessage.invalid);
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

function decodeHeader(rawJwt: string): { alg?: unknown; kid?: unknown } | undefined {
  try {
    return JSON.parse(Buffer.from(rawJwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown; kid?: unknown };
  } catch {
    return undefined;
  }
}

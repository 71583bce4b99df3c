import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../config/app-config.js';
import { AuthMessage, AuthRejection } from './auth-messages.js';
import { KeyResolver } from './key.resolver.js';
import type { Principal } from './principal.js';

interface TokenClaims {
  sub?: string;
  azp?: string;
  scope?: string;
  permissions?: string[];
}

/** RS256 bearer tokens, key chosen by `kid`, issuer and audience pinned by configuration. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(config: AppConfig, keys: KeyResolver) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // Only RS256: refuses alg "none" and HS256-with-the-public-key confusion before any key lookup.
      algorithms: ['RS256'],
      issuer: config.tokenIssuer,
      audience: config.tokenAudience,
      secretOrKeyProvider: (_request: unknown, rawJwt: string, done: (err: unknown, key?: string | Buffer) => void) => {
        const header = decodeHeader(rawJwt);
        if (header?.alg !== 'RS256' || typeof header.kid !== 'string') return done(new AuthRejection(AuthMessage.invalid));
        keys.resolve(header.kid).then(
          // jsonwebtoken takes a KeyObject too; passport-jwt's typings predate that.
          (key) => (key ? done(null, key as unknown as Buffer) : done(new AuthRejection(AuthMessage.invalid))),
          (error: unknown) => done(error),
        );
      },
    });
  }

  validate(claims: TokenClaims): Principal {
    if (!claims.sub) throw new AuthRejection(AuthMessage.invalid);
    const scopes = new Set([...(claims.scope?.split(' ') ?? []), ...(claims.permissions ?? [])].filter(Boolean));
    return { sub: claims.sub, clientId: claims.azp ?? claims.sub.replace(/@clients$/, ''), scopes };
  }
}

function decodeHeader(rawJwt: string): { alg?: unknown; kid?: unknown } | undefined {
  try {
    return JSON.parse(Buffer.from(rawJwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown; kid?: unknown };
  } catch {
    return undefined;
  }
}

import { Injectable } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { jwtVerify, type JWTHeaderParameters } from 'jose';
import { AppConfig } from '../config/app-config.js';
import { userinfoUrl } from '../oauth/userinfo-audience.js';
import { SigningKeyStore } from '../signing-keys/signing-key.store.js';
import { UsersRepository } from '../users/users.repository.js';
import { userClaims } from './user-claims.js';

/** Why /userinfo refused a token: RFC 6750's error and our description, for the WWW-Authenticate challenge. */
export class UserinfoRefusal extends Error {
  constructor(readonly error?: 'invalid_request' | 'invalid_token') {
    super(error === undefined ? 'No access token' : error === 'invalid_request' ? 'Malformed Authorization header' : 'Invalid token');
  }
}

/**
 * GET/POST /userinfo: the profile of the user an access token of ours names, by the token's
 * scopes (the same claims as the ID token). The token must be signed by the tenant's keys and
 * name this tenant's /userinfo among its audiences, as Auth0 issues it when openid was granted.
 */
@Injectable()
export class UserinfoService {
  private readonly audience: string;

  constructor(
    private readonly keys: SigningKeyStore,
    private readonly users: UsersRepository,
    private readonly config: AppConfig,
  ) {
    this.audience = userinfoUrl(config);
  }

  async profile(authorization: string | undefined): Promise<Record<string, unknown>> {
    if (!authorization) throw new UserinfoRefusal();
    const match = /^Bearer +(?<token>\S+)\s*$/i.exec(authorization);
    if (!match?.groups) throw new UserinfoRefusal('invalid_request');
    let sub: string | undefined;
    let scope: unknown;
    try {
      const { payload } = await jwtVerify(match.groups.token, (header: JWTHeaderParameters) => this.key(header.kid), {
        issuer: this.config.tokenIssuer,
        audience: this.audience,
        // The tenant's keys sign these; an API's own HS256 secret never reaches /userinfo.
        algorithms: ['RS256', 'RS384', 'PS256'],
      });
      ({ sub, scope } = payload);
    } catch {
      throw new UserinfoRefusal('invalid_token');
    }
    const user = sub === undefined ? undefined : await this.users.find(sub);
    if (!user) throw new UserinfoRefusal('invalid_token');
    const scopes = typeof scope === 'string' ? scope.split(' ') : [];
    return { sub: user.user_id, ...userClaims(user, scopes) };
  }

  private async key(kid: string | undefined): Promise<KeyObject> {
    const key = kid === undefined ? undefined : await this.keys.publicKey(kid);
    if (!key) throw new Error('no such key');
    return key;
  }
}

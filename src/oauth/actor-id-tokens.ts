import { Injectable } from '@nestjs/common';
import { jwtVerify, type JWTHeaderParameters } from 'jose';
import type { KeyObject } from 'node:crypto';
import { AppConfig } from '../config/app-config.js';
import { SigningKeyStore } from '../signing-keys/signing-key.store.js';
import { toUserView, type UserView } from '../users/dto/user.view.js';
import { UsersRepository } from '../users/users.repository.js';
import { invalidActorToken } from './token-exchange-errors.js';

/**
 * Auth0 checks an actor_token of type id_token before the action runs (signature, expiry, issuer,
 * user lookup) and hands the action the actor's profile as event.transaction.actor_token_user. Any
 * failure refuses the exchange; the wording is ours.
 */
@Injectable()
export class ActorIdTokens {
  constructor(
    private readonly keys: SigningKeyStore,
    private readonly users: UsersRepository,
    private readonly config: AppConfig,
  ) {}

  async user(token: string): Promise<UserView> {
    let sub: string | undefined;
    try {
      const { payload } = await jwtVerify(token, (header: JWTHeaderParameters) => this.key(header.kid), {
        issuer: this.config.tokenIssuer,
        algorithms: ['RS256'],
      });
      sub = payload.sub;
    } catch {
      throw invalidActorToken();
    }
    const user = sub === undefined ? undefined : await this.users.find(sub);
    if (!user) throw invalidActorToken();
    return toUserView(user);
  }

  private async key(kid: string | undefined): Promise<KeyObject> {
    const key = kid === undefined ? undefined : await this.keys.publicKey(kid);
    if (!key) throw new Error('no such key');
    return key;
  }
}

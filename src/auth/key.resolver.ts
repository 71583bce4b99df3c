import type { KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { JwksClient } from './jwks.client.js';

/** Finds the public key for a token's `kid` among the trusted issuers' keys. */
@Injectable()
export class KeyResolver {
  private readonly remote?: JwksClient;

  constructor(config: AppConfig) {
    if (config.jwksUri) this.remote = new JwksClient(config.jwksUri);
  }

  async resolve(kid: string): Promise<KeyObject | undefined> {
    return this.remote?.getKey(kid);
  }
}

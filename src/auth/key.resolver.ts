import type { KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { SigningKeyStore } from '../signing-keys/signing-key.store.js';
import { JwksClient } from './jwks.client.js';

interface ResolvedKey {
  key: KeyObject;
  /** Signed by this tenant's own issuer, as opposed to the external JWKS_URI. */
  issuedHere: boolean;
}

/**
 * Finds the public key for a token's `kid`: our own keys straight from the database-backed
 * cache (never over HTTP to ourselves), else the external issuer's JWKS when one is configured.
 */
@Injectable()
export class KeyResolver {
  private readonly remote?: JwksClient;

  constructor(
    config: AppConfig,
    private readonly local: SigningKeyStore,
  ) {
    if (config.jwksUri) this.remote = new JwksClient(config.jwksUri);
  }

  async resolve(kid: string): Promise<ResolvedKey | undefined> {
    // Cached keys first, so neither issuer's token makes the other one reload.
    const cached = this.local.cachedPublicKey(kid);
    if (cached) return { key: cached, issuedHere: true };
    const external = await this.remote?.getKey(kid);
    if (external) return { key: external, issuedHere: false };
    const rotated = await this.local.publicKey(kid);
    return rotated ? { key: rotated, issuedHere: true } : undefined;
  }
}

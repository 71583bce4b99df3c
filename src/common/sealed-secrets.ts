import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { decryptPrivateKey, encryptPrivateKey } from './key-encryption.js';

// Opening an envelope derives a key with scrypt (tens of ms), and the same secrets are needed on
// hot paths (HS256 tokens, deliveries, action runs): clear values are kept by their envelope.
// Bounded, oldest out.
const CACHE_LIMIT = 1000;

/**
 * Every stored secret other than a client's (which is hashed): HS256 secrets, actions' secrets,
 * log streams' httpAuthorization. Sealed as the signing keys are (AES-256-GCM when
 * KEY_ENCRYPTION_SECRET is set, as given otherwise).
 */
@Injectable()
export class SealedSecrets {
  private readonly clear = new Map<string, string>();

  constructor(private readonly config: AppConfig) {}

  seal(secret: string): string {
    const key = this.config.keyEncryptionSecret;
    return key ? encryptPrivateKey(secret, key) : secret;
  }

  open(stored: string): string {
    let secret = this.clear.get(stored);
    if (secret === undefined) {
      secret = decryptPrivateKey(stored, this.config.keyEncryptionSecret);
      const [oldest] = this.clear.keys();
      if (this.clear.size >= CACHE_LIMIT) this.clear.delete(oldest);
      this.clear.set(stored, secret);
    }
    return secret;
  }
}

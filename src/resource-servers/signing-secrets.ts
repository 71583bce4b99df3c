import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { decryptPrivateKey, encryptPrivateKey } from '../signing-keys/key-encryption.js';

// Decrypting derives a key with scrypt (tens of ms): the clear secrets are kept by their envelope,
// so issuing tokens or listing HS256 APIs does not pay it on every request. Bounded, oldest out.
const CACHE_LIMIT = 1000;

/** HS256 secrets of resource servers, stored as the signing keys are (encrypted when KEY_ENCRYPTION_SECRET is set). */
@Injectable()
export class SigningSecrets {
  private readonly clear = new Map<string, string>();

  constructor(private readonly config: AppConfig) {}

  /** A new secret: 32 random bytes, base64url (43 characters), as long as the ones Auth0 makes. */
  generate(): string {
    return randomBytes(32).toString('base64url');
  }

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

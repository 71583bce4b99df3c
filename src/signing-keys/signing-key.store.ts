import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './token-lifetime.js';
import { decryptPrivateKey, encryptPrivateKey } from './key-encryption.js';
import { SigningKeysRepository, type NewSigningKey } from './signing-keys.repository.js';

const generateRsa = promisify(generateKeyPair);
// A retired key verifies (and is published) for a token lifetime plus margin for clock skew.
const RETIRED_KEY_GRACE_MS = (ACCESS_TOKEN_LIFETIME_SECONDS + 3600) * 1000;
// Another instance may rotate; its new key is picked up on an unknown kid or after this long.
const RELOAD_INTERVAL_MS = 30_000;
const MIN_RELOAD_GAP_MS = 1_000;

/**
 * The tenant's RS256 keys, kept in the database and cached here. One is current (signs);
 * retired ones keep verifying until every token they signed has expired.
 */
@Injectable()
export class SigningKeyStore implements OnModuleInit {
  private verifying = new Map<string, KeyObject>();
  private signing?: { kid: string; key: KeyObject };
  private loadedAt = 0;
  private inFlight?: Promise<void>;

  constructor(
    private readonly keys: SigningKeysRepository,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!(await this.keys.hasCurrent())) await this.keys.insertCurrentUnlessPresent(await this.newKey());
    await this.load();
  }

  async current(): Promise<{ kid: string; key: KeyObject }> {
    if (Date.now() - this.loadedAt > RELOAD_INTERVAL_MS) await this.reload();
    // Set by the first load (at module init), never unset.
    if (!this.signing) throw new Error('signing keys not loaded');
    return this.signing;
  }

  cachedPublicKey(kid: string): KeyObject | undefined {
    return this.verifying.get(kid);
  }

  /** Our public key for a kid; an unknown kid triggers one reload (another instance may have rotated). */
  async publicKey(kid: string): Promise<KeyObject | undefined> {
    if (!this.verifying.has(kid) && Date.now() - this.loadedAt >= MIN_RELOAD_GAP_MS) await this.reload();
    return this.verifying.get(kid);
  }

  /** Current and retired-but-still-valid keys, current first, for the JWKS document. */
  async jwks(): Promise<{ keys: JsonWebKey[] }> {
    if (Date.now() - this.loadedAt >= MIN_RELOAD_GAP_MS) await this.reload();
    return {
      keys: [...this.verifying].map(([kid, key]) => ({ ...key.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' })),
    };
  }

  /** Demotes the current key and makes a new one, in one transaction; returns the new kid. */
  async rotate(): Promise<string> {
    const fresh = await this.newKey();
    await this.keys.rotate(fresh);
    await this.load();
    return fresh.kid;
  }

  private async newKey(): Promise<NewSigningKey> {
    const { publicKey, privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const secret = this.config.keyEncryptionSecret;
    return {
      kid: randomBytes(16).toString('base64url'),
      public_key: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      private_key: secret ? encryptPrivateKey(pem, secret) : pem,
    };
  }

  private reload(): Promise<void> {
    this.inFlight ??= this.load().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async load(): Promise<void> {
    const since = new Date(Date.now() - RETIRED_KEY_GRACE_MS);
    const rows = await this.keys.findActive(since);
    const current = rows.find((row) => row.is_current);
    if (!current) throw new Error('no current signing key in the database');
    if (this.signing?.kid !== current.kid) {
      this.signing = { kid: current.kid, key: createPrivateKey(decryptPrivateKey(current.private_key, this.config.keyEncryptionSecret)) };
    }
    this.verifying = new Map(rows.map((row) => [row.kid, createPublicKey(row.public_key)]));
    this.loadedAt = Date.now();
  }
}

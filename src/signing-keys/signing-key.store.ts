import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './token-lifetime.js';
import { decryptPrivateKey, encryptPrivateKey } from '../common/key-encryption.js';
import { SigningKeyChanges } from './signing-key-changes.js';
import { SigningKeysRepository, type NewSigningKey } from './signing-keys.repository.js';

const generateRsa = promisify(generateKeyPair);
// A retired key verifies (and is published) for a token lifetime plus margin for clock skew.
const RETIRED_KEY_GRACE_MS = (ACCESS_TOKEN_LIFETIME_SECONDS + 3600) * 1000;
// Another instance's rotation arrives as a notification (signing-key-changes.ts). Without one
// (the listening session is down), the cache is trusted this long; with one, this long as a safety net.
const UNNOTIFIED_RELOAD_INTERVAL_MS = 1_000;
const RELOAD_INTERVAL_MS = 30_000;
// Reloads for unknown kids (a token signed by an instance that rotated a moment ago, or garbage) are
// at least this far apart, so random kids cannot turn into a query per request.
const UNKNOWN_KID_RELOAD_GAP_MS = 200;
// A rotation returns once every listening instance has confirmed its reload, or after this long.
const ROTATION_CONFIRM_TIMEOUT_MS = 2_000;

/** The key that signs now: its private key, and what its certificate is made of. */
interface CurrentKey {
  kid: string;
  key: KeyObject;
  publicKey: KeyObject;
  createdAt: Date;
}

/**
 * The tenant's RS256 keys, kept in the database and cached here. One is current (signs);
 * retired ones keep verifying until every token they signed has expired.
 */
@Injectable()
export class SigningKeyStore implements OnModuleInit {
  private readonly logger = new Logger(SigningKeyStore.name);
  private verifying = new Map<string, KeyObject>();
  private signing?: CurrentKey;
  private loadedAt = 0;
  /** Loads are numbered as they start; `loaded` is the number of the latest one that finished. */
  private started = 0;
  private loaded = 0;
  private lastUnknownKidReload = 0;
  private inFlight?: { number: number; promise: Promise<void> };

  constructor(
    private readonly keys: SigningKeysRepository,
    private readonly config: AppConfig,
    private readonly changes: SigningKeyChanges,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!(await this.keys.hasCurrent())) await this.keys.insertCurrentUnlessPresent(await this.newKey());
    await this.freshLoad();
    // Each (re)connection reloads: a rotation may have been missed while not listening.
    await this.changes.start(
      () => this.freshLoad(),
      () => this.freshLoad(),
    );
  }

  async current(): Promise<CurrentKey> {
    const maxAge = this.changes.listening ? RELOAD_INTERVAL_MS : UNNOTIFIED_RELOAD_INTERVAL_MS;
    if (Date.now() - this.loadedAt > maxAge) await this.freshLoad();
    // Set by the first load (at module init), never unset.
    if (!this.signing) throw new Error('signing keys not loaded');
    return this.signing;
  }

  cachedPublicKey(kid: string): KeyObject | undefined {
    return this.verifying.get(kid);
  }

  /**
   * Our public key for a kid. An unknown kid is looked up again in a load that starts after this
   * call (so a key committed before the token reached us is always found), rate-limited.
   */
  async publicKey(kid: string): Promise<KeyObject | undefined> {
    if (!this.verifying.has(kid)) {
      const target = this.started + 1;
      const wait = this.lastUnknownKidReload + UNKNOWN_KID_RELOAD_GAP_MS - Date.now();
      if (wait > 0) await sleep(wait);
      this.lastUnknownKidReload = Date.now();
      await this.loadedSince(target);
    }
    return this.verifying.get(kid);
  }

  /** Current and retired-but-still-valid keys, current first, for the JWKS document. */
  async jwks(): Promise<{ keys: JsonWebKey[] }> {
    if (!this.changes.listening && Date.now() - this.loadedAt >= UNNOTIFIED_RELOAD_INTERVAL_MS) await this.freshLoad();
    return {
      keys: [...this.verifying].map(([kid, key]) => ({ ...key.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' })),
    };
  }

  /**
   * Demotes the current key and makes a new one, in one transaction; returns the new kid once
   * every instance (this one included) has reloaded, so none signs with the old key any more.
   */
  async rotate(): Promise<string> {
    const fresh = await this.newKey();
    const reloads = this.changes.collectReloads(fresh.kid);
    let listeners: number;
    try {
      listeners = await this.keys.rotate(fresh);
    } catch (error) {
      reloads.cancel();
      throw error;
    }
    await this.freshLoad();
    if (!(await reloads.wait(listeners, ROTATION_CONFIRM_TIMEOUT_MS))) {
      this.logger.warn(`not every instance confirmed the rotation to ${fresh.kid} within ${ROTATION_CONFIRM_TIMEOUT_MS} ms`);
    }
    return fresh.kid;
  }

  private async newKey(): Promise<NewSigningKey> {
    // PEM straight from the generation: no KeyObject of the job's is kept (Node 20 can deadlock
    // exporting one while the garbage collector frees the job; test/support/key-pairs.ts).
    const { publicKey, privateKey } = await generateRsa('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const secret = this.config.keyEncryptionSecret;
    return {
      kid: randomBytes(16).toString('base64url'),
      public_key: publicKey,
      private_key: secret ? encryptPrivateKey(privateKey, secret) : privateKey,
    };
  }

  /** Resolves once a load that started after this call has finished. */
  private freshLoad(): Promise<void> {
    return this.loadedSince(this.started + 1);
  }

  /** Resolves once load number `target` or a later one has finished; concurrent callers share loads. */
  private async loadedSince(target: number): Promise<void> {
    while (this.loaded < target) {
      const running = this.inFlight;
      if (running && running.number >= target) return running.promise;
      if (running) {
        await running.promise.catch(() => undefined);
        continue;
      }
      const number = ++this.started;
      const promise = this.load(number).finally(() => (this.inFlight = undefined));
      this.inFlight = { number, promise };
    }
  }

  private async load(number: number): Promise<void> {
    const since = new Date(Date.now() - RETIRED_KEY_GRACE_MS);
    const rows = await this.keys.findActive(since);
    const current = rows.find((row) => row.is_current);
    if (!current) throw new Error('no current signing key in the database');
    if (this.signing?.kid !== current.kid) {
      const key = createPrivateKey(decryptPrivateKey(current.private_key, this.config.keyEncryptionSecret));
      this.signing = { kid: current.kid, key, createdAt: current.created_at, publicKey: createPublicKey(current.public_key) };
    }
    this.verifying = new Map(rows.map((row) => [row.kid, createPublicKey(row.public_key)]));
    this.loadedAt = Date.now();
    this.loaded = Math.max(this.loaded, number);
  }
}

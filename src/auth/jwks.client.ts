import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { Logger } from '@nestjs/common';

interface JwksClientOptions {
  /** An unknown kid may mean the issuer rotated keys; refetch, but never more often than this. */
  minRefetchIntervalMs?: number;
  fetchTimeoutMs?: number;
  /** The clock, injectable so the refetch interval can be tested without waiting. */
  now?: () => number;
}

type Jwk = JsonWebKey & { kid?: string; use?: string };

/** Public keys of a remote JWKS document, cached by kid. */
export class JwksClient {
  private readonly logger = new Logger(JwksClient.name);
  private readonly minRefetchIntervalMs: number;
  private readonly fetchTimeoutMs: number;
  private readonly now: () => number;
  private keys = new Map<string, KeyObject>();
  private lastFetch?: number;
  private inFlight?: Promise<void>;

  constructor(
    private readonly uri: string,
    options: JwksClientOptions = {},
  ) {
    this.minRefetchIntervalMs = options.minRefetchIntervalMs ?? 10_000;
    this.fetchTimeoutMs = options.fetchTimeoutMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  async getKey(kid: string): Promise<KeyObject | undefined> {
    const cached = this.keys.get(kid);
    if (cached) return cached;
    // A miss while a fetch is running waits for it: that fetch may bring the key.
    if (this.inFlight) await this.inFlight;
    else if (this.lastFetch === undefined || this.now() - this.lastFetch >= this.minRefetchIntervalMs) await this.refresh();
    return this.keys.get(kid);
  }

  /** Concurrent misses share one fetch. */
  private refresh(): Promise<void> {
    this.lastFetch = this.now();
    this.inFlight ??= this.fetchKeys().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async fetchKeys(): Promise<void> {
    try {
      const response = await fetch(this.uri, { signal: AbortSignal.timeout(this.fetchTimeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { keys } = (await response.json()) as { keys?: unknown };
      if (!Array.isArray(keys)) throw new Error('no "keys" array');
      this.keys = new Map((keys as Jwk[]).flatMap((jwk) => this.toEntry(jwk)));
    } catch (error) {
      // Keep the keys we had: a JWKS outage must not log everyone out.
      this.logger.warn(`JWKS fetch from ${this.uri} failed: ${(error as Error).message}`);
    }
  }

  private toEntry(jwk: Jwk): [string, KeyObject][] {
    if (!jwk.kid || jwk.kty !== 'RSA' || (jwk.use && jwk.use !== 'sig')) return [];
    try {
      return [[jwk.kid, createPublicKey({ key: jwk, format: 'jwk' })]];
    } catch {
      return []; // one malformed key must not hide the others
    }
  }
}

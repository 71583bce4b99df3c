import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { Logger } from '@nestjs/common';

// An unknown kid may mean the issuer rotated keys; refetch, but never more often than this.
const MIN_REFETCH_INTERVAL_MS = 10_000;
const FETCH_TIMEOUT_MS = 5_000;

/** Public keys of a remote JWKS document, cached by kid. */
export class JwksClient {
  private readonly logger = new Logger(JwksClient.name);
  private keys = new Map<string, KeyObject>();
  private lastFetch = 0;
  private inFlight?: Promise<void>;

  constructor(private readonly uri: string) {}

  async getKey(kid: string): Promise<KeyObject | undefined> {
    const cached = this.keys.get(kid);
    if (cached) return cached;
    if (Date.now() - this.lastFetch >= MIN_REFETCH_INTERVAL_MS) await this.refresh();
    return this.keys.get(kid);
  }

  /** Concurrent misses share one fetch. */
  private refresh(): Promise<void> {
    this.inFlight ??= this.fetchKeys().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async fetchKeys(): Promise<void> {
    this.lastFetch = Date.now();
    try {
      const response = await fetch(this.uri, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { keys } = (await response.json()) as { keys?: (JsonWebKey & { kid?: string; use?: string })[] };
      const next = new Map<string, KeyObject>();
      for (const jwk of keys ?? []) {
        if (!jwk.kid || jwk.kty !== 'RSA' || (jwk.use && jwk.use !== 'sig')) continue;
        next.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
      }
      this.keys = next;
    } catch (error) {
      // Keep the keys we had: a JWKS outage must not log everyone out.
      this.logger.warn(`JWKS fetch from ${this.uri} failed: ${(error as Error).message}`);
    }
  }
}

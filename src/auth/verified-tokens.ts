import type { KeyObject } from 'node:crypto';
import type { Principal } from './principal.js';

/** What a full verification of one token established. */
export interface VerifiedToken {
  /** The verified claim set: its time claims are checked again at every use. */
  payload: unknown;
  kid: string;
  /** The very key object that verified the signature. */
  key: KeyObject;
  issuedHere: boolean;
  principal: Principal;
}

/**
 * Bearer tokens whose signature, algorithm, issuer and audience were verified, by their exact
 * text, so a client presenting the same token again is not decoded and RSA-verified again (most of
 * the authentication's CPU per request, bench/NOTES.md). An entry only stands while the key
 * resolver returns the same key object for its kid (JwtStrategy checks that at every use), so a
 * rotation, a retirement or any reload of the key set sends every token through full verification.
 * Bounded: the oldest entry goes first (a Map iterates in insertion order).
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(private readonly capacity = 1_000) {}

  get(token: string): VerifiedToken | undefined {
    return this.entries.get(token);
  }

  remember(token: string, verified: VerifiedToken): void {
    const oldest = this.entries.keys().next();
    if (this.entries.size >= this.capacity && !this.entries.has(token) && !oldest.done) this.entries.delete(oldest.value);
    this.entries.set(token, verified);
  }

  forget(token: string): void {
    this.entries.delete(token);
  }
}

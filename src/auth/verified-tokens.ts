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
 * How many verified tokens an instance keeps (JwtStrategy): by their exact text, so a client
 * presenting the same token again is not decoded and RSA-verified again (most of the
 * authentication's CPU per request: docs/performance.md, "Verified-token cache"). An entry only stands while the key resolver
 * returns the same key object for its kid, so a rotation, a retirement or any reload of the key set
 * sends every token through full verification.
 */
export const VERIFIED_TOKENS_KEPT = 1_000;

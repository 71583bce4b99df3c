import { AuthMessage, AuthRejection } from './auth-messages.js';

/** How far an issuer's clock may run ahead of ours: `iat` and `nbf` up to this many seconds ahead are accepted. */
export const CLOCK_SKEW_SECONDS = 60;

/** The claims of a verified token that we act on, each of its JSON type. */
interface TokenClaims {
  sub: string;
  azp?: string;
  scope?: string;
  permissions?: string[];
}

/**
 * The one check of a verified token's claim set, for our own tokens and the external issuer's
 * alike (the verifier has already pinned the algorithm, key, signature, `iss` and `aud`).
 * `exp` is required, so no token lives forever; a token from the future (`iat`, `nbf` beyond the
 * skew) is refused; every claim we read must have its JSON type. Any failure is a 401 here,
 * never a TypeError in the code that reads the claims.
 */
export function checkClaims(payload: unknown, now = Math.floor(Date.now() / 1000)): TokenClaims {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw invalid();
  const { sub, azp, scope, permissions, exp, iat, nbf } = payload as Record<string, unknown>;
  if (!isNumericDate(exp) || !optional(iat, isNumericDate) || !optional(nbf, isNumericDate)) throw invalid();
  if (!isNonEmptyString(sub) || !optional(azp, isNonEmptyString) || !optional(scope, isString) || !optional(permissions, isStringArray)) {
    throw invalid();
  }
  if ((iat ?? now) > now + CLOCK_SKEW_SECONDS || (nbf ?? now) > now + CLOCK_SKEW_SECONDS) throw invalid();
  // No skew the other way: a token is not stretched past the lifetime its issuer gave it.
  if (now >= exp) throw new AuthRejection(AuthMessage.expired);
  return { sub, azp, scope, permissions };
}

const invalid = (): AuthRejection => new AuthRejection(AuthMessage.invalid);

const optional = <T>(value: unknown, check: (value: unknown) => value is T): value is T | undefined => value === undefined || check(value);

// JSON.parse turns 1e400 into Infinity: a "NumericDate" that would never expire.
const isNumericDate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const isString = (value: unknown): value is string => typeof value === 'string';

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

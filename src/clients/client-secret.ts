import { createHmac, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';
import { BoundedMap } from '../common/bounded-map.js';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>;

// OWASP's scrypt floor (N=2^14, r=8, p=1): ~16 MiB and tens of ms per check. The parameters are
// stored with each hash, so raising them later does not break existing secrets.
const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** A new client secret: 48 random bytes, 64 base64url characters, like Auth0's. */
export function newClientSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** `scrypt$N$r$p$salt$hash`, salt and hash base64url; a fresh salt per secret. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return storedForm(salt, await scrypt(secret, salt, KEY_LENGTH, { ...PARAMS, maxmem: 64 * 1024 * 1024 }));
}

function storedForm(salt: Buffer, hash: Buffer): string {
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * Checked against when the client id is unknown, so a miss costs the same hash as a hit and
 * response time does not reveal which client ids exist. Only its parameters and lengths matter (no
 * secret may match it: verifySecret never accepts a miss), so its hash is random bytes rather than
 * a scrypt run at every start.
 */
export const DECOY = storedForm(randomBytes(16), randomBytes(KEY_LENGTH));

/**
 * Secrets already proven against a stored hash, so a client asking for tokens again skips scrypt
 * (tens of ms of CPU per token request: docs/performance.md, "Client secret hashing"). Keyed by the stored hash: a rotated
 * secret has a new one, so the old secret stops matching at once, on every instance (the stored
 * hash is read per request). What is kept is an HMAC of the secret under a key that exists only in
 * this process, never the secret; a database leak is as hard to attack as before.
 */
export class ProvenSecrets {
  private readonly key = randomBytes(32);
  private readonly proven: BoundedMap<string, Buffer>;

  constructor(capacity = 10_000) {
    this.proven = new BoundedMap(capacity);
  }

  matches(stored: string, secret: string): boolean {
    const known = this.proven.get(stored);
    return known !== undefined && timingSafeEqual(known, this.digest(secret));
  }

  remember(stored: string, secret: string): void {
    this.proven.set(stored, this.digest(secret));
  }

  private digest(secret: string): Buffer {
    return createHmac('sha256', this.key).update(secret).digest();
  }
}

const provenSecrets = new ProvenSecrets();

/**
 * Constant-time check of a presented secret against a stored hash (or the decoy when absent). A
 * secret proven before answers from ProvenSecrets; anything else, including every wrong secret,
 * pays the full scrypt.
 */
export async function verifySecret(secret: string, stored: string | undefined, proven: ProvenSecrets = provenSecrets): Promise<boolean> {
  if (stored !== undefined && proven.matches(stored, secret)) return true;
  const [scheme, n, r, p, salt, hash] = (stored ?? DECOY).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  const verified = timingSafeEqual(actual, expected) && stored !== undefined;
  if (verified) proven.remember(stored, secret);
  return verified;
}

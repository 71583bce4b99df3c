import { randomBytes } from 'node:crypto';

/** A new HS256 secret: 32 random bytes, base64url (43 characters), as long as the ones Auth0 makes. */
export function newSigningSecret(): string {
  return randomBytes(32).toString('base64url');
}

import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

// Envelope: v1.<salt>.<iv>.<tag>.<ciphertext>, base64url parts. A PEM never starts with "v1.".
const PREFIX = 'v1';

/** AES-256-GCM with a key derived by scrypt from KEY_ENCRYPTION_SECRET and a per-envelope salt. */
export function encryptPrivateKey(pem: string, secret: string): string {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, salt), iv);
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return [PREFIX, salt, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The PEM, whether stored encrypted or (written before a secret was configured) in clear. */
export function decryptPrivateKey(stored: string, secret: string | undefined): string {
  if (!stored.startsWith(`${PREFIX}.`)) return stored;
  if (!secret) throw new Error('signing keys are encrypted but KEY_ENCRYPTION_SECRET is not set');
  const [, salt, iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, salt), iv);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('cannot decrypt the signing key: KEY_ENCRYPTION_SECRET is not the one it was encrypted with');
  }
}

function deriveKey(secret: string, salt: Buffer): Buffer {
  return scryptSync(secret, salt, 32, { N: 16384, r: 8, p: 1 });
}

import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Auth0-style identifiers: a type prefix and 16 random alphanumerics (`org_…`, `cgr_…`, `tep_…`). */
export function newId(prefix: string, length = 16): string {
  return `${prefix}_${randomAlphanumeric(length)}`;
}

/** Random letters and digits; client ids are 32 of them with no prefix, as Auth0's. */
export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  // Rejection sampling keeps every character equally likely.
  for (const byte of bytes) {
    if (byte < 248) id += ALPHABET[byte % 62];
    if (id.length === length) break;
  }
  return id.length === length ? id : randomAlphanumeric(length);
}

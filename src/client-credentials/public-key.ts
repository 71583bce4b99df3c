import { createHash, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { badRequest } from '../common/api-error.js';

/** Auth0's signing algorithms for a public_key credential; RS256 when none is given. */
export const CREDENTIAL_ALGORITHMS = ['RS256', 'RS384', 'PS256'] as const;
// Below this an RSA key is refused, as by Auth0 (and by RFC 7518 §3.3 for RS*).
const MIN_MODULUS_BITS = 2048;
// What Auth0 accepts as a pem: an SPKI or PKCS#1 public key, or an X.509 certificate. A private
// key would be read too (node derives its public half), so its PEM is refused before parsing.
const PEM_LABEL = /^-----BEGIN (PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE)-----/;

interface PublicKey {
  key: KeyObject;
  /** The key's JWK SHA-256 thumbprint (RFC 7638): the kid Auth0 makes when none is given. */
  thumbprint: string;
  /** When the pem is a certificate: its notAfter (for parse_expiry_from_cert). */
  certificateExpiry?: Date;
}

// Wordings ours: Auth0's are not recorded.
const invalidPem = (why: string): never => {
  throw badRequest('invalid_body', `Payload validation error: 'Invalid pem: ${why}' on property pem.`);
};

/** Reads a credential's pem as Auth0 does, refusing what it refuses; throws a 400 otherwise. */
export function readPublicKey(pem: string): PublicKey {
  const text = pem.trim();
  const label = PEM_LABEL.exec(text)?.[1];
  if (!label) invalidPem('expected a PEM public key (SPKI or PKCS#1) or X.509 certificate');
  let key: KeyObject;
  let certificateExpiry: Date | undefined;
  try {
    if (label === 'CERTIFICATE') {
      const certificate = new X509Certificate(text);
      key = certificate.publicKey;
      certificateExpiry = new Date(certificate.validTo);
    } else {
      key = createPublicKey({ key: text, format: 'pem' });
    }
  } catch {
    return invalidPem('the PEM could not be parsed');
  }
  if (key.asymmetricKeyType !== 'rsa') invalidPem('the key must be an RSA key');
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_MODULUS_BITS) invalidPem(`the RSA key must be at least ${MIN_MODULUS_BITS} bits long`);
  return { key, thumbprint: thumbprint(key), certificateExpiry };
}

/** Reads a stored pem (already validated at creation) for verification. */
export function storedPublicKey(pem: string): KeyObject {
  const text = pem.trim();
  return text.startsWith('-----BEGIN CERTIFICATE-----') ? new X509Certificate(text).publicKey : createPublicKey(text);
}

function thumbprint(key: KeyObject): string {
  const { e, n } = key.export({ format: 'jwk' });
  // RFC 7638 §3.2: the required members only, in lexicographic order, no whitespace.
  return createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
}

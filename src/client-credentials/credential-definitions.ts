import { createHash, X509Certificate } from 'node:crypto';
import { badRequest } from '../common/api-error.js';
import { newId } from '../common/ids.js';
import type { Prisma } from '../generated/prisma/client.js';
import { invalidDate } from './client-credential-errors.js';
import type { CreateClientCredentialDto } from './dto/create-client-credential.dto.js';
import { readPublicKey } from './public-key.js';

/**
 * Auth0's credential types: public keys (private_key_jwt, JAR), CA-signed certificates known by
 * their subject DN (tls_client_auth) and self-signed certificates known by their thumbprint
 * (self_signed_tls_client_auth).
 */
export const CREDENTIAL_TYPES = ['public_key', 'cert_subject_dn', 'x509_cert'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** Auth0's credential ids: cred_ and 22 letters and digits. */
const CREDENTIAL_ID_LENGTH = 22;
const CERTIFICATE = '-----BEGIN CERTIFICATE-----';

// Wordings ours: Auth0's are not recorded.
const refused = (property: string, why: string) =>
  badRequest('invalid_body', `Payload validation error: '${why}' on property ${property}.`);
const missing = (property: string) => badRequest('invalid_body', `Payload validation error: 'Missing required property: ${property}'.`);

type CredentialFields = Omit<Prisma.ClientCredentialUncheckedCreateInput, 'id' | 'client_id' | 'name' | 'credential_type'>;

/** The row of a new credential, validated as Auth0 validates its type; throws a 400 otherwise. */
export function credentialRow(clientId: string, input: CreateClientCredentialDto): Prisma.ClientCredentialUncheckedCreateInput {
  const type = input.credential_type as CredentialType;
  if (type !== 'public_key' && (input.alg !== undefined || input.kid !== undefined))
    throw refused(input.alg !== undefined ? 'alg' : 'kid', 'alg and kid apply to public_key credentials only');
  if (type !== 'cert_subject_dn' && input.subject_dn !== undefined)
    throw refused('subject_dn', 'subject_dn applies to cert_subject_dn credentials only');
  const fields = type === 'public_key' ? publicKey(input) : type === 'x509_cert' ? selfSignedCertificate(input) : subjectDn(input);
  // A date already past is taken, as Auth0 took its recorded ones: the credential just no longer authenticates.
  if (input.expires_at !== undefined) fields.expires_at = dateOf(input.expires_at);
  return { id: newId('cred', CREDENTIAL_ID_LENGTH), client_id: clientId, name: input.name ?? null, credential_type: type, ...fields };
}

function publicKey(input: CreateClientCredentialDto): CredentialFields {
  if (input.pem === undefined) throw missing('pem');
  const key = readPublicKey(input.pem);
  return {
    kid: input.kid ?? key.thumbprint,
    alg: input.alg ?? 'RS256',
    pem: input.pem.trim(),
    // Auth0 "attempts to parse the expiry date from the provided PEM": a bare key has none to give.
    expires_at: input.parse_expiry_from_cert ? (key.certificateExpiry ?? null) : null,
  };
}

/**
 * A self-signed client certificate, matched by its SHA-256 thumbprint. Its expiry is the
 * certificate's (Auth0's recorded answer), and its key size is not checked: Auth0 took a 1024-bit one.
 */
function selfSignedCertificate(input: CreateClientCredentialDto): CredentialFields {
  if (input.pem === undefined) throw missing('pem');
  const certificate = readCertificate(input.pem);
  return {
    pem: input.pem.trim(),
    thumbprint_sha256: certificateThumbprint(certificate),
    expires_at: new Date(certificate.validTo),
  };
}

/**
 * A CA-signed client certificate, matched by its subject DN: given as the DN, or read from the
 * certificate in Node's form (one RDN per line), which is the form Auth0 answers with.
 */
function subjectDn({ pem, subject_dn: dn, parse_expiry_from_cert: parseExpiry }: CreateClientCredentialDto): CredentialFields {
  if (dn !== undefined && pem === undefined) return { subject_dn: dn };
  if (pem === undefined || dn !== undefined)
    throw refused('pem', 'A cert_subject_dn credential takes either pem or subject_dn, exactly one of them');
  const certificate = readCertificate(pem);
  return { pem: pem.trim(), subject_dn: certificate.subject, expires_at: parseExpiry ? new Date(certificate.validTo) : null };
}

function readCertificate(pem: string): X509Certificate {
  const text = pem.trim();
  if (!text.startsWith(CERTIFICATE)) throw refused('pem', 'Invalid pem: expected a PEM X.509 certificate');
  try {
    return new X509Certificate(text);
  } catch {
    throw refused('pem', 'Invalid pem: the certificate could not be parsed');
  }
}

/** An x509_cert's identity, as Auth0 answers it: the base64url SHA-256 of the certificate's DER. */
export function certificateThumbprint(certificate: X509Certificate): string {
  return createHash('sha256').update(certificate.raw).digest('base64url');
}

/** The pattern lets through impossible dates (2026-02-31): refused here, before the database sees them. */
export function dateOf(text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw invalidDate(text);
  return date;
}

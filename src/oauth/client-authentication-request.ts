import { HttpStatus } from '@nestjs/common';
import { decodeJwt } from 'jose';
import { OAuthError } from '../common/oauth-error.js';
import type { EdgeCertificate } from './edge-certificate.js';

/** RFC 7523 §2.2: the client authenticates with a JWT it signed (private_key_jwt). */
const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Who the client says it is: a secret (body or HTTP Basic, RFC 6749 §2.3.1), a signed assertion or an mTLS certificate. */
export type ClientAuthentication = SecretAuthentication | AssertionAuthentication | CertificateAuthentication | PublicClient;
interface SecretAuthentication {
  client_id: string;
  client_secret: string;
}
interface AssertionAuthentication {
  client_id: string;
  client_assertion: string;
}
/** No credentials: a public client (token_endpoint_auth_method none), on the grants that allow one. */
interface PublicClient {
  client_id: string;
  public: true;
}
/** RFC 8705 §2: the TLS client certificate is the authentication; client_id names the client. */
interface CertificateAuthentication {
  client_id: string;
  client_certificate: EdgeCertificate;
}

export const invalidRequest = (description: string) => new OAuthError(HttpStatus.BAD_REQUEST, 'invalid_request', description);

/**
 * The client's credentials from the body or `Authorization: Basic` (each part form-URL-decoded,
 * RFC 6749 §2.3.1), or its client_assertion, or else the certificate the edge forwarded. Two
 * methods at once is refused, as RFC 6749 §2.3 says a client must use one method only (wording
 * ours); a certificate beside another method is not one (RFC 8705 lets it bind tokens only).
 */
export function clientAuthentication(
  fields: Record<string, unknown>,
  authorization?: string,
  certificate?: EdgeCertificate,
  options: { allowPublic?: boolean } = {},
): ClientAuthentication {
  const basic = basicCredentials(authorization);
  if (fields.client_assertion !== undefined || fields.client_assertion_type !== undefined) {
    if (basic || text(fields, 'client_secret') !== undefined)
      throw invalidRequest('Multiple client authentication methods are not allowed.');
    return assertionAuthentication(fields);
  }
  if (!basic && certificate && text(fields, 'client_secret') === undefined)
    return { client_id: required(fields, 'client_id'), client_certificate: certificate };
  if (!basic && options.allowPublic && text(fields, 'client_secret') === undefined)
    return { client_id: required(fields, 'client_id'), public: true };
  if (!basic) return { client_id: required(fields, 'client_id'), client_secret: required(fields, 'client_secret') };
  if (text(fields, 'client_secret') !== undefined) throw invalidRequest('Multiple client authentication methods are not allowed.');
  const bodyId = text(fields, 'client_id');
  if (bodyId !== undefined && bodyId !== basic.client_id)
    throw invalidRequest('The client_id in the body does not match the Authorization header.');
  return basic;
}

/**
 * client_id is optional with an assertion (RFC 7523 §3): the assertion's iss names the client. It
 * is read unverified here only to find the client (and its failure buckets); the verifier then
 * requires iss, sub and client_id to agree.
 */
function assertionAuthentication(fields: Record<string, unknown>): AssertionAuthentication {
  const type = required(fields, 'client_assertion_type');
  if (type !== JWT_BEARER_ASSERTION_TYPE) throw invalidRequest(`Invalid client_assertion_type: it must be ${JWT_BEARER_ASSERTION_TYPE}`);
  const assertion = required(fields, 'client_assertion');
  const clientId = text(fields, 'client_id') ?? issuer(assertion);
  if (clientId === undefined)
    throw new OAuthError(
      HttpStatus.UNAUTHORIZED,
      'invalid_client',
      'Invalid client_assertion: a JWT whose iss claim is the client_id is expected.',
    );
  return { client_id: clientId, client_assertion: assertion };
}

function issuer(assertion: string): string | undefined {
  try {
    const { iss } = decodeJwt(assertion);
    return typeof iss === 'string' && iss !== '' ? iss : undefined;
  } catch {
    return undefined;
  }
}

function basicCredentials(authorization?: string): SecretAuthentication | undefined {
  const match = /^Basic\s+(?<value>\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.groups) return undefined;
  const decoded = Buffer.from(match.groups.value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidRequest('Invalid Authorization header: Basic credentials must be client_id:client_secret.');
  try {
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
    if (!id) throw invalidRequest('Missing required parameter: client_id');
    if (!secret) throw invalidRequest('Missing required parameter: client_secret');
    return { client_id: id, client_secret: secret };
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw invalidRequest('Invalid Authorization header: malformed percent-encoding.');
  }
}

export function required(fields: Record<string, unknown>, name: string): string {
  const value = text(fields, name);
  if (value === undefined) throw invalidRequest(`Missing required parameter: ${name}`);
  return value;
}

export function text(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid parameter: ${name} must be a string`);
  return value;
}

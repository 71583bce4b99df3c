import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

// RFC 7235: the scheme name is case-insensitive. An empty bearer counts as no credentials.
const BEARER = /^bearer(?:\s+(.*))?$/i;

// A signed JWT in compact serialisation (RFC 7515 §7.1): three non-empty base64url segments.
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * How many Authorization header lines the request carried. Node keeps the first of repeated
 * Authorization headers in `headers` and silently drops the others; the raw list has them all.
 */
export function authorizationHeaderCount(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === 'authorization') count++;
  return count;
}

/**
 * The credentials of `Authorization: Bearer <token>`, else null (no header, another scheme, an
 * empty bearer: "Missing authentication"). The token is returned as sent, however malformed, so
 * that it is refused as an invalid token. Query and body parameters are never read.
 */
export function bearerToken(request: { headers: IncomingHttpHeaders }): string | null {
  const header = request.headers.authorization;
  const token = header?.match(BEARER)?.[1]?.trim();
  // An empty bearer is no credential at all ("Missing authentication").
  return token === undefined || token.length === 0 ? null : token;
}

/**
 * The header and payload of a compact JWS, both JSON objects, or undefined when the token is not
 * one. Checked before the JWT library sees the token: it reads `payload.nbf` unguarded, so a
 * signed `null` payload would throw inside it instead of being refused.
 */
export function decodeJws(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } | undefined {
  if (!COMPACT_JWS.test(token)) return undefined;
  const [header, payload] = token.split('.', 2).map(decodeObject);
  return header && payload ? { header, payload } : undefined;
}

function decodeObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

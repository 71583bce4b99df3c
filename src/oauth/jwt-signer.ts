import { sign, type KeyObject } from 'node:crypto';

/** A compact RS256 JWS; node:crypto does the signing, so no JWT library decides our header. */
export function signRs256(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

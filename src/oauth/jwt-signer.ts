import { constants, createHmac, sign, type KeyObject } from 'node:crypto';
import type { SigningAlgorithm } from '../resource-servers/dto/resource-server-rules.js';

/** What signs a token: our RSA key (with its kid, for the JWKS) or an API's HS256 secret. */
export type JwtKey = { alg: Exclude<SigningAlgorithm, 'HS256'>; key: KeyObject; kid: string } | { alg: 'HS256'; secret: string };

const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS; node:crypto does the signing, so no JWT library decides our header. */
export function signJwt(claims: Record<string, unknown>, signer: JwtKey, typ: 'JWT' | 'at+jwt' = 'JWT'): string {
  // Auth0's HS256 tokens name no key: there is only the API's secret.
  const header = signer.alg === 'HS256' ? { alg: 'HS256', typ } : { alg: signer.alg, typ, kid: signer.kid };
  const input = `${encode(header)}.${encode(claims)}`;
  return `${input}.${signature(Buffer.from(input), signer).toString('base64url')}`;
}

function signature(data: Buffer, signer: JwtKey): Buffer {
  switch (signer.alg) {
    case 'HS256':
      return createHmac('sha256', signer.secret).update(data).digest();
    case 'RS256':
      return sign('sha256', data, signer.key);
    case 'RS512':
      return sign('sha512', data, signer.key);
    case 'PS256':
      // RFC 7518 §3.5: MGF1 with SHA-256 and a salt as long as the hash.
      return sign('sha256', data, {
        key: signer.key,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
      });
  }
}

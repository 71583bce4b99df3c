import { HttpStatus, Injectable } from '@nestjs/common';
import { compactVerify, decodeProtectedHeader, type ProtectedHeaderParameters } from 'jose';
import { ClientCredentialsRepository, type UsableCredential } from '../client-credentials/client-credentials.repository.js';
import { storedPublicKey } from '../client-credentials/public-key.js';
import { authenticationMethodsOf } from '../client-credentials/credential-references.js';
import { OAuthError } from '../common/oauth-error.js';
import { AppConfig } from '../config/app-config.js';
import type { Client } from '../generated/prisma/client.js';
import { TOKEN_ROUTE } from '../routes.js';
import { ClientAssertionJtisRepository } from './client-assertion-jtis.repository.js';

// Auth0's rules for a client assertion: a lifetime of at most 5 minutes, 10 seconds of clock skew
// for iat and nbf, and at most 64 characters of jti.
const MAX_LIFETIME_S = 300;
const CLOCK_SKEW_S = 10;
const MAX_JTI_LENGTH = 64;

const refuse = (description: string) => new OAuthError(HttpStatus.UNAUTHORIZED, 'invalid_client', description);

/** Verifies private_key_jwt client assertions (RFC 7523 §3, OIDC Core §9) as Auth0 does. */
@Injectable()
export class ClientAssertions {
  /** Auth0 takes the tenant's URL (its issuer, trailing slash included); RFC 7523 names the token endpoint. */
  private readonly audiences: ReadonlySet<string>;

  constructor(
    config: AppConfig,
    private readonly credentials: ClientCredentialsRepository,
    private readonly jtis: ClientAssertionJtisRepository,
  ) {
    const base = `https://${config.tenantDomain}/`;
    this.audiences = new Set([config.tokenIssuer, base, new URL(TOKEN_ROUTE, base).href]);
  }

  /** Undefined when the assertion authenticates the client; otherwise the refusal to answer. */
  async verify(client: Client, assertion: string): Promise<OAuthError | undefined> {
    const enabled = authenticationMethodsOf(client)?.private_key_jwt?.credentials ?? [];
    if (enabled.length === 0) return refuse('The client is not configured for private_key_jwt authentication.');
    let header: ProtectedHeaderParameters;
    try {
      header = decodeProtectedHeader(assertion);
    } catch {
      return refuse('Invalid client_assertion: not a signed JWT.');
    }
    const usable = await this.credentials.usable(
      client.client_id,
      enabled.map(({ id }) => id),
      'public_key',
    );
    const claims = await verifiedClaims(assertion, header, usable);
    if (!claims) return refuse('Invalid client_assertion: no enabled, unexpired credential of the client verifies its signature.');
    return this.checkClaims(client.client_id, claims);
  }

  private async checkClaims(clientId: string, claims: Record<string, unknown>): Promise<OAuthError | undefined> {
    const { iss, sub, aud, exp, iat, nbf, jti } = claims;
    if (iss !== clientId || sub !== clientId) return refuse('Invalid client_assertion: iss and sub must both be the client_id.');
    const audiences = Array.isArray(aud) ? aud : [aud];
    if (!audiences.some((value) => typeof value === 'string' && this.audiences.has(value)))
      return refuse(`Invalid client_assertion: aud must be ${[...this.audiences][0]}`);
    const now = Math.floor(Date.now() / 1000);
    if (typeof exp !== 'number') return refuse('Invalid client_assertion: the exp claim is required.');
    if (exp <= now) return refuse('Invalid client_assertion: it has expired.');
    if (typeof iat === 'number' && iat > now + CLOCK_SKEW_S) return refuse('Invalid client_assertion: iat is in the future.');
    if (typeof nbf === 'number' && nbf > now + CLOCK_SKEW_S) return refuse('Invalid client_assertion: it is not valid yet (nbf).');
    const issuedAt = typeof iat === 'number' ? Math.min(iat, now) : now;
    if (exp - issuedAt > MAX_LIFETIME_S + CLOCK_SKEW_S)
      return refuse(`Invalid client_assertion: its lifetime must not exceed ${MAX_LIFETIME_S} seconds.`);
    if (typeof jti !== 'string' || jti === '') return refuse('Invalid client_assertion: the jti claim is required.');
    if (jti.length > MAX_JTI_LENGTH) return refuse(`Invalid client_assertion: jti must be at most ${MAX_JTI_LENGTH} characters.`);
    // Last, once everything else holds: a refused assertion does not use up its jti.
    if (!(await this.jtis.claim(clientId, jti, new Date(exp * 1000))))
      return refuse('Invalid client_assertion: its jti has already been used.');
    return undefined;
  }
}

/**
 * The assertion's claims when one of the credentials verifies its signature: the credential its
 * kid names (any of them without a kid), with the algorithm registered for it (Auth0: "The
 * algorithm must match the algorithm specified when you created your application credential").
 */
async function verifiedClaims(
  assertion: string,
  header: ProtectedHeaderParameters,
  usable: UsableCredential[],
): Promise<Record<string, unknown> | undefined> {
  for (const { kid, alg, pem } of usable) {
    // A public key always has its alg and pem (credential-definitions.ts).
    if ((header.kid !== undefined && header.kid !== kid) || header.alg !== alg || pem === null) continue;
    try {
      const { payload } = await compactVerify(assertion, storedPublicKey(pem), { algorithms: [alg] });
      const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
      return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
    } catch {
      // Not this credential's signature (or not JSON): try the next.
    }
  }
  return undefined;
}

import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual, X509Certificate } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { OAuthError } from '../common/oauth-error.js';
import { AppConfig } from '../config/app-config.js';

/**
 * A client certificate the TLS-terminating edge took in the handshake and forwarded, as Auth0's
 * "Set up the Customer Edge" describes: `client-certificate` (the URL-encoded PEM),
 * `client-certificate-ca-verified` (SUCCESS when the edge verified its chain, FAILED with an
 * optional reason for a self-signed one) and `cname-api-key` (proof the edge sent it).
 */
export interface EdgeCertificate {
  certificate: X509Certificate;
  /** The edge verified the chain: a CA-signed certificate (tls_client_auth); otherwise self-signed. */
  caVerified: boolean;
}

// Wordings ours.
const refuse = (description: string) => new OAuthError(HttpStatus.UNAUTHORIZED, 'invalid_client', description);
const digest = (value: string) => createHash('sha256').update(value).digest();
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/** Reads the edge's headers; a request that did not come through the edge cannot use them. */
@Injectable()
export class EdgeCertificates {
  private readonly key?: Buffer;

  constructor(config: AppConfig) {
    this.key = config.mtlsCnameApiKey === undefined ? undefined : digest(config.mtlsCnameApiKey);
  }

  /** The forwarded certificate; undefined when there is none or mTLS is not served. */
  read(headers: IncomingHttpHeaders): EdgeCertificate | undefined {
    const forwarded = single(headers['client-certificate']);
    if (!this.key || forwarded === undefined) return undefined;
    // Hashed first, so the comparison takes the same time whatever the length sent.
    const sent = single(headers['cname-api-key']);
    if (sent === undefined || !timingSafeEqual(digest(sent), this.key))
      throw refuse('A client-certificate header is only taken from the edge: cname-api-key is missing or wrong.');
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(decodeURIComponent(forwarded));
    } catch {
      throw refuse('Invalid client-certificate header: a URL-encoded PEM certificate is expected.');
    }
    return { certificate, caVerified: single(headers['client-certificate-ca-verified']) === 'SUCCESS' };
  }
}

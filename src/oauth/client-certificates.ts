import { HttpStatus, Injectable } from '@nestjs/common';
import { ClientCredentialsRepository } from '../client-credentials/client-credentials.repository.js';
import { certificateThumbprint } from '../client-credentials/credential-definitions.js';
import { authenticationMethodsOf } from '../client-credentials/credential-references.js';
import { OAuthError } from '../common/oauth-error.js';
import type { Client } from '../generated/prisma/client.js';
import type { EdgeCertificate } from './edge-certificate.js';

// Wordings ours.
const refuse = (description: string) => new OAuthError(HttpStatus.UNAUTHORIZED, 'invalid_client', description);

/**
 * mTLS client authentication (RFC 8705) as Auth0 makes it: a certificate whose chain the edge
 * verified authenticates a tls_client_auth client when its subject DN is one of the client's
 * enabled cert_subject_dn credentials; a self-signed one, a self_signed_tls_client_auth client when
 * its SHA-256 thumbprint is one of its enabled, unexpired x509_cert credentials.
 */
@Injectable()
export class ClientCertificates {
  constructor(private readonly credentials: ClientCredentialsRepository) {}

  /** Undefined when the certificate authenticates the client; otherwise the refusal to answer. */
  async verify(client: Client, { certificate, caVerified }: EdgeCertificate): Promise<OAuthError | undefined> {
    const methods = authenticationMethodsOf(client);
    const method = caVerified ? methods?.tls_client_auth : methods?.self_signed_tls_client_auth;
    const name = caVerified ? 'tls_client_auth (a CA-signed certificate)' : 'self_signed_tls_client_auth (a self-signed certificate)';
    if (!method?.credentials.length) return refuse(`The client is not configured for ${name}.`);
    const enabled = method.credentials.map(({ id }) => id);
    if (caVerified) {
      const usable = await this.credentials.usable(client.client_id, enabled, 'cert_subject_dn');
      if (usable.some(({ subject_dn }) => subject_dn === certificate.subject)) return undefined;
      return refuse("Invalid client certificate: its subject DN is not one of the client's enabled credentials.");
    }
    const thumbprint = certificateThumbprint(certificate);
    const usable = await this.credentials.usable(client.client_id, enabled, 'x509_cert');
    if (usable.some((credential) => credential.thumbprint_sha256 === thumbprint)) return undefined;
    return refuse("Invalid client certificate: it is not one of the client's enabled, unexpired certificates.");
  }
}

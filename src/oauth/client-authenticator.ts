import { HttpStatus, Injectable } from '@nestjs/common';
import { authenticationMethodsOf, usesCredentials } from '../client-credentials/credential-references.js';
import { verifySecret } from '../clients/client-secret.js';
import { ClientsRepository } from '../clients/clients.repository.js';
import { OAuthError } from '../common/oauth-error.js';
import type { Client } from '../generated/prisma/client.js';
import { ClientAssertions } from './client-assertions.js';
import { ClientCertificates } from './client-certificates.js';
import type { ClientAuthentication } from './client-authentication-request.js';
import { FailedAttemptsLimiter } from './failed-attempts.limiter.js';

const failed = () => new OAuthError(HttpStatus.UNAUTHORIZED, 'invalid_client', 'Client authentication failed.');

/**
 * Client authentication for every grant of the token endpoint, within the failed-attempt limits:
 * a wrong secret, a refused assertion and a refused certificate spend from the same buckets.
 */
@Injectable()
export class ClientAuthenticator {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly failures: FailedAttemptsLimiter,
    private readonly assertions: ClientAssertions,
    private readonly certificates: ClientCertificates,
  ) {}

  async authenticate(credentials: ClientAuthentication, ip: string): Promise<Client> {
    let refusal: OAuthError | undefined;
    const client = await this.failures.attempt(credentials.client_id, ip, async () => {
      const client = await this.clients.find(credentials.client_id);
      // Only a client registered as public may go without credentials; nothing is hashed for it.
      if ('public' in credentials) return client?.token_endpoint_auth_method === 'none' ? client : undefined;
      if ('client_assertion' in credentials || 'client_certificate' in credentials) {
        if (!client) return undefined;
        refusal =
          'client_assertion' in credentials
            ? await this.assertions.verify(client, credentials.client_assertion)
            : await this.certificates.verify(client, credentials.client_certificate);
        return refusal ? undefined : client;
      }
      // Unknown client and wrong secret look the same, in body and (thanks to the decoy hash) in time.
      if (!(await verifySecret(credentials.client_secret, client?.secret_hash)) || !client) return undefined;
      // A client with client_authentication_methods (private_key_jwt, mTLS) has no
      // token_endpoint_auth_method: its secret no longer authenticates it.
      return usesCredentials(authenticationMethodsOf(client)) ? undefined : client;
    });
    if (!client) throw refusal ?? failed();
    return client;
  }
}

import { HttpStatus, Injectable } from '@nestjs/common';
import { verifySecret } from '../clients/client-secret.js';
import { ClientsRepository } from '../clients/clients.repository.js';
import { OAuthError } from '../common/oauth-error.js';
import type { Client } from '../generated/prisma/client.js';
import { FailedAttemptsLimiter } from './failed-attempts.limiter.js';
import type { ClientAuthentication } from './token-request.js';

/** Client authentication for every grant of the token endpoint, within the failed-attempt limits. */
@Injectable()
export class ClientAuthenticator {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly failures: FailedAttemptsLimiter,
  ) {}

  async authenticate(credentials: ClientAuthentication, ip: string): Promise<Client> {
    const client = await this.failures.attempt(credentials.client_id, ip, async () => {
      const client = await this.clients.find(credentials.client_id);
      // Unknown client and wrong secret look the same, in body and (thanks to the decoy hash) in time.
      return (await verifySecret(credentials.client_secret, client?.secret_hash)) && client ? client : undefined;
    });
    if (!client) throw new OAuthError(HttpStatus.UNAUTHORIZED, 'invalid_client', 'Client authentication failed.');
    return client;
  }
}

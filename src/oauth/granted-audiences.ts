import { HttpStatus, Injectable } from '@nestjs/common';
import { ClientGrantsRepository } from '../client-grants/client-grants.repository.js';
import { OAuthError } from '../common/oauth-error.js';
import type { ClientGrant } from '../generated/prisma/client.js';
import { ResourceServerCatalog, type Audience } from '../resource-servers/resource-server-catalog.js';

/** The API an audience names and the client's grant for it, refused as Auth0 refuses either missing. */
@Injectable()
export class GrantedAudiences {
  constructor(
    private readonly apis: ResourceServerCatalog,
    private readonly grants: ClientGrantsRepository,
  ) {}

  async find(clientId: string, audience: string): Promise<{ api: Audience; grant: ClientGrant }> {
    const api = await this.apis.find(audience);
    // Auth0's answer for an audience that names no API of the tenant.
    if (!api) throw new OAuthError(HttpStatus.FORBIDDEN, 'access_denied', `Service not found: ${audience}`);
    const grant = await this.grants.findFor(clientId, audience);
    if (!grant) {
      throw new OAuthError(
        HttpStatus.FORBIDDEN,
        'access_denied',
        `Client is not authorized to access "${audience}". You need to create a "client-grant" associated to this API. See: https://auth0.com/docs/api/v2#!/Client_Grants/post_client_grants`,
      );
    }
    return { api, grant };
  }
}

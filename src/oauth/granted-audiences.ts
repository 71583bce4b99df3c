import { HttpStatus, Injectable } from '@nestjs/common';
import { ClientGrantsRepository } from '../client-grants/client-grants.repository.js';
import { OAuthError } from '../common/oauth-error.js';
import type { Client, ClientGrant } from '../generated/prisma/client.js';
import { ResourceServerCatalog, type Audience } from '../resource-servers/resource-server-catalog.js';

/** What a token request rests on: the API, the grant, and the scopes the grant allows. */
interface GrantedAudience {
  api: Audience;
  grant: ClientGrant;
  scopes: string[];
}

/** The API an audience names and the client's grant for it, refused as Auth0 refuses either missing. */
@Injectable()
export class GrantedAudiences {
  constructor(
    private readonly apis: ResourceServerCatalog,
    private readonly grants: ClientGrantsRepository,
  ) {}

  async find(client: Pick<Client, 'client_id' | 'is_first_party'>, audience: string): Promise<GrantedAudience> {
    const api = await this.apis.find(audience);
    // Auth0's answer for an audience that names no API of the tenant.
    if (!api) throw new OAuthError(HttpStatus.FORBIDDEN, 'access_denied', `Service not found: ${audience}`);
    // A third-party client without a grant of its own rests on the API's default grant for them.
    const grant =
      (await this.grants.findFor(client.client_id, audience)) ??
      (client.is_first_party ? undefined : await this.grants.findDefaultFor('third_party_clients', audience));
    if (!grant) {
      throw new OAuthError(
        HttpStatus.FORBIDDEN,
        'access_denied',
        `Client is not authorized to access "${audience}". You need to create a "client-grant" associated to this API. See: https://auth0.com/docs/api/v2#!/Client_Grants/post_client_grants`,
      );
    }
    // allow_all_scopes: the API's scopes as they are now, those added later included.
    return { api, grant, scopes: grant.allow_all_scopes === true ? api.scopes : grant.scope };
  }
}

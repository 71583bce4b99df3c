import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import type { SigningAlgorithm } from './dto/resource-server-rules.js';
import { managementApi } from './management-api.js';
import { ResourceServersRepository } from './resource-servers.repository.js';
import { scopesOf } from './resource-server-scopes.js';
import { SealedSecrets } from '../common/sealed-secrets.js';

/** What grants and the token endpoint need to know of an API. */
export interface Audience {
  identifier: string;
  scopes: string[];
  signingAlg: SigningAlgorithm;
  tokenLifetime: number;
  /** HS256 only: the secret in clear. */
  secret?: string;
  system: boolean;
  /** Whether refresh tokens may be issued for it (offline_access). */
  allowOfflineAccess: boolean;
  /** RBAC: a user's token holds only the requested scopes the user holds. */
  enforcePolicies: boolean;
  /** access_token_authz and rfc9068_profile_authz add a `permissions` claim. */
  permissionsClaim: boolean;
  /** The access token's JOSE `typ`: RFC 9068 §2.1's `at+jwt` under the rfc9068 dialects. */
  accessTokenType: 'JWT' | 'at+jwt';
}

const AUTHZ_DIALECTS: ReadonlySet<string | null> = new Set(['access_token_authz', 'rfc9068_profile_authz']);
const RFC9068_DIALECTS: ReadonlySet<string | null> = new Set(['rfc9068_profile', 'rfc9068_profile_authz']);

/** The APIs of the tenant by audience: the Management API (synthesised) and the stored ones. */
@Injectable()
export class ResourceServerCatalog {
  constructor(
    private readonly servers: ResourceServersRepository,
    private readonly secrets: SealedSecrets,
    private readonly config: AppConfig,
  ) {}

  async find(identifier: string): Promise<Audience | undefined> {
    if (identifier === this.config.tokenAudience) {
      const api = managementApi(identifier);
      return {
        identifier,
        scopes: api.scopes.map((scope) => scope.value),
        signingAlg: 'RS256',
        tokenLifetime: api.token_lifetime,
        system: true,
        allowOfflineAccess: false,
        enforcePolicies: false,
        permissionsClaim: false,
        accessTokenType: 'JWT',
      };
    }
    const row = await this.servers.findByIdentifier(identifier);
    if (!row) return undefined;
    return {
      identifier,
      scopes: scopesOf(row.scopes).map((scope) => scope.value),
      signingAlg: row.signing_alg as SigningAlgorithm,
      tokenLifetime: row.token_lifetime,
      secret: row.signing_alg === 'HS256' && row.signing_secret !== null ? this.secrets.open(row.signing_secret) : undefined,
      system: false,
      allowOfflineAccess: row.allow_offline_access,
      enforcePolicies: row.enforce_policies === true,
      permissionsClaim: AUTHZ_DIALECTS.has(row.token_dialect),
      accessTokenType: RFC9068_DIALECTS.has(row.token_dialect) ? 'at+jwt' : 'JWT',
    };
  }
}

import { Injectable } from '@nestjs/common';
import type { Actor } from '../action-runtime/child/actor.js';
import { AppConfig } from '../config/app-config.js';
import type { Client } from '../generated/prisma/client.js';
import type { Audience } from '../resource-servers/resource-server-catalog.js';
import { EffectivePermissions } from '../roles/effective-permissions.js';
import type { UserRow } from '../users/dto/user.view.js';
import { userClaims } from '../authentication/user-claims.js';
import type { Issued, TokenResponse } from './token-issuer.service.js';
import { TokenSigning } from './token-signing.js';
import { userinfoUrl } from './userinfo-audience.js';

// Auth0's default ID token lifetime (a client's jwt_configuration.lifetime_in_seconds overrides it).
const DEFAULT_ID_TOKEN_LIFETIME = 36_000;
// Scopes that are no API's permissions: OIDC's and offline_access pass RBAC untouched.
const NOT_PERMISSIONS: ReadonlySet<string> = new Set(['openid', 'profile', 'email', 'offline_access']);

/** What both tokens say of the request's organization. */
export interface OrganizationClaims {
  org_id: string;
  org_name?: string;
}

interface UserTokenRequest {
  client: Client;
  user: UserRow;
  api: Audience;
  /** What the grant allows; RBAC narrows it further for an API that enforces policies. */
  scopes: string[];
  organization?: OrganizationClaims;
  /** The action's api.authentication.setActor: Auth0 puts it as `act` in both tokens. */
  actor?: Actor;
}

/** The tokens a user grant answers with: an access token for the API, and an ID token when `openid` was asked for. */
@Injectable()
export class UserTokens {
  constructor(
    private readonly signing: TokenSigning,
    private readonly config: AppConfig,
    private readonly permissions: EffectivePermissions,
  ) {}

  /**
   * Every user grant issues through here, so RBAC applies to each alike, read afresh at each
   * issue (a permission removed is gone from the next token, refreshes included): with
   * enforce_policies the API's scopes are those the user holds (directly, through roles, and
   * through their roles in the token's organization); an authz dialect lists them all as
   * `permissions`, requested or not, as Auth0 does.
   */
  async issue({ client, user, api, scopes: allowed, organization, actor }: UserTokenRequest): Promise<Issued> {
    const held =
      api.enforcePolicies || api.permissionsClaim
        ? await this.permissions.scopesFor(user.user_id, api.identifier, organization?.org_id)
        : undefined;
    const scopes = api.enforcePolicies && held ? allowed.filter((scope) => NOT_PERMISSIONS.has(scope) || held.has(scope)) : allowed;
    const now = Math.floor(Date.now() / 1000);
    const scope = scopes.join(' ');
    // Claims both tokens carry besides their own.
    const shared = { ...organization, ...(actor ? { act: actor } : {}) };
    const access = {
      iss: this.config.tokenIssuer,
      sub: user.user_id,
      // Auth0 adds its /userinfo audience when openid is granted, so the token also reads the profile.
      aud: audiences(api.identifier, scopes.includes('openid') ? userinfoUrl(this.config) : undefined),
      iat: now,
      exp: now + api.tokenLifetime,
      scope,
      azp: client.client_id,
      ...shared,
      ...(api.permissionsClaim && held ? { permissions: [...held].sort() } : {}),
    };
    const response: TokenResponse = {
      access_token: await this.signing.accessToken(access, api),
      token_type: 'Bearer',
      expires_in: api.tokenLifetime,
      scope,
    };
    if (scopes.includes('openid')) response.id_token = await this.signing.idToken(this.idClaims(client, user, scopes, now, shared));
    const granted = {
      client_id: client.client_id,
      user_id: user.user_id,
      audience: api.identifier,
      scope,
      organization_id: organization?.org_id,
    };
    return { response, granted };
  }

  /** The ID token: the user's claims for the scopes granted, for the client. */
  private idClaims(client: Client, user: UserRow, scopes: string[], now: number, shared: object): Record<string, unknown> {
    const lifetime =
      (client.jwt_configuration as { lifetime_in_seconds?: number } | null)?.lifetime_in_seconds ?? DEFAULT_ID_TOKEN_LIFETIME;
    return {
      ...userClaims(user, scopes),
      iss: this.config.tokenIssuer,
      sub: user.user_id,
      aud: client.client_id,
      iat: now,
      exp: now + lifetime,
      ...shared,
    };
  }
}

/** One audience as a string, two as an array (a token for /userinfo alone names it once). */
function audiences(api: string, userinfo: string | undefined): string | string[] {
  return userinfo === undefined || userinfo === api ? api : [api, userinfo];
}

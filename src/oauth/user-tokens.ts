import { Injectable } from '@nestjs/common';
import type { Actor } from '../action-runtime/child/actor.js';
import { AppConfig } from '../config/app-config.js';
import type { Client } from '../generated/prisma/client.js';
import type { Audience } from '../resource-servers/resource-server-catalog.js';
import { EffectivePermissions } from '../roles/effective-permissions.js';
import type { UserRow } from '../users/dto/user.view.js';
import type { Issued, TokenResponse } from './token-issuer.service.js';
import { TokenSigning } from './token-signing.js';

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
      // Auth0 adds its /userinfo audience when openid is asked for; this service has no /userinfo.
      aud: api.identifier,
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

  /** OIDC's standard claims for the scopes asked for (profile, email), as Auth0 puts them in ID tokens. */
  private idClaims(client: Client, user: UserRow, scopes: string[], now: number, shared: object): Record<string, unknown> {
    const lifetime =
      (client.jwt_configuration as { lifetime_in_seconds?: number } | null)?.lifetime_in_seconds ?? DEFAULT_ID_TOKEN_LIFETIME;
    const profile = scopes.includes('profile')
      ? defined({
          name: user.name,
          nickname: user.nickname,
          picture: user.picture,
          given_name: user.given_name,
          family_name: user.family_name,
          updated_at: user.updated_at.toISOString(),
        })
      : {};
    const email = scopes.includes('email') && user.email !== null ? { email: user.email, email_verified: user.email_verified } : {};
    return {
      ...profile,
      ...email,
      iss: this.config.tokenIssuer,
      sub: user.user_id,
      aud: client.client_id,
      iat: now,
      exp: now + lifetime,
      ...shared,
    };
  }
}

function defined(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== null && value !== undefined));
}

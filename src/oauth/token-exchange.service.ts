import { Injectable } from '@nestjs/common';
import { ActionRuntime, type ActionCommand, type CustomTokenExchangeEvent } from '../action-runtime/action-run.js';
import type { Actor } from '../action-runtime/child/actor.js';
import { AppConfig } from '../config/app-config.js';
import { RefreshTokens } from '../refresh-tokens/refresh-tokens.service.js';
import type { Client } from '../generated/prisma/client.js';
import { TokenExchangeProfilesRepository } from '../token-exchange-profiles/token-exchange-profiles.repository.js';
import { ClientAuthenticator } from './client-authenticator.js';
import { ExchangeUsers } from './exchange-users.js';
import { InvalidSubjectTokenLimiter } from './invalid-subject-token.limiter.js';
import { OrganizationMembershipRepository } from './organization-membership.repository.js';
import { organizationNotFound } from './organization-errors.js';
import { GrantedAudiences } from './granted-audiences.js';
import type { Issued } from './token-issuer.service.js';
import { ID_TOKEN_TYPE, type TokenExchangeRequest } from './token-request.js';
import { ActorIdTokens } from './actor-id-tokens.js';
import {
  actionFailed,
  denied,
  exchangeNotAllowed,
  invalidSubjectToken,
  noUserSet,
  notAMember,
  unsupportedSubjectTokenType,
  userBlocked,
} from './token-exchange-errors.js';
import { UserTokens, type OrganizationClaims } from './user-tokens.js';
import { OFFLINE_ACCESS, userTokenScopes } from './userinfo-audience.js';

/** What the action's event says of the HTTP request, besides its body. */
interface TokenRequestContext {
  ip: string;
  hostname: string;
  userAgent?: string;
  language?: string;
}

// Never handed to the action: the client's credentials, and the tokens event.transaction already carries.
const HIDDEN_BODY_FIELDS = ['client_secret', 'client_assertion', 'subject_token', 'actor_token'];

/**
 * Auth0's Custom Token Exchange grant: authenticate the client, find the profile of the
 * subject_token_type (a database read per exchange, so profile changes apply at once everywhere),
 * run its action, then apply what the action decided, in Auth0's order: a denial first, then the
 * user it set, then that user's metadata writes; then issue the user's tokens.
 */
@Injectable()
export class TokenExchangeService {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly profiles: TokenExchangeProfilesRepository,
    private readonly audiences: GrantedAudiences,
    private readonly runtime: ActionRuntime,
    private readonly limiter: InvalidSubjectTokenLimiter,
    private readonly users: ExchangeUsers,
    private readonly organizations: OrganizationMembershipRepository,
    private readonly tokens: UserTokens,
    private readonly config: AppConfig,
    private readonly actorIdTokens: ActorIdTokens,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  async exchange(request: TokenExchangeRequest, context: TokenRequestContext): Promise<Issued> {
    const client = await this.authenticator.authenticate(request, context.ip);
    // Auth0: the client must have Custom Token Exchange enabled and be a first-party application.
    const allowed = (client.token_exchange as { allow_any_profile_of_type?: string[] } | null)?.allow_any_profile_of_type ?? [];
    if (!allowed.includes('custom_authentication') || !client.is_first_party) throw exchangeNotAllowed();
    const { api, scopes: grantScopes } = await this.audiences.find(client, request.audience);
    const profile = await this.profiles.findBySubjectTokenType(request.subject_token_type);
    if (!profile) throw unsupportedSubjectTokenType(request.subject_token_type);
    await this.limiter.check(context.ip);
    const actorUser = request.actor?.type === ID_TOKEN_TYPE ? await this.actorIdTokens.user(request.actor.token) : undefined;
    const run = await this.runtime.runCustomTokenExchange(profile.action_id, this.event(request, context, client, actorUser));
    if (!run.outcome.ok) throw actionFailed(run.outcome.failure, run.outcome.message);
    const decision = decide(run.commands);
    if (decision.kind === 'reject') {
      await this.limiter.rejected(context.ip);
      throw invalidSubjectToken(decision.reason);
    }
    if (decision.kind === 'deny') throw denied(decision.code, decision.reason);
    let user = await this.users.resolve(decision.setUser, client.client_id);
    if (user.blocked) throw userBlocked();
    user = await this.users.applyMetadata(user, decision.metadata);
    const organization = request.organization ? await this.organization(request.organization, user.user_id) : undefined;
    // Auth0: offline_access buys a refresh token where the API allows offline access and the client
    // the refresh_token grant, and never with an actor (each delegated access goes through the action).
    const offline =
      request.scopes.includes(OFFLINE_ACCESS) && !decision.actor && api.allowOfflineAccess && client.grant_types.includes('refresh_token');
    // Within the client's grant.
    const scopes = userTokenScopes(request.scopes, grantScopes, offline);
    const issued = await this.tokens.issue({ client, user, api, scopes, organization, actor: decision.actor });
    if (!offline) return issued;
    const origin = { ip: context.ip, userAgent: context.userAgent };
    const refresh_token = await this.refreshTokens.issue(
      { client, userId: user.user_id, audience: api.identifier, scopes, organization },
      origin,
    );
    return { ...issued, response: { ...issued.response, refresh_token } };
  }

  /**
   * The organization's claims. Auth0 takes a name only with allow_organization_name_in_authentication_api,
   * and then puts org_name beside org_id; auth0-auth-js checks org_name in the ID token when it sent a name.
   */
  private async organization(organization: string, userId: string): Promise<OrganizationClaims> {
    const found = await this.organizations.find(organization, userId);
    if (!found) throw organizationNotFound(organization);
    if (!found.member) throw notAMember(organization);
    return found.id === organization ? { org_id: found.id } : { org_id: found.id, org_name: found.name };
  }

  private event(request: TokenExchangeRequest, context: TokenRequestContext, client: Client, actorUser?: object): CustomTokenExchangeEvent {
    const body = Object.fromEntries(Object.entries(request.body).filter(([name]) => !HIDDEN_BODY_FIELDS.includes(name)));
    return {
      client: { client_id: client.client_id, name: client.name, metadata: client.client_metadata as Record<string, string> },
      request: {
        body,
        ip: context.ip,
        hostname: context.hostname,
        ...(context.userAgent !== undefined ? { user_agent: context.userAgent } : {}),
        ...(context.language !== undefined ? { language: context.language } : {}),
        method: 'POST',
      },
      resource_server: { identifier: request.audience },
      // Auth0's tenant id is the first label of the tenant's domain.
      tenant: { id: this.config.tenantDomain.split(':')[0].split('.')[0] },
      transaction: {
        subject_token: request.subject_token,
        subject_token_type: request.subject_token_type,
        requested_scopes: request.scopes,
        ...(request.requested_token_type !== undefined ? { requested_token_type: request.requested_token_type } : {}),
        ...(request.actor ? { actor_token: request.actor.token, actor_token_type: request.actor.type } : {}),
        ...(actorUser ? { actor_token_user: actorUser } : {}),
      },
    };
  }
}

type SetUser = Extract<ActionCommand, { op: 'authentication.setUserById' | 'authentication.setUserByConnection' }>;
type Metadata = Extract<ActionCommand, { op: 'user.setAppMetadata' | 'user.setUserMetadata' }>;
type Decision =
  | { kind: 'reject'; reason: string }
  | { kind: 'deny'; code: string; reason: string }
  | { kind: 'user'; setUser: SetUser; metadata: Metadata[]; actor?: Actor };

/**
 * What the recorded calls amount to. The first denial (deny or rejectInvalidSubjectToken) decides,
 * whatever was called around it: Auth0 marks the exchange denied and nothing after undoes that.
 * Otherwise the user is the last one set (Auth0 asks for exactly one), and the metadata writes apply in order;
 * the actor, optional, is the last one set: Auth0 issues an `act` claim only when the action sets one,
 * whether or not the request carried an actor_token.
 */
function decide(commands: ActionCommand[]): Decision {
  let setUser: SetUser | undefined;
  let actor: Actor | undefined;
  const metadata: Metadata[] = [];
  for (const command of commands) {
    switch (command.op) {
      case 'access.rejectInvalidSubjectToken':
        return { kind: 'reject', reason: command.reason };
      case 'access.deny':
        return { kind: 'deny', code: command.code, reason: command.reason };
      case 'authentication.setUserById':
      case 'authentication.setUserByConnection':
        setUser = command;
        break;
      case 'authentication.setActor':
        actor = command.actor;
        break;
      case 'user.setAppMetadata':
      case 'user.setUserMetadata':
        metadata.push(command);
        break;
    }
  }
  if (!setUser) throw noUserSet();
  return { kind: 'user', setUser, metadata, actor };
}

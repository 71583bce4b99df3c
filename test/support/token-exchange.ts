import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { ActionsClient } from 'auth0/actions';
import assert from 'node:assert/strict';
import type { Response } from 'supertest';
import { expectOAuthError } from './responses.js';
import type { IssuedClient } from './issuer.js';
import { Sdk } from './sdk.js';
import type { TestApp } from './test-app.js';

export const EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

const SCOPES = [
  'create:actions read:actions update:actions delete:actions create:clients update:clients',
  'create:token_exchange_profiles read:token_exchange_profiles update:token_exchange_profiles delete:token_exchange_profiles',
].join(' ');

export const unique = (): string => randomBytes(5).toString('hex');

// Loopback answers from any 127.x.y.z, so a test can be several callers on one machine.
const agents = new Map<string, Agent>();
function agentFor(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) agents.set(address, (agent = new Agent({ localAddress: address })));
  return agent;
}

export interface ExchangeClient extends IssuedClient {
  audience: string;
}

/**
 * What a custom token exchange needs, made through the Management API as a tenant admin would:
 * actions created and deployed by the official SDK v7, clients, profiles.
 */
export class ExchangeKit {
  private constructor(
    private readonly t: TestApp,
    readonly auth: string,
    readonly actions: ActionsClient,
    readonly baseUrl: string,
  ) {}

  static async start(t: TestApp): Promise<ExchangeKit> {
    const auth = await t.bearer(SCOPES);
    const baseUrl = await Sdk.listen(t);
    return new ExchangeKit(t, auth, new ActionsClient({ baseUrl, token: auth.slice('Bearer '.length), maxRetries: 0 }), baseUrl);
  }

  /** A custom-token-exchange action with this code, created and deployed through the SDK v7; its id. */
  async deployedAction(code: string, secrets: { name: string; value: string }[] = []): Promise<string> {
    const created = await this.actions.create({
      name: `cte-${unique()}`,
      supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
      code,
      secrets,
    });
    await this.actions.deploy(created.id ?? '');
    return created.id ?? '';
  }

  /** A profile for the action through POST /token-exchange-profiles. */
  async profile(actionId: string, subjectTokenType = `urn:acme:${unique()}`): Promise<{ id: string; subject_token_type: string }> {
    const res = await this.t.api
      .post('/api/v2/token-exchange-profiles')
      .set('Authorization', this.auth)
      .send({ name: `profile ${unique()}`, subject_token_type: subjectTokenType, action_id: actionId, type: 'custom_authentication' });
    if (res.status !== 201) throw new Error(`profile creation failed: ${res.status} ${res.text}`);
    return res.body as { id: string; subject_token_type: string };
  }

  /** The action deployed and bound to a new profile; the profile's subject_token_type. */
  async profileRunning(code: string): Promise<string> {
    return (await this.profile(await this.deployedAction(code))).subject_token_type;
  }

  /** A client with Custom Token Exchange enabled (POST /clients) and a grant for an API with `scopes`. */
  async client(scopes: string[] = ['read:things'], settings: Record<string, unknown> = {}): Promise<ExchangeClient> {
    const res = await this.t.api
      .post('/api/v2/clients')
      .set('Authorization', this.auth)
      .send({
        name: `cte ${unique()}`,
        app_type: 'regular_web',
        token_exchange: { allow_any_profile_of_type: ['custom_authentication'] },
        ...settings,
      });
    if (res.status !== 201) throw new Error(`client creation failed: ${res.status} ${res.text}`);
    const { client_id, client_secret } = res.body as IssuedClient;
    const grant = await this.t.factories.clientGrant({ client_id, scope: scopes });
    return { client_id, client_secret, audience: grant.audience };
  }
}

/** POST /oauth/token with the token exchange grant, client_secret in the body, as JSON; from `address` when given. */
export function exchange(
  t: TestApp,
  client: ExchangeClient,
  params: Record<string, unknown>,
  options: { address?: string; form?: boolean } = {},
): Promise<Response> {
  let req = t.api.post('/oauth/token');
  if (options.address) req = req.agent(agentFor(options.address));
  if (options.form) req = req.type('form');
  return req
    .send({
      grant_type: EXCHANGE_GRANT,
      client_id: client.client_id,
      client_secret: client.client_secret,
      audience: client.audience,
      subject_token: 'a-subject-token',
      ...params,
    })
    .then((res) => res);
}

/** Rejects any subject token but "good:<user id>", whose user it sets. */
export const VALIDATING = `exports.onExecuteCustomTokenExchange = async (event, api) => {
  const token = event.transaction.subject_token;
  if (!token.startsWith('good:')) return api.access.rejectInvalidSubjectToken('Invalid subject_token');
  api.authentication.setUserById(token.slice(5));
};`;

/** Auth0's Suspicious IP Throttling answer for Custom Token Exchange. */
export function expectTooManyAttempts(res: Response): void {
  expectOAuthError(
    res,
    429,
    'too_many_attempts',
    'We have detected suspicious login behavior and further attempts will be blocked. Please contact the administrator.',
  );
  assert.match(res.headers['retry-after'], /^[1-9]\d*$/, 'Retry-After in whole seconds');
}

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from '../support/issuer.js';
import { expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, type ExchangeClient } from '../support/token-exchange.js';
import { UserFactories } from '../support/user-factories.js';

const SET_USER_BY_ID =
  'exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); };';
// The actor is what the request's actor_token says (a test's stand-in for validating it), and what the action saw.
const ACTOR_FROM_TOKEN = `exports.onExecuteCustomTokenExchange = async (event, api) => {
  const { actor_token, actor_token_type, actor_token_user } = event.transaction;
  if (actor_token !== undefined) api.authentication.setActor({
    sub: actor_token_user ? actor_token_user.user_id : actor_token,
    type: actor_token_type,
    in_body: Object.keys(event.request.body).filter((k) => k.startsWith('actor_')).join(' '),
  });
  api.authentication.setUserById(event.transaction.subject_token);
};`;
const setting = (actor: string) =>
  `exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); api.authentication.setActor(${actor}); };`;
const ACTOR_TYPE = 'urn:acme:agent-token';

describe('POST /oauth/token (custom token exchange): actors', () => {
  let t: TestApp;
  let kit: ExchangeKit;
  let users: UserFactories;
  let connectionId: string;
  let client: ExchangeClient;
  let fromToken: string;
  before(async () => {
    t = await startTestApp();
    kit = await ExchangeKit.start(t);
    users = new UserFactories(t.prisma);
    connectionId = (await users.connection()).id;
    client = await kit.client(['read:things']);
    fromToken = await kit.profileRunning(ACTOR_FROM_TOKEN);
  });
  after(() => t.close());

  it('passes actor_token and actor_token_type to the action (not in request.body); setActor puts act in both tokens', async () => {
    const user = await users.user(connectionId);
    const res = await exchange(t, client, {
      subject_token: user.user_id,
      subject_token_type: fromToken,
      actor_token: 'agent-42',
      actor_token_type: ACTOR_TYPE,
      scope: 'openid read:things offline_access',
    });
    assert.equal(res.status, 200, res.text);
    const act = { sub: 'agent-42', type: ACTOR_TYPE, in_body: 'actor_token_type' };
    assert.deepEqual(decodeJwt(res.body.access_token).claims.act, act);
    assert.deepEqual(decodeJwt(res.body.id_token).claims.act, act);
    assert.equal(decodeJwt(res.body.access_token).claims.sub, user.user_id);
    // No refresh token, and offline_access is not granted, with an actor or without.
    assert.equal(res.body.refresh_token, undefined);
    assert.equal(res.body.scope, 'openid read:things');
  });

  it('no act claim unless the action sets an actor, whatever the request carried; setActor works without an actor_token', async () => {
    const user = await users.user(connectionId);
    const plain = await kit.profileRunning(SET_USER_BY_ID);
    const res = await exchange(t, client, {
      subject_token: user.user_id,
      subject_token_type: plain,
      actor_token: 'x',
      actor_token_type: ACTOR_TYPE,
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(decodeJwt(res.body.access_token).claims.act, undefined);
    const chain = `{ sub: 'svc-a', n: 1, ok: true, act: { sub: 'svc-b', act: { sub: 'svc-c', act: { sub: 'svc-d', act: { sub: 'svc-e' } } } } }`;
    const nested = await exchange(t, client, { subject_token: user.user_id, subject_token_type: await kit.profileRunning(setting(chain)) });
    assert.equal(nested.status, 200, nested.text);
    assert.deepEqual(decodeJwt(nested.body.access_token).claims.act, {
      sub: 'svc-a',
      n: 1,
      ok: true,
      act: { sub: 'svc-b', act: { sub: 'svc-c', act: { sub: 'svc-d', act: { sub: 'svc-e' } } } },
    });
  });

  it('refuses an actor_token without its type, a type without its token, and a type in a reserved or foreign namespace', async () => {
    const user = await users.user(connectionId);
    const base = { subject_token: user.user_id, subject_token_type: fromToken };
    expectOAuthError(
      await exchange(t, client, { ...base, actor_token: 'a' }),
      400,
      'invalid_request',
      'Missing required parameter: actor_token_type',
    );
    expectOAuthError(
      await exchange(t, client, { ...base, actor_token_type: ACTOR_TYPE }),
      400,
      'invalid_request',
      'Missing required parameter: actor_token',
    );
    for (const type of ['urn:ietf:params:oauth:token-type:access_token', 'https://AUTH0.com/agent', 'http://acme.com/agent', 'agent']) {
      expectOAuthError(
        await exchange(t, client, { ...base, actor_token: 'a', actor_token_type: type }),
        400,
        'invalid_request',
        `Invalid actor_token_type: ${type}. It must be an https:// or urn: URI outside the reserved namespaces.`,
      );
    }
  });

  it('refuses a malformed actor: the action fails where setActor was called, and no token is issued', async () => {
    const user = await users.user(connectionId);
    const six = `{ sub: '1', act: { sub: '2', act: { sub: '3', act: { sub: '4', act: { sub: '5', act: { sub: '6' } } } } } }`;
    const cases: [string, string][] = [
      ['undefined', 'actor must be an object'],
      [`{ name: 'no sub' }`, 'actor.sub must be a non-empty string'],
      [`{ sub: 'a', act: { sub: '' } }`, 'actor.act.sub must be a non-empty string'],
      [`{ sub: 'a', roles: ['x'] }`, 'actor.roles must be a string, a number or a boolean'],
      [`{ sub: 'a', p1: 1, p2: 2, p3: 3, p4: 4, p5: 5, p6: 6 }`, 'actor may have at most 5 properties besides sub and act'],
      [six, 'actor may nest at most 5 actors (4 act levels below the root)'],
    ];
    for (const [actor, message] of cases) {
      const res = await exchange(t, client, { subject_token: user.user_id, subject_token_type: await kit.profileRunning(setting(actor)) });
      expectOAuthError(res, 500, 'server_error', `The custom token exchange action failed: ${message}`);
    }
  });

  it('an actor_token of type id_token is checked by the service and its user handed to the action; a forged one is refused', async () => {
    const agent = await users.user(connectionId);
    const user = await users.user(connectionId);
    const plain = await kit.profileRunning(SET_USER_BY_ID);
    const login = await exchange(t, client, { subject_token: agent.user_id, subject_token_type: plain, scope: 'openid' });
    assert.equal(login.status, 200, login.text);
    const idToken = login.body.id_token as string;
    const idTokenType = 'urn:ietf:params:oauth:token-type:id_token';
    const res = await exchange(t, client, {
      subject_token: user.user_id,
      subject_token_type: fromToken,
      actor_token: idToken,
      actor_token_type: idTokenType,
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(decodeJwt(res.body.access_token).claims.act, { sub: agent.user_id, type: idTokenType, in_body: 'actor_token_type' });
    const [header, , signature] = idToken.split('.');
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...decodeJwt(idToken).claims, sub: user.user_id })).toString('base64url'),
      signature,
    ];
    for (const bad of [forged.join('.'), 'not-a-jwt', (await exchangeAccessToken()).split('.').slice(0, 2).join('.') + '.x']) {
      expectOAuthError(
        await exchange(t, client, {
          subject_token: user.user_id,
          subject_token_type: fromToken,
          actor_token: bad,
          actor_token_type: idTokenType,
        }),
        400,
        'invalid_request',
        'Invalid actor_token: not a valid ID token of this tenant.',
      );
    }
    await t.prisma.user.delete({ where: { user_id: agent.user_id } });
    expectOAuthError(
      await exchange(t, client, {
        subject_token: user.user_id,
        subject_token_type: fromToken,
        actor_token: idToken,
        actor_token_type: idTokenType,
      }),
      400,
      'invalid_request',
      'Invalid actor_token: not a valid ID token of this tenant.',
    );

    async function exchangeAccessToken(): Promise<string> {
      const r = await exchange(t, client, { subject_token: agent.user_id, subject_token_type: plain });
      return r.body.access_token as string;
    }
  });
});

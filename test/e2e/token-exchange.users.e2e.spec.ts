import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { decodeJwt } from '../support/issuer.js';
import { expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, unique, type ExchangeClient } from '../support/token-exchange.js';
import { UserFactories } from '../support/user-factories.js';

/** An action calling setUserByConnection with the attributes and options the subject token carries (JSON). */
const BY_CONNECTION = `exports.onExecuteCustomTokenExchange = async (event, api) => {
  const { connection, attributes, options } = JSON.parse(event.transaction.subject_token);
  api.authentication.setUserByConnection(connection, attributes, options);
};`;
const CREATE = { creationBehavior: 'create_if_not_exists', updateBehavior: 'none' };
const REPLACE = { creationBehavior: 'none', updateBehavior: 'replace' };

describe('POST /oauth/token (custom token exchange): setUserByConnection', () => {
  let t: TestApp;
  let kit: ExchangeKit;
  let client: ExchangeClient;
  let connection: { id: string; name: string };
  let type: string;
  before(async () => {
    t = await startTestApp();
    kit = await ExchangeKit.start(t);
    client = await kit.client();
    connection = await new UserFactories(t.prisma).connection();
    // Auth0: the connection must be enabled for the application.
    await t.prisma.connectionClient.create({ data: { connection_id: connection.id, client_id: client.client_id } });
    type = await kit.profileRunning(BY_CONNECTION);
  });
  after(() => t.close());

  const byConnection = (attributes: Record<string, unknown>, options: object, name = connection.name) =>
    exchange(t, client, { subject_token_type: type, subject_token: JSON.stringify({ connection: name, attributes, options }) });

  it('creates the user when create_if_not_exists, then finds the same user by its user_id', async () => {
    const id = `ext-${unique()}`;
    const res = await byConnection({ user_id: id, email: 'New.Person@Example.com', email_verified: true, name: 'New Person' }, CREATE);
    assert.equal(res.status, 200, res.text);
    assert.equal(decodeJwt(res.body.access_token).claims.sub, `auth0|${id}`);
    const stored = await t.prisma.user.findUniqueOrThrow({ where: { user_id: `auth0|${id}` } });
    assert.equal(stored.connection_id, connection.id);
    assert.equal(stored.email, 'new.person@example.com');
    assert.equal(stored.email_verified, true);
    assert.equal(stored.name, 'New Person');
    assert.equal(stored.nickname, 'new.person');
    const again = await byConnection({ user_id: id, name: 'Ignored' }, CREATE);
    assert.equal(decodeJwt(again.body.access_token).claims.sub, `auth0|${id}`);
    assert.equal(await t.prisma.user.count({ where: { user_id: `auth0|${id}` } }), 1);
    assert.equal(
      (await t.prisma.user.findUniqueOrThrow({ where: { user_id: `auth0|${id}` } })).name,
      'New Person',
      "updateBehavior 'none' changes nothing",
    );
  });

  it("updateBehavior 'replace' rewrites the profile attributes but refuses a different email or username", async () => {
    const id = `ext-${unique()}`;
    assert.equal((await byConnection({ user_id: id, email: `${id}@example.com`, name: 'Before' }, CREATE)).status, 200);
    const res = await byConnection({ user_id: id, email: `${id}@example.com`, name: 'After', given_name: 'Af' }, REPLACE);
    assert.equal(res.status, 200, res.text);
    const stored = await t.prisma.user.findUniqueOrThrow({ where: { user_id: `auth0|${id}` } });
    assert.equal(stored.name, 'After');
    assert.equal(stored.given_name, 'Af');
    expectOAuthError(
      await byConnection({ user_id: id, email: 'other@example.com' }, REPLACE),
      400,
      'invalid_request',
      'Cannot change email of an existing user.',
    );
  });

  it("creationBehavior 'none' for an unknown user, an unknown connection, one not enabled for the client, no user_id: 400", async () => {
    const id = `ext-${unique()}`;
    expectOAuthError(
      await byConnection({ user_id: id }, REPLACE),
      400,
      'invalid_request',
      `User auth0|${id} does not exist and creationBehavior is 'none'.`,
    );
    expectOAuthError(
      await byConnection({ user_id: id }, CREATE, 'no-such-connection'),
      400,
      'invalid_request',
      'Connection not found: no-such-connection',
    );
    const other = await new UserFactories(t.prisma).connection();
    expectOAuthError(
      await byConnection({ user_id: id }, CREATE, other.name),
      400,
      'invalid_request',
      `Connection ${other.name} is not enabled for the client.`,
    );
    expectOAuthError(
      await byConnection({ email: 'x@example.com' }, CREATE),
      400,
      'invalid_request',
      'setUserByConnection requires user_attributes.user_id.',
    );
    assert.equal(await t.prisma.user.count({ where: { user_id: `auth0|${id}` } }), 0);
  });

  it('an email another user of the connection holds is refused, not merged into that user', async () => {
    const first = `ext-${unique()}`;
    assert.equal((await byConnection({ user_id: first, email: `${first}@example.com` }, CREATE)).status, 200);
    expectOAuthError(
      await byConnection({ user_id: `ext-${unique()}`, email: `${first}@example.com` }, CREATE),
      400,
      'invalid_request',
      'The user already exists.',
    );
  });

  it("the README's worked example: a partner's HS256 JWT verified with jose and the action's secret, the user created on first use", async () => {
    // Kept word for word with README.md, "Custom Token Exchange: a worked example".
    const code = `const { jwtVerify } = require('jose');
exports.onExecuteCustomTokenExchange = async (event, api) => {
  let claims;
  try {
    const key = new TextEncoder().encode(event.secrets.PARTNER_SECRET);
    ({ payload: claims } = await jwtVerify(event.transaction.subject_token, key, { issuer: 'https://partner.example.com/' }));
  } catch {
    return api.access.rejectInvalidSubjectToken('Invalid subject_token');
  }
  api.authentication.setUserByConnection(
    '${connection.name}',
    { user_id: claims.sub, email: claims.email, email_verified: true, name: claims.name },
    { creationBehavior: 'create_if_not_exists', updateBehavior: 'none' },
  );
  api.user.setAppMetadata('partner', true);
};`;
    const secret = 'partner-shared-secret-0123456789abcdef';
    const profile = await kit.profile(await kit.deployedAction(code, [{ name: 'PARTNER_SECRET', value: secret }]));
    const partnerToken = (sub: string, key: string) =>
      new SignJWT({ email: `${sub}@partner.example.com`, name: 'Partner User' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('https://partner.example.com/')
        .setSubject(sub)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(key));
    const sub = `p-${unique()}`;
    const res = await exchange(t, client, {
      subject_token_type: profile.subject_token_type,
      subject_token: await partnerToken(sub, secret),
      scope: 'openid email',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(decodeJwt(res.body.id_token).claims.email, `${sub}@partner.example.com`);
    const stored = await t.prisma.user.findUniqueOrThrow({ where: { user_id: `auth0|${sub}` } });
    assert.deepEqual(stored.app_metadata, { partner: true });
    expectOAuthError(
      await exchange(t, client, {
        subject_token_type: profile.subject_token_type,
        subject_token: await partnerToken(sub, 'a-forged-key-0123456789abcdef'),
      }),
      400,
      'invalid_request',
      'Invalid subject_token',
    );
  });
});

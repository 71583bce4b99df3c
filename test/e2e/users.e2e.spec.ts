import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Connection } from '../../src/generated/prisma/client.js';
import { must } from '../support/must.js';
import { Errors, expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sdkRejects, STRONG_PASSWORD, UserFactories, userSdks } from '../support/user-factories.js';

const CREATE = 'create:users';
const exists = [409, 'auth0_idp_error', 'The user already exists.'] as const;
const tooWeak = [400, 'invalid_password', 'PasswordStrengthError: Password is too weak'] as const;
const noConnection = [400, 'inexistent_connection', 'The connection does not exist.'] as const;

const gravatar = (email: string, initials: string) =>
  `https://s.gravatar.com/avatar/${createHash('md5').update(email).digest('hex')}?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2F${initials}.png`;

describe('POST /users', () => {
  let t: TestApp;
  let auth: string;
  let f: UserFactories;
  let sdk: ReturnType<typeof userSdks>;
  let db: Connection;
  let baseUrl: string;
  const email = () => `New.User+${Math.random().toString(36).slice(2, 10)}@Example.com`;
  const create = (body: object) => t.api.post('/api/v2/users').set('Authorization', auth).send(body);

  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(CREATE);
    f = new UserFactories(t.prisma);
    baseUrl = await Sdk.listen(t);
    sdk = userSdks(baseUrl, auth.slice('Bearer '.length));
    db = await f.connection();
  });
  after(() => t.close());

  it('201 with the user as Auth0 returns it (SDK v7): defaults computed, email lowercased, no password', async () => {
    const given = email();
    const lower = given.toLowerCase();
    const { data, rawResponse } = await sdk.users
      .create({ connection: db.name, email: given, password: STRONG_PASSWORD })
      .withRawResponse();
    assert.equal(rawResponse.status, 201);
    const id = String(data.user_id);
    assert.match(id, /^auth0\|[0-9a-f]{24}$/);
    assert.deepEqual(data, {
      user_id: id,
      email: lower,
      email_verified: false,
      name: lower,
      nickname: lower.split('@')[0],
      picture: gravatar(lower, 'ne'),
      identities: [{ connection: db.name, user_id: id.slice('auth0|'.length), provider: 'auth0', isSocial: false }],
      created_at: data.created_at,
      updated_at: data.updated_at,
    });
    assert.ok(!Number.isNaN(Date.parse(String(data.created_at))));
    const stored = await t.prisma.user.findUniqueOrThrow({ where: { user_id: id } });
    assert.match(String(stored.password_hash), /^scrypt\$/);
    assert.ok(!String(stored.password_hash).includes(STRONG_PASSWORD));
    // Recorded: blocked is answered once given, false included, as go-auth0 gives it.
    const unblocked = await sdk.users.create({ connection: db.name, email: email(), password: STRONG_PASSWORD, blocked: false });
    assert.equal(unblocked.blocked, false);
    const read = await t.api
      .get(`/api/v2/users/${encodeURIComponent(must(unblocked.user_id))}`)
      .set('Authorization', await t.bearer('read:users'));
    assert.equal(read.body.blocked, false);
  });

  it('stores every given property (SDK v6): names, picture, blocked, verified, metadata, own user_id', async () => {
    const body = {
      connection: db.name,
      email: email(),
      password: STRONG_PASSWORD,
      user_id: 'abc123',
      email_verified: true,
      verify_email: false,
      blocked: true,
      given_name: 'Jane',
      family_name: 'Doe',
      name: 'Jane Doe',
      nickname: 'jd',
      picture: 'https://example.com/jane.png',
      phone_number: '+15551234567',
      app_metadata: { plan: 'gold', nested: { a: 1 } },
      user_metadata: { theme: 'dark' },
    };
    const data = await sdk.usersV6.create(body);
    assert.deepEqual(data, {
      user_id: 'auth0|abc123',
      email: body.email.toLowerCase(),
      email_verified: true,
      blocked: true,
      given_name: 'Jane',
      family_name: 'Doe',
      name: 'Jane Doe',
      nickname: 'jd',
      picture: 'https://example.com/jane.png',
      phone_number: '+15551234567',
      app_metadata: { plan: 'gold', nested: { a: 1 } },
      user_metadata: { theme: 'dark' },
      identities: [{ connection: db.name, user_id: 'abc123', provider: 'auth0', isSocial: false }],
      created_at: data.created_at,
      updated_at: data.updated_at,
    });
  });

  it('the avatar of a two-word name uses its initials', async () => {
    const res = await create({ connection: db.name, email: 'x@example.com', password: 'p', name: 'Ada Lovelace' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.picture, gravatar('x@example.com', 'al'));
  });

  it('409 for the same email (any case), the same user_id, or the same username in one connection (SDK v7 and v6)', async () => {
    const given = email();
    await sdk.users.create({ connection: db.name, email: given, password: 'x' });
    await sdkRejects(sdk.users.create({ connection: db.name, email: given.toUpperCase(), password: 'x' }), ...exists);
    await sdkRejects(sdk.usersV6.create({ connection: db.name, email: given, password: 'x' }), ...exists);
    await sdk.users.create({ connection: db.name, email: email(), password: 'x', user_id: 'dup1' });
    await sdkRejects(sdk.users.create({ connection: db.name, email: email(), password: 'x', user_id: 'dup1' }), ...exists);
    const named = await f.connection({ options: { requires_username: true } });
    await sdk.users.create({ connection: named.name, email: email(), password: 'x', username: 'Taken' });
    await sdkRejects(sdk.users.create({ connection: named.name, email: email(), password: 'x', username: 'taken' }), ...exists);
    // The same email in another connection is another user.
    const other = await f.connection();
    assert.equal((await create({ connection: other.name, email: given, password: 'x' })).status, 201);
  });

  it('two concurrent creates of one email: one 201, one 409', async () => {
    const body = { connection: db.name, email: email(), password: 'x' };
    const results = await Promise.all([create(body), create(body)]);
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
  });

  it('400 for an unknown connection', async () => {
    await sdkRejects(sdk.users.create({ connection: 'no-such-connection', email: email(), password: 'x' }), ...noConnection);
    expectError(await create({ connection: 'nope', email: email(), password: 'x' }), ...noConnection);
  });

  it('400 for a connection that is not a database connection', async () => {
    const social = await f.connection({ strategy: 'google-oauth2' });
    expectError(
      await create({ connection: social.name, email: email(), password: 'x' }),
      400,
      'operation_not_supported',
      'Users can only be created in database connections (strategy auth0).',
    );
  });

  it('username: required when the connection requires it, refused when it does not; stored lowercased', async () => {
    const named = await f.connection({ options: { requires_username: true } });
    Errors.invalidBody(
      await create({ connection: named.name, email: email(), password: 'x' }),
      `Payload validation error: 'Missing required property: username'.`,
    );
    expectError(
      await create({ connection: db.name, email: email(), password: 'x', username: 'bob' }),
      400,
      'invalid_body',
      'Cannot set username for connection without requireUsername',
    );
    const res = await create({ connection: named.name, email: email(), password: 'x', username: 'Bob_1' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.username, 'bob_1');
  });

  it("enforces the connection's password policy at each level, none by default", async () => {
    const cases: [string | undefined, string, string][] = [
      [undefined, 'a', 'a'],
      ['none', 'a', 'a'],
      ['low', 'abcde', 'abcdef'],
      ['fair', 'abcdefg1', 'abcdEfg1'],
      ['good', 'abcdefg1', 'abcdefg1!'],
      ['excellent', 'Abcdefg1!', 'Abcdefg1!x'],
      ['excellent', 'Abcdefg1!!!', 'Abcdefg1!!'],
    ];
    for (const [policy, weak, strong] of cases) {
      const connection = await f.connection({ options: policy ? { passwordPolicy: policy } : {} });
      if (weak !== strong) expectError(await create({ connection: connection.name, email: email(), password: weak }), ...tooWeak);
      const res = await create({ connection: connection.name, email: email(), password: strong });
      assert.equal(res.status, 201, `${policy}: ${res.text}`);
    }
    const longer = await f.connection({ options: { passwordPolicy: 'low', password_complexity_options: { min_length: 12 } } });
    await sdkRejects(sdk.users.create({ connection: longer.name, email: email(), password: 'abcdefghijk' }), ...tooWeak);
    assert.equal((await create({ connection: longer.name, email: email(), password: 'abcdefghijkl' })).status, 201);
  });

  it('400 for a missing password or email, a malformed email, an unknown property, or a wrong type', async () => {
    Errors.invalidBody(
      await create({ connection: db.name, email: email() }),
      `Payload validation error: 'Missing required property: password'.`,
    );
    Errors.invalidBody(
      await create({ connection: db.name, password: 'x' }),
      `Payload validation error: 'Missing required property: email'.`,
    );
    Errors.invalidBody(
      await create({ email: email(), password: 'x' }),
      `Payload validation error: 'Missing required property: connection'.`,
    );
    Errors.invalidBody(
      await create({ connection: db.name, email: 'not-an-email', password: 'x' }),
      `Payload validation error: 'Object didn't pass validation for format email: not-an-email' on property email (The user's email.).`,
    );
    Errors.invalidBody(
      await create({ connection: db.name, email: email(), password: 'x', foo: 1 }),
      `Payload validation error: 'Additional properties not allowed: foo'.`,
    );
    Errors.invalidBody(
      await create({ connection: db.name, email: email(), password: 'x', app_metadata: 'x' }),
      `Payload validation error: 'Expected type object but found type string' on property app_metadata (User metadata to which this user has read-only access.).`,
    );
    await sdkRejects(
      sdk.users.create({ connection: db.name, email: email() }),
      400,
      'invalid_body',
      `Payload validation error: 'Missing required property: password'.`,
    );
  });

  it('403 without create:users; 401 without or with a bad token', async () => {
    const body = { connection: db.name, email: email(), password: 'x' };
    Errors.insufficientScope(
      await t.api
        .post('/api/v2/users')
        .set('Authorization', await t.bearer('read:users'))
        .send(body),
      CREATE,
    );
    Errors.missingAuth(await t.api.post('/api/v2/users').send(body));
    Errors.invalidToken(await t.api.post('/api/v2/users').set('Authorization', 'Bearer not-a-jwt').send(body));
    const denied = userSdks(baseUrl, (await t.bearer('read:users')).slice('Bearer '.length));
    await sdkRejects(denied.users.create(body), 403, 'insufficient_scope', `Insufficient scope, expected any of: ${CREATE}`);
    assert.equal(await t.prisma.user.count({ where: { email: body.email.toLowerCase() } }), 0);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UserBlocksClient } from 'auth0/userBlocks';
import { Errors, expectError } from '../support/responses.js';
import { PASSWORD_REALM, SignInKit, type SignInClient } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sdkRejects } from '../support/user-factories.js';

const userMissing = [404, 'inexistent_user', 'The user does not exist.'] as const;

describe("user blocks: brute-force protection's blocks, listed and lifted through the official SDK", () => {
  let t: TestApp;
  let kit: SignInKit;
  let client: SignInClient;
  let blocks: UserBlocksClient;

  const signIn = (username: string, password: string) =>
    t.api
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: PASSWORD_REALM, realm: kit.connection.name, ...client, username, password });

  /** A user that 10 wrong passwords from this address have blocked: even the right one gets 429. */
  const blockedUser = async (overrides: Record<string, unknown> = {}) => {
    const user = await kit.user(overrides);
    for (let i = 0; i < 10; i++) assert.equal((await signIn(user.email, `wrong-${i}`)).status, 403);
    assert.equal((await signIn(user.email, user.password)).status, 429);
    return user;
  };

  before(async () => {
    t = await startTestApp();
    kit = await SignInKit.start(t);
    client = await kit.client();
    const token = (await t.bearer('read:users update:users')).slice('Bearer '.length);
    blocks = new UserBlocksClient({ baseUrl: `${kit.root}api/v2`, token, maxRetries: 0 });
  });
  after(() => t.close());

  it('a blocked user is listed by id and by identifier; lifting by id lets the right password in, logged sapi and ublkdu', async () => {
    const user = await blockedUser();
    const byId = await blocks.list(user.user_id, { consider_brute_force_enablement: true });
    assert.equal(byId.blocked_for?.length, 1);
    const [block] = byId.blocked_for ?? [];
    assert.deepEqual([block.identifier, block.connection], [user.email, kit.connection.name]);
    assert.match(String(block.ip), /127\.0\.0\.1/);
    assert.deepEqual(await blocks.listByIdentifier({ identifier: user.email.toUpperCase() }), {
      blocked_for: [{ ...block, identifier: user.email.toUpperCase() }],
    });

    await blocks.delete(user.user_id);
    assert.deepEqual(await blocks.list(user.user_id), { blocked_for: [] });
    assert.equal((await signIn(user.email, user.password)).status, 200);
    const released = await kit.logEntry('ublkdu', (e) => e.user_id === user.user_id);
    assert.equal(released.description, 'User login block released');
    await kit.logEntry('sapi', (e) => e.description === 'Unblock a user' && JSON.stringify(e).includes(encodeURIComponent(user.user_id)));
  });

  it('lifting by identifier lets the right password in; nine failures are not a block', async () => {
    const user = await blockedUser();
    await blocks.deleteByIdentifier({ identifier: user.email });
    assert.deepEqual(await blocks.listByIdentifier({ identifier: user.email, consider_brute_force_enablement: false }), {
      blocked_for: [],
    });
    assert.equal((await signIn(user.email, user.password)).status, 200);

    const almost = await kit.user();
    for (let i = 0; i < 9; i++) assert.equal((await signIn(almost.email, 'wrong')).status, 403);
    assert.deepEqual(await blocks.list(almost.user_id), { blocked_for: [] });
  });

  it('lifting also forgets failures short of a block, so the next ten start from zero', async () => {
    const user = await kit.user();
    for (let i = 0; i < 9; i++) assert.equal((await signIn(user.email, 'wrong')).status, 403);
    const unblocked = await t.api
      .delete(`/api/v2/user-blocks/${encodeURIComponent(user.user_id)}`)
      .set('Authorization', await t.bearer('update:users'));
    assert.deepEqual([unblocked.status, unblocked.text], [204, '']);
    assert.equal((await signIn(user.email, 'wrong')).status, 403);
    assert.equal((await signIn(user.email, user.password)).status, 200);
  });

  it('an unknown user id is 404 on both; an identifier naming nobody is an empty list and a 204', async () => {
    await sdkRejects(blocks.list('auth0|nobody-here'), ...userMissing);
    await sdkRejects(blocks.delete('auth0|nobody-here'), ...userMissing);
    assert.deepEqual(await blocks.listByIdentifier({ identifier: 'nobody@example.com' }), { blocked_for: [] });
    await blocks.deleteByIdentifier({ identifier: 'nobody@example.com' });
  });

  it('read:users reads and update:users lifts (403 otherwise); a bad token is 401', async () => {
    const user = await kit.user();
    const path = `/api/v2/user-blocks/${encodeURIComponent(user.user_id)}`;
    const updateOnly = await t.bearer('update:users');
    const readOnly = await t.bearer('read:users');
    Errors.insufficientScope(await t.api.get(path).set('Authorization', updateOnly), 'read:users');
    Errors.insufficientScope(await t.api.get('/api/v2/user-blocks?identifier=x').set('Authorization', updateOnly), 'read:users');
    Errors.insufficientScope(await t.api.delete(path).set('Authorization', readOnly), 'update:users');
    Errors.insufficientScope(await t.api.delete('/api/v2/user-blocks?identifier=x').set('Authorization', readOnly), 'update:users');
    Errors.invalidToken(await t.api.get(path).set('Authorization', 'Bearer not-a-token'));
  });

  it('400 for a missing identifier, an unknown query parameter or a flag that is not a boolean', async () => {
    const auth = await t.bearer('read:users update:users');
    const get = (query: string) => t.api.get(`/api/v2/user-blocks${query}`).set('Authorization', auth);
    const missing = "Query validation error: 'Missing required property: identifier'.";
    const unknown = "Query validation error: 'Additional properties not allowed: other'.";
    Errors.invalidQuery(await get(''), missing);
    Errors.invalidQuery(await t.api.delete('/api/v2/user-blocks').set('Authorization', auth), missing);
    Errors.invalidQuery(await get('?identifier=x&other=1'), unknown);
    Errors.invalidQuery(await t.api.get('/api/v2/user-blocks/auth0%7Cx?other=1').set('Authorization', auth), unknown);
    const notBoolean = await get('?identifier=x&consider_brute_force_enablement=maybe');
    assert.match(
      notBoolean.body.message,
      /^Query validation error: 'Expected type boolean but found type string' on property consider_brute_force_enablement/,
    );
    expectError(notBoolean, 400, 'invalid_query_string', notBoolean.body.message);
  });
});

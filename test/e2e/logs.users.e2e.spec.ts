import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { UsersClient } from 'auth0/users';
import { Errors, expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { UserFactories } from '../support/user-factories.js';

// GET /users/{id}/logs: the entries whose user_id is the user's (here, management writes made
// with a token whose subject is the user), paged and sorted as /logs.
describe("a user's log events (GET /users/{id}/logs)", () => {
  let t: TestApp;
  let baseUrl: string;
  let users: () => Promise<[string, string]>;
  before(async () => {
    t = await startTestApp();
    baseUrl = await Sdk.listen(t);
    const f = new UserFactories(t.prisma);
    const db = await f.connection();
    users = async () => (await f.users(db.id, 2)) as [string, string];
  });
  after(() => t.close());

  /** An organization created with a token whose subject is `userId`: one log entry naming the user. */
  const writeAs = async (userId: string) => {
    const token = await t.tokens.sign({ scope: 'create:organizations', sub: userId });
    const res = await t.api
      .post('/api/v2/organizations')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: `org-${randomBytes(4).toString('hex')}` });
    assert.equal(res.status, 201, res.text);
  };

  it("answers the user's entries only, newest first, paged (SDK v7), with totals; an unknown user is the user's 404", async () => {
    const [userId, other] = await users();
    for (let i = 0; i < 3; i++) await writeAs(userId);
    await writeAs(other);

    const client = new UsersClient({ baseUrl, token: await t.tokens.sign({ scope: 'read:logs_users' }), maxRetries: 0 });
    const all = (await client.logs.list(userId)).data;
    assert.equal(all.length, 3);
    assert.ok(all.every((entry) => entry.user_id === userId && entry.type === 'sapi'));
    const oldestFirst = (await client.logs.list(userId, { sort: 'date:1', per_page: 2, page: 0 })).data;
    assert.deepEqual(
      oldestFirst.map((entry) => entry.log_id),
      [...all]
        .reverse()
        .slice(0, 2)
        .map((entry) => entry.log_id),
    );

    const auth = await t.bearer('read:logs');
    const path = `/api/v2/users/${encodeURIComponent(userId)}/logs`;
    const totals = await t.api.get(`${path}?include_totals=true&per_page=2&page=1`).set('Authorization', auth);
    assert.deepEqual([totals.body.start, totals.body.limit, totals.body.length, totals.body.total], [2, 2, 1, 3]);
    // Auth0's recorded answer for a user without entries.
    const [quiet] = await users();
    const none = await t.api.get(`/api/v2/users/${encodeURIComponent(quiet)}/logs`).set('Authorization', auth);
    assert.deepEqual([none.status, none.body], [200, []]);
    const unknown = await t.api.get(`/api/v2/users/${encodeURIComponent('auth0|nobody')}/logs`).set('Authorization', auth);
    expectError(unknown, 404, 'inexistent_user', 'The user does not exist.');
  });

  it('needs read:logs or read:logs_users; refuses a sort other than the date', async () => {
    const path = `/api/v2/users/${encodeURIComponent('auth0|x')}/logs`;
    Errors.insufficientScope(await t.api.get(path).set('Authorization', await t.bearer('read:users')), 'read:logs', 'read:logs_users');
    Errors.missingAuth(await t.api.get(path));
    const badSort = await t.api.get(`${path}?sort=type:1`).set('Authorization', await t.bearer('read:logs'));
    assert.equal(badSort.status, 400);
  });
});

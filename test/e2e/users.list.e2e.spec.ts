import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Connection } from '../../src/generated/prisma/client.js';
import { Errors, expectError } from '../support/responses.js';
import { collect, Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sdkRejects, UserFactories, userSdks } from '../support/user-factories.js';

const READ = 'read:users';
const badQuery = (detail: string) =>
  [400, 'invalid_query', `Query validation error: '${detail}' on property q (Query in Lucene query string syntax).`] as const;

describe('GET /users and GET /users-by-email', () => {
  let t: TestApp;
  let auth: string;
  let f: UserFactories;
  let sdk: ReturnType<typeof userSdks>;
  let db: Connection;
  let other: Connection;
  let bulk: string[];
  const list = (query = '') => t.api.get(`/api/v2/users?${query}`).set('Authorization', auth);
  const ids = (users: { user_id: string }[]) => users.map((u) => u.user_id);

  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(READ);
    f = new UserFactories(t.prisma);
    sdk = userSdks(await Sdk.listen(t), auth.slice('Bearer '.length));
    db = await f.connection();
    other = await f.connection();
    bulk = await f.users(db.id, 25);
  });
  after(() => t.close());

  it('a bare array ordered by user_id without include_totals; paging by page/per_page', async () => {
    const first = await list('per_page=10');
    assert.equal(first.status, 200);
    assert.deepEqual(ids(first.body), bulk.slice(0, 10));
    assert.deepEqual(ids((await list('per_page=10&page=2')).body), bulk.slice(20, 25));
    assert.deepEqual((await list('per_page=10&page=3')).body, []);
  });

  it("include_totals: Auth0's {start, limit, length, total, users}", async () => {
    const res = await list('per_page=10&page=1&include_totals=true&connection=' + db.name);
    assert.deepEqual(
      { ...res.body, users: ids(res.body.users) },
      { start: 10, limit: 10, length: 10, total: 25, users: bulk.slice(10, 20) },
    );
  });

  it('the SDK v7 and v6 iterate every page (they send include_totals=true by default)', async () => {
    const v7 = await collect(await sdk.users.list({ per_page: 7, q: `identities.connection:"${db.name}"` }));
    assert.deepEqual(ids(v7 as { user_id: string }[]), bulk);
    const v6 = await sdk.usersV6.list({ per_page: 10, connection: db.name });
    assert.equal((v6.response as { total: number }).total, 25);
    assert.deepEqual(ids((await collect(v6)) as { user_id: string }[]), bulk);
  });

  it('sort by a field in either direction, ties by user_id', async () => {
    const conn = await f.connection();
    const a = await f.user(conn.id, { email: 'b@example.com', created_at: new Date('2020-01-01') });
    const b = await f.user(conn.id, { email: 'a@example.com', created_at: new Date('2021-01-01') });
    assert.deepEqual(ids((await list(`connection=${conn.name}&sort=email:1`)).body), [b.user_id, a.user_id]);
    assert.deepEqual(ids((await list(`connection=${conn.name}&sort=created_at:-1`)).body), [b.user_id, a.user_id]);
    assert.deepEqual(ids((await list(`connection=${conn.name}&sort=created_at:1`)).body), [a.user_id, b.user_id]);
  });

  it('q: email (quoted, bare, any case, prefix*), user_id, connection, flags, joined by AND', async () => {
    const u = await f.user(other.id, { email: 'search.me@example.com', username: 'finder', email_verified: true });
    const v = await f.user(other.id, { email: 'search.you@example.com', blocked: true });
    const q = async (query: string) => ids((await list(`q=${encodeURIComponent(query)}&search_engine=v3`)).body).sort();
    assert.deepEqual(await q('email:"search.me@example.com"'), [u.user_id]);
    assert.deepEqual(await q('email:Search.Me@Example.com'), [u.user_id]);
    assert.deepEqual(await q(`user_id:"${u.user_id}"`), [u.user_id]);
    assert.deepEqual(await q('email:search.*'), [u.user_id, v.user_id].sort());
    assert.deepEqual(await q(`identities.connection:"${other.name}" AND blocked:true`), [v.user_id]);
    assert.deepEqual(await q('username:finder AND email_verified:true'), [u.user_id]);
    assert.deepEqual(await q('email:"nobody@example.com"'), []);
    const viaSdk = await sdk.users.list({ q: 'email:"search.me@example.com"', search_engine: 'v3' });
    assert.deepEqual(ids(viaSdk.data as { user_id: string }[]), [u.user_id]);
  });

  it('400 for a query outside the supported subset', async () => {
    expectError(await list(`q=${encodeURIComponent('email:a OR email:b')}`), ...badQuery('unsupported query syntax near "OR email:b"'));
    expectError(await list(`q=${encodeURIComponent('app_metadata.plan:gold')}`), ...badQuery('unsupported search field app_metadata.plan'));
    expectError(await list('q=hello'), ...badQuery('unsupported query syntax near "hello"'));
    expectError(await list('q=blocked:maybe'), ...badQuery('blocked takes true or false'));
    await sdkRejects(sdk.users.list({ q: '(email:a)' }), ...badQuery('unsupported query syntax near "(email:a)"'));
  });

  it('fields and include_fields project each user', async () => {
    const res = await list(`connection=${db.name}&per_page=2&fields=user_id,email`);
    assert.deepEqual(Object.keys(res.body[0]).sort(), ['email', 'user_id']);
    const without = await list(`connection=${db.name}&per_page=2&fields=identities,created_at&include_fields=false`);
    assert.ok(!('identities' in without.body[0]) && !('created_at' in without.body[0]) && 'user_id' in without.body[0]);
  });

  it('400 for bad paging, sort, search_engine or flags; past 1000 records', async () => {
    Errors.invalidQuery(
      await list('per_page=101'),
      `Query validation error: 'Value 101 is greater than maximum 100' on property per_page (Number of results per page. Defaults to 50.).`,
    );
    Errors.invalidQuery(
      await list('sort=password:1'),
      "Query validation error: 'String does not match pattern ^(created_at|updated_at|email|user_id|name|nickname|username|last_login|logins_count):(1|-1)$: password:1' on property sort (Field to sort by. Use `field:order` where order is `1` for ascending and `-1` for descending. e.g. `created_at:1`).",
    );
    Errors.invalidQuery(
      await list('search_engine=v4'),
      `Query validation error: 'No enum match for: "v4"' on property search_engine (The version of the search engine).`,
    );
    Errors.invalidQuery(await list('foo=1'), `Query validation error: 'Additional properties not allowed: foo'.`);
    Errors.invalidPaging(await list('page=20&per_page=50'));
  });

  it('403 without read:users; 401 without a token', async () => {
    Errors.insufficientScope(await t.api.get('/api/v2/users').set('Authorization', await t.bearer('create:users')), READ);
    Errors.missingAuth(await t.api.get('/api/v2/users'));
    Errors.missingAuth(await t.api.get('/api/v2/users-by-email?email=a@example.com'));
  });

  describe('GET /users-by-email', () => {
    it('every user with that email, in any connection, matched whatever its case (SDK v7 and v6)', async () => {
      const a = await f.user(db.id, { email: 'same@example.com' });
      const b = await f.user(other.id, { email: 'same@example.com' });
      await f.user(db.id, { email: 'notsame@example.com' });
      const found = await sdk.users.listUsersByEmail({ email: 'Same@Example.com' });
      assert.deepEqual(ids(found as { user_id: string }[]).sort(), [a.user_id, b.user_id].sort());
      const v6 = await sdk.usersV6.listUsersByEmail({ email: 'same@example.com', fields: 'user_id', include_fields: true });
      assert.deepEqual(
        v6.map((u) => Object.keys(u)),
        [['user_id'], ['user_id']],
      );
      assert.deepEqual((await t.api.get('/api/v2/users-by-email?email=none@example.com').set('Authorization', auth)).body, []);
    });

    it('400 without email; 403 without read:users', async () => {
      Errors.invalidQuery(
        await t.api.get('/api/v2/users-by-email').set('Authorization', auth),
        `Query validation error: 'Missing required property: email'.`,
      );
      Errors.insufficientScope(
        await t.api.get('/api/v2/users-by-email?email=a@example.com').set('Authorization', await t.bearer('update:users')),
        READ,
      );
    });
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Connection } from '../../src/generated/prisma/client.js';
import { Errors, expectError } from '../support/responses.js';
import { collect, Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sdkRejects, UserFactories, userSdks } from '../support/user-factories.js';

const ALL = 'create:organization_members read:organization_members delete:organization_members';
const orgMissing = [404, 'inexistent_organization', 'No organization found by that id or name'] as const;
const userMissing = [400, 'invalid_body', 'One or more of the users do not exist.'] as const;

describe('organization members', () => {
  let t: TestApp;
  let auth: string;
  let f: UserFactories;
  let sdk: ReturnType<typeof userSdks>;
  let baseUrl: string;
  let db: Connection;
  const members = (orgId: string) =>
    t.prisma.organizationMember
      .findMany({ where: { organization_id: orgId }, orderBy: { user_id: 'asc' } })
      .then((rows) => rows.map((r) => r.user_id));
  // Through the organizations API, as a client would make one.
  const organization = async (): Promise<string> => {
    const res = await t.api
      .post('/api/v2/organizations')
      .set('Authorization', await t.bearer('create:organizations'))
      .send({ name: `org-${randomBytes(5).toString('hex')}` });
    assert.equal(res.status, 201, res.text);
    return res.body.id as string;
  };
  const path = (orgId: string) => `/api/v2/organizations/${orgId}/members`;

  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(ALL);
    f = new UserFactories(t.prisma);
    baseUrl = await Sdk.listen(t);
    sdk = userSdks(baseUrl, auth.slice('Bearer '.length));
    db = await f.connection();
  });
  after(() => t.close());

  describe('POST /organizations/{id}/members', () => {
    it('204 (SDK v7 and v6); adding again, or twice in one list, changes nothing', async () => {
      const org = await organization();
      const [a, b] = await f.users(db.id, 2);
      const { rawResponse } = await sdk.members.create(org, { members: [a] }).withRawResponse();
      assert.equal(rawResponse.status, 204);
      await sdk.membersV6.create(org, { members: [a, b, b] });
      assert.deepEqual(await members(org), [a, b]);
    });

    it('404 for an unknown organization; 400 when a user does not exist, adding nobody', async () => {
      const [a] = await f.users(db.id, 1);
      await sdkRejects(sdk.members.create('org_doesNotExist0000', { members: [a] }), ...orgMissing);
      const org = await organization();
      await sdkRejects(sdk.members.create(org, { members: [a, 'auth0|nobody'] }), ...userMissing);
      assert.deepEqual(await members(org), []);
    });

    it('400 for a missing or malformed members list', async () => {
      const org = await organization();
      Errors.invalidBody(
        await t.api.post(path(org)).set('Authorization', auth).send({}),
        `Payload validation error: 'Missing required property: members'.`,
      );
      Errors.invalidBody(
        await t.api.post(path(org)).set('Authorization', auth).send({ members: 'auth0|x' }),
        `Payload validation error: 'Expected type array but found type string' on property members (List of user IDs to add to (or remove from) the organization as members.).`,
      );
      Errors.invalidBody(
        await t.api
          .post(path(org))
          .set('Authorization', auth)
          .send({ members: Array.from({ length: 11 }, (_, i) => `auth0|${i}`) }),
        `Payload validation error: 'Array is too long (11), maximum 10' on property members (List of user IDs to add to (or remove from) the organization as members.).`,
      );
    });

    it('403 without create:organization_members; 401 without a token', async () => {
      const org = await organization();
      const denied = userSdks(baseUrl, (await t.bearer('read:organization_members')).slice('Bearer '.length));
      await sdkRejects(
        denied.members.create(org, { members: ['auth0|x'] }),
        403,
        'insufficient_scope',
        'Insufficient scope, expected any of: create:organization_members',
      );
      Errors.missingAuth(await t.api.post(path(org)).send({ members: ['auth0|x'] }));
    });
  });

  describe('GET /organizations/{id}/members', () => {
    let org: string;
    let ids: string[];
    before(async () => {
      org = await organization();
      ids = await f.users(db.id, 12);
      await t.prisma.organizationMember.createMany({ data: ids.map((user_id) => ({ organization_id: org, user_id })) });
      await f.users(db.id, 3); // not members: never listed
    });

    it("Auth0's member shape, ordered by user id, as a bare array by default", async () => {
      const named = await f.user(db.id, { user_id: 'auth0|zzzzzzzzzzzzzzzzzzzzzzzz', name: 'Zed', picture: 'https://example.com/z.png' });
      const own = await organization();
      await sdk.members.create(own, { members: [named.user_id] });
      const res = await t.api.get(path(own)).set('Authorization', auth);
      assert.deepEqual(res.body, [{ user_id: named.user_id, email: named.email, name: 'Zed', picture: 'https://example.com/z.png' }]);
      const listed = await t.api.get(path(org)).set('Authorization', auth);
      assert.deepEqual(
        listed.body.map((m: { user_id: string }) => m.user_id),
        ids,
      );
    });

    it('offset paging with include_totals, and checkpoint paging (what both SDKs send) over every member', async () => {
      const page = await t.api.get(`${path(org)}?page=1&per_page=5&include_totals=true`).set('Authorization', auth);
      assert.deepEqual(
        { ...page.body, members: page.body.members.map((m: { user_id: string }) => m.user_id) },
        { start: 5, limit: 5, total: 12, members: ids.slice(5, 10) },
      );
      const v7 = await collect(await sdk.members.list(org, { take: 5 }));
      assert.deepEqual(
        v7.map((m) => m.user_id),
        ids,
      );
      const v6 = await sdk.membersV6.list(org, { take: 10 });
      assert.equal(typeof (v6.response as { next?: string }).next, 'string');
      assert.deepEqual(
        (await collect(v6)).map((m) => m.user_id),
        ids,
      );
      // As Auth0 recorded it: a page holding members has `next`, the last one too; the empty page after it has none.
      const last = await t.api.get(`${path(org)}?take=20`).set('Authorization', auth);
      assert.equal(last.body.members.length, 12);
      assert.equal(typeof last.body.next, 'string');
      const after = await t.api.get(`${path(org)}?take=20&from=${last.body.next}`).set('Authorization', auth);
      assert.deepEqual(after.body, { members: [] });
    });

    it('fields and include_fields', async () => {
      const res = await t.api.get(`${path(org)}?fields=user_id&include_fields=true&per_page=2`).set('Authorization', auth);
      assert.deepEqual(
        res.body,
        ids.slice(0, 2).map((user_id) => ({ user_id })),
      );
      const without = await t.api.get(`${path(org)}?fields=email&include_fields=false&per_page=1`).set('Authorization', auth);
      assert.deepEqual(Object.keys(without.body[0]), ['user_id']);
    });

    it('404 for an unknown organization; 400 for a bad checkpoint or page size; 403; 401', async () => {
      await sdkRejects(sdk.members.list('org_doesNotExist0000'), ...orgMissing);
      expectError(
        await t.api.get(`${path(org)}?from=***`).set('Authorization', auth),
        400,
        'invalid_query_string',
        `Query validation error: 'Invalid checkpoint' on property from (Optional Id from which to start selection.).`,
      );
      Errors.invalidQuery(
        await t.api.get(`${path(org)}?take=101`).set('Authorization', auth),
        `Query validation error: 'Value 101 is greater than maximum 100' on property take (Number of results per page. Defaults to 50.).`,
      );
      Errors.insufficientScope(
        await t.api.get(path(org)).set('Authorization', await t.bearer('create:organization_members')),
        'read:organization_members',
      );
      Errors.invalidToken(await t.api.get(path(org)).set('Authorization', 'Bearer x.y.z'));
    });
  });

  describe('DELETE /organizations/{id}/members', () => {
    it('204 (SDK v7 and v6); non-members are ignored; the users themselves stay', async () => {
      const org = await organization();
      const [a, b, c] = await f.users(db.id, 3);
      await t.prisma.organizationMember.createMany({ data: [a, b, c].map((user_id) => ({ organization_id: org, user_id })) });
      const { rawResponse } = await sdk.members.delete(org, { members: [a, 'auth0|not-a-member'] }).withRawResponse();
      assert.equal(rawResponse.status, 204);
      await sdk.membersV6.delete(org, { members: [b] });
      assert.deepEqual(await members(org), [c]);
      assert.equal(await t.prisma.user.count({ where: { user_id: { in: [a, b] } } }), 2);
    });

    it('404 for an unknown organization; 400 without members; 403; 401', async () => {
      await sdkRejects(sdk.members.delete('org_doesNotExist0000', { members: ['auth0|x'] }), ...orgMissing);
      const org = await organization();
      Errors.invalidBody(
        await t.api.delete(path(org)).set('Authorization', auth).send({}),
        `Payload validation error: 'Missing required property: members'.`,
      );
      Errors.insufficientScope(
        await t.api
          .delete(path(org))
          .set('Authorization', await t.bearer('read:organization_members'))
          .send({ members: ['auth0|x'] }),
        'delete:organization_members',
      );
      Errors.missingAuth(await t.api.delete(path(org)).send({ members: ['auth0|x'] }));
    });

    it('deleting the organization removes its memberships', async () => {
      const org = await organization();
      const [a] = await f.users(db.id, 1);
      await sdk.members.create(org, { members: [a] });
      const res = await t.api.delete(`/api/v2/organizations/${org}`).set('Authorization', await t.bearer('delete:organizations'));
      assert.equal(res.status, 204);
      assert.equal(await t.prisma.organizationMember.count({ where: { user_id: a } }), 0);
    });
  });
  describe('GET /users/{id}/organizations', () => {
    it("lists the user's organizations by id, offset paged (SDK v7), the same memberships as the organizations' members", async () => {
      const [a, loner] = await f.users(db.id, 2);
      const orgs = [await organization(), await organization(), await organization()].sort();
      for (const org of orgs) await sdk.members.create(org, { members: [a] });
      const reader = userSdks(baseUrl, (await t.bearer('read:organizations')).slice('Bearer '.length));
      const first = await reader.users.organizations.list(a, { per_page: 2, include_totals: true });
      assert.deepEqual(
        first.data.map((org) => org.id),
        orgs.slice(0, 2),
      );
      const all = [];
      for await (const org of await reader.users.organizations.list(a, { per_page: 2 })) all.push(org.id);
      assert.deepEqual(all, orgs);
      // Auth0's recorded answer: start, limit and total beside the organizations.
      const raw = await t.api
        .get(`/api/v2/users/${encodeURIComponent(a)}/organizations?include_totals=true&per_page=50`)
        .set('Authorization', await t.bearer('read:organizations'));
      assert.deepEqual([raw.body.start, raw.body.limit, raw.body.total, raw.body.organizations.length], [0, 50, 3, 3]);
      await sdk.members.delete(orgs[1], { members: [a] });
      assert.deepEqual(
        (await reader.users.organizations.list(a)).data.map((org) => org.id),
        [orgs[0], orgs[2]],
      );
      assert.deepEqual((await reader.users.organizations.list(loner)).data, []);
    });

    it('404 for an unknown user; 403 without read:organizations; 401', async () => {
      const path = `/api/v2/users/${encodeURIComponent('auth0|nobody')}/organizations`;
      expectError(
        await t.api.get(path).set('Authorization', await t.bearer('read:organizations')),
        404,
        'inexistent_user',
        'The user does not exist.',
      );
      Errors.insufficientScope(await t.api.get(path).set('Authorization', await t.bearer('read:users')), 'read:organizations');
      Errors.missingAuth(await t.api.get(path));
    });
  });
});

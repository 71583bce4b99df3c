import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:client_grants read:client_grants update:client_grants delete:client_grants';
const SCOPE_DESC = 'Scopes allowed for this client grant.';
const USAGE_DESC = 'Defines whether organizations can be used with client credentials exchanges for this grant.';
const ANY_ORG_DESC =
  'If enabled, any organization can be used with this grant. If disabled (default), the grant must be explicitly assigned to the desired organizations.';
const duplicate = ['client_grant_conflict', 'A client grant for this client_id and audience already exists.'] as const;

describe('client-grants', () => {
  let t: TestApp;
  let auth: string;
  // Grants name a real API and only its scopes: one API defining every scope these tests grant.
  const api = `https://api-${Math.random().toString(36).slice(2, 10)}.example.com/`;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(ALL);
    await t.factories.resourceServer({
      identifier: api,
      scopes: ['read:things', 'write:things', 'other', 'read:a', 'read:b', 'read:only', 'a:b', 'x:y'],
    });
  });
  after(() => t.close());

  const rnd = () => Math.random().toString(36).slice(2, 10);
  const newGrant = () => ({ client_id: `client_${rnd()}`, audience: api });
  const create = (body: object) => t.api.post('/api/v2/client-grants').set('Authorization', auth).send(body);

  describe('POST /client-grants', () => {
    it('201 with the grant; unset properties are absent', async () => {
      const body = { ...newGrant(), scope: ['read:things', 'write:things'] };
      const res = await create(body);
      assert.equal(res.status, 201);
      assert.match(res.body.id, /^cgr_[A-Za-z0-9]{16}$/);
      assert.deepEqual(res.body, { id: res.body.id, ...body, subject_type: 'client' });
    });

    it('201 with organization_usage and allow_any_organization; scope defaults to []', async () => {
      const body = { ...newGrant(), organization_usage: 'require', allow_any_organization: false };
      const res = await create(body);
      assert.equal(res.status, 201);
      assert.deepEqual(res.body, { id: res.body.id, ...body, scope: [], subject_type: 'client' });
    });

    it('accepts a form body: repeated scope keys, a single scope key, booleans as text', async () => {
      const g1 = newGrant();
      const res = await t.api
        .post('/api/v2/client-grants')
        .set('Authorization', auth)
        .type('form')
        .send(
          `client_id=${g1.client_id}&audience=${encodeURIComponent(g1.audience)}&scope=read:a&scope=read:b&allow_any_organization=true&organization_usage=allow`,
        );
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual(res.body, {
        id: res.body.id,
        ...g1,
        scope: ['read:a', 'read:b'],
        organization_usage: 'allow',
        allow_any_organization: true,
        subject_type: 'client',
      });
      const g2 = newGrant();
      const single = await t.api
        .post('/api/v2/client-grants')
        .set('Authorization', auth)
        .type('form')
        .send({ ...g2, scope: 'read:only' });
      assert.equal(single.status, 201, JSON.stringify(single.body));
      assert.deepEqual(single.body.scope, ['read:only']);
    });

    it('a JSON body keeps its types: a string scope or a "true" flag is refused', async () => {
      Errors.invalidBody(
        await create({ ...newGrant(), scope: 'read:x' }),
        `Payload validation error: 'Expected type array but found type string' on property scope (${SCOPE_DESC}).`,
      );
      Errors.invalidBody(
        await create({ ...newGrant(), allow_any_organization: 'true' }),
        `Payload validation error: 'Expected type boolean but found type string' on property allow_any_organization (${ANY_ORG_DESC}).`,
      );
    });

    it('409 for a second grant with the same client_id and audience', async () => {
      const body = newGrant();
      assert.equal((await create(body)).status, 201);
      expectError(await create({ ...body, scope: ['other'] }), 409, ...duplicate);
    });

    it('two concurrent duplicates: one 201, one 409', async () => {
      const body = newGrant();
      const results = await Promise.all([create(body), create(body)]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    });

    const invalid: [string, object, string][] = [
      ['a missing client_id', { audience: 'https://a' }, `Payload validation error: 'Missing required property: client_id'.`],
      ['a missing audience', { client_id: 'c' }, `Payload validation error: 'Missing required property: audience'.`],
      [
        'an unknown organization_usage',
        { client_id: 'c', audience: 'https://a', organization_usage: 'maybe' },
        `Payload validation error: 'No enum match for: "maybe"' on property organization_usage (${USAGE_DESC}).`,
      ],
      [
        'a non-string scope item',
        { client_id: 'c', audience: 'https://a', scope: [1] },
        `Payload validation error: 'Expected type string but found type integer' on property scope (${SCOPE_DESC}).`,
      ],
      [
        'an unknown property',
        { client_id: 'c', audience: 'https://a', is_system: true },
        `Payload validation error: 'Additional properties not allowed: is_system'.`,
      ],
    ];
    for (const [what, body, message] of invalid) {
      it(`400 for ${what}`, async () => Errors.invalidBody(await create(body), message));
    }

    it('403 without create:client_grants; 401 with a bad token', async () => {
      Errors.insufficientScope(
        await t.api
          .post('/api/v2/client-grants')
          .set('Authorization', await t.bearer('read:client_grants'))
          .send(newGrant()),
        'create:client_grants',
      );
      Errors.invalidToken(await t.api.post('/api/v2/client-grants').set('Authorization', 'Bearer nope').send(newGrant()));
    });
  });

  describe('allow_any_organization and third-party clients', () => {
    const THIRD_PARTY = 'Payload validation error: allow_any_organization cannot be enabled for a third-party client.';
    const thirdParty = async () =>
      (await t.prisma.client.update({ where: { client_id: (await t.factories.client()).client_id }, data: { is_first_party: false } }))
        .client_id;
    const patch = (id: string, body: object) => t.api.patch(`/api/v2/client-grants/${id}`).set('Authorization', auth).send(body);

    it('400 creating a grant of a third-party client that allows any organization; nothing is stored', async () => {
      const client_id = await thirdParty();
      Errors.invalidBody(await create({ client_id, audience: api, allow_any_organization: true }), THIRD_PARTY);
      Errors.invalidBody(
        await t.api
          .post('/api/v2/client-grants')
          .set('Authorization', auth)
          .type('form')
          .send(`client_id=${client_id}&audience=${api}&allow_any_organization=true`),
        THIRD_PARTY,
      );
      assert.equal(await t.prisma.clientGrant.count({ where: { client_id } }), 0);
      const allowed = await create({ client_id, audience: api, allow_any_organization: false, organization_usage: 'require' });
      assert.equal(allowed.status, 201);
    });

    it('400 turning it on for a third-party client, which keeps its grant as it was; off and null are accepted', async () => {
      const grant = await t.factories.clientGrant({ client_id: await thirdParty(), audience: api });
      Errors.invalidBody(await patch(grant.id, { allow_any_organization: true, organization_usage: 'allow' }), THIRD_PARTY);
      const stored = await t.prisma.clientGrant.findUniqueOrThrow({ where: { id: grant.id } });
      assert.deepEqual([stored.allow_any_organization, stored.organization_usage], [null, null]);
      assert.equal((await patch(grant.id, { allow_any_organization: false })).status, 200);
      assert.equal((await patch(grant.id, { allow_any_organization: null })).status, 200);
    });

    it('a first-party client may allow any organization', async () => {
      const { client_id } = await t.factories.client();
      const res = await create({ client_id, audience: api, allow_any_organization: true });
      assert.equal(res.status, 201);
      assert.equal(res.body.allow_any_organization, true);
    });
  });

  describe('GET /client-grants/{id}', () => {
    it('200 with the grant', async () => {
      const grant = await t.factories.clientGrant();
      const res = await t.api.get(`/api/v2/client-grants/${grant.id}`).set('Authorization', auth);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {
        id: grant.id,
        client_id: grant.client_id,
        audience: grant.audience,
        scope: grant.scope,
        subject_type: 'client',
      });
    });

    it('404 inexistent_client_grant for an unknown id', async () => {
      Errors.clientGrantNotFound(await t.api.get('/api/v2/client-grants/cgr_doesNotExist0000').set('Authorization', auth));
    });

    it('403 without read:client_grants', async () => {
      Errors.insufficientScope(
        await t.api.get('/api/v2/client-grants/cgr_x').set('Authorization', await t.bearer('update:client_grants')),
        'read:client_grants',
      );
    });
  });

  describe('PATCH /client-grants/{id}', () => {
    const patch = (id: string) => t.api.patch(`/api/v2/client-grants/${id}`).set('Authorization', auth);

    it('200 with the updated grant', async () => {
      const grant = await t.factories.clientGrant({ audience: api });
      const res = await patch(grant.id).send({ scope: ['a:b'], organization_usage: 'allow', allow_any_organization: true });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {
        id: grant.id,
        client_id: grant.client_id,
        audience: grant.audience,
        scope: ['a:b'],
        organization_usage: 'allow',
        allow_any_organization: true,
        subject_type: 'client',
      });
    });

    it('null unsets organization_usage and allow_any_organization, which then disappear from the answer', async () => {
      const grant = await t.factories.clientGrant({ audience: api });
      await t.prisma.clientGrant.update({ where: { id: grant.id }, data: { organization_usage: 'deny', allow_any_organization: true } });
      const res = await patch(grant.id).send({ organization_usage: null, allow_any_organization: null });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {
        id: grant.id,
        client_id: grant.client_id,
        audience: grant.audience,
        scope: grant.scope,
        subject_type: 'client',
      });
      Errors.invalidBody(
        await patch(grant.id).send({ scope: null }),
        `Payload validation error: 'Expected type array but found type null' on property scope (${SCOPE_DESC}).`,
      );
    });

    it('accepts a form body', async () => {
      const grant = await t.factories.clientGrant({ audience: api });
      const res = await patch(grant.id).type('form').send('allow_any_organization=false&scope=x:y');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual([res.body.scope, res.body.allow_any_organization], [['x:y'], false]);
    });

    it('404 for an unknown id', async () => Errors.clientGrantNotFound(await patch('cgr_doesNotExist0000').send({ scope: [] })));

    it('400 for properties that cannot change, and for an empty body', async () => {
      Errors.invalidBody(
        await patch('cgr_x').send({ audience: 'https://other' }),
        `Payload validation error: 'Additional properties not allowed: audience'.`,
      );
      Errors.invalidBody(await patch('cgr_x').send({}), `Payload validation error: 'Too few properties defined (0), minimum 1'.`);
    });

    it('403 without update:client_grants', async () => {
      Errors.insufficientScope(
        await t.api
          .patch('/api/v2/client-grants/cgr_x')
          .set('Authorization', await t.bearer('read:client_grants'))
          .send({ scope: [] }),
        'update:client_grants',
      );
    });
  });

  describe('DELETE /client-grants/{id}', () => {
    it('204, removes the grant from every organization, and is idempotent', async () => {
      const grant = await t.factories.clientGrant();
      const [o1, o2] = [await t.factories.organization(), await t.factories.organization()];
      await t.factories.associate(o1.id, grant.id);
      await t.factories.associate(o2.id, grant.id);
      const res = await t.api.delete(`/api/v2/client-grants/${grant.id}`).set('Authorization', auth);
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      assert.equal(await t.prisma.clientGrant.count({ where: { id: grant.id } }), 0);
      assert.equal(await t.prisma.organizationClientGrant.count({ where: { grant_id: grant.id } }), 0);
      assert.equal((await t.api.delete(`/api/v2/client-grants/${grant.id}`).set('Authorization', auth)).status, 204);
    });

    it('403 without delete:client_grants', async () => {
      Errors.insufficientScope(
        await t.api.delete('/api/v2/client-grants/cgr_x').set('Authorization', await t.bearer('read:client_grants')),
        'delete:client_grants',
      );
    });
  });

  describe('GET /client-grants (filters and pagination)', () => {
    const list = (query: string) => t.api.get(`/api/v2/client-grants?${query}`).set('Authorization', auth);
    const ids = (items: { id: string }[]) => items.map((g) => g.id);
    let allIds: string[];
    before(async () => {
      await t.factories.clientGrants(110);
      allIds = (await t.prisma.clientGrant.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((r) => r.id);
    });

    it('filters by audience and client_id', async () => {
      const grant = await t.factories.clientGrant({ client_id: 'client_filtered', audience: 'https://filtered.example/' });
      await t.factories.clientGrant({ client_id: 'client_filtered' });
      const byAudience = await list('audience=https%3A%2F%2Ffiltered.example%2F');
      assert.deepEqual(ids(byAudience.body), [grant.id]);
      const both = await list('client_id=client_filtered&audience=https%3A%2F%2Ffiltered.example%2F&include_totals=true');
      assert.deepEqual([both.body.total, ids(both.body.client_grants)], [1, [grant.id]]);
      assert.equal((await list('client_id=client_filtered')).body.length, 2);
    });

    it('filters by allow_any_organization (an unset flag counts as false)', async () => {
      const yes = await t.factories.clientGrant();
      await t.prisma.clientGrant.update({ where: { id: yes.id }, data: { allow_any_organization: true } });
      const flagged = (await t.prisma.clientGrant.findMany({ where: { allow_any_organization: true }, orderBy: { id: 'asc' } })).map(
        (g) => g.id,
      );
      assert.ok(flagged.includes(yes.id));
      const onlyTrue = await list('allow_any_organization=true&per_page=100');
      assert.deepEqual(ids(onlyTrue.body), flagged);
      const onlyFalse = await list('allow_any_organization=false&include_totals=true');
      assert.equal(onlyFalse.body.total, (await t.prisma.clientGrant.count()) - flagged.length);
      assert.ok(!ids(onlyFalse.body.client_grants).includes(yes.id));
      Errors.invalidQuery(
        await list('allow_any_organization=maybe'),
        `Query validation error: 'Expected type boolean but found type string' on property allow_any_organization (Optional filter on allow_any_organization.).`,
      );
    });

    it('page/per_page with include_totals', async () => {
      const res = await list('page=1&per_page=10&include_totals=true');
      assert.equal(res.status, 200);
      const total = await t.prisma.clientGrant.count();
      const every = (await t.prisma.clientGrant.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((r) => r.id);
      assert.deepEqual(
        { ...res.body, client_grants: ids(res.body.client_grants) },
        { start: 10, limit: 10, total, client_grants: every.slice(10, 20) },
      );
    });

    it("checkpoint: the SDK's default request (include_totals=true&take=50) pages by next until it is omitted", async () => {
      allIds = (await t.prisma.clientGrant.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((r) => r.id);
      const first = await list('include_totals=true&take=50');
      assert.equal(first.status, 200);
      assert.deepEqual(Object.keys(first.body).sort(), ['client_grants', 'next']);
      assert.deepEqual(ids(first.body.client_grants), allIds.slice(0, 50));
      const second = await list(`include_totals=true&take=50&from=${first.body.next}`);
      assert.deepEqual(ids(second.body.client_grants), allIds.slice(50, 100));
      const third = await list(`include_totals=true&take=50&from=${second.body.next}`);
      assert.deepEqual(ids(third.body.client_grants), allIds.slice(100));
      assert.ok(allIds.length > 100 && allIds.length < 150, `${allIds.length} grants`);
      assert.equal(third.body.next, undefined);
      assert.deepEqual(Object.keys(third.body), ['client_grants']);
    });

    it('400 invalid_paging past 1000 records', async () => Errors.invalidPaging(await list('page=40&per_page=25')));

    it('403 without read:client_grants', async () => {
      Errors.insufficientScope(
        await t.api.get('/api/v2/client-grants').set('Authorization', await t.bearer('create:client_grants')),
        'read:client_grants',
      );
    });
  });
});

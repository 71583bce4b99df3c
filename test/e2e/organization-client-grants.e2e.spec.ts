import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const READ = 'read:organization_client_grants';
const CREATE = 'create:organization_client_grants';
const alreadyAdded = ['client_grant_conflict', 'The client grant has already been added to this organization.'] as const;
const limitReached = ['organization_client_grants_limit', 'An organization cannot have more than 100 client grants.'] as const;

describe('organization client grants', () => {
  let t: TestApp;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(`${READ} ${CREATE}`);
  });
  after(() => t.close());

  const associate = (orgId: string, body: object) =>
    t.api.post(`/api/v2/organizations/${orgId}/client-grants`).set('Authorization', auth).send(body);
  const list = (orgId: string, query = '') => t.api.get(`/api/v2/organizations/${orgId}/client-grants?${query}`).set('Authorization', auth);
  const ids = (items: { id: string }[]) => items.map((g) => g.id);
  const sorted = (values: string[]) =>
    t.prisma.clientGrant
      .findMany({ where: { id: { in: values } }, orderBy: { id: 'asc' }, select: { id: true } })
      .then((r) => r.map((g) => g.id));

  describe('POST /organizations/{id}/client-grants', () => {
    it('201 with the grant named grant_id only, as Auth0 answers it; the association is stored', async () => {
      const org = await t.factories.organization();
      const grant = await t.factories.clientGrant({ scope: ['read:x'] });
      await t.prisma.clientGrant.update({
        where: { id: grant.id },
        data: { organization_usage: 'require', allow_any_organization: false },
      });
      const res = await associate(org.id, { grant_id: grant.id });
      assert.equal(res.status, 201);
      assert.deepEqual(res.body, {
        grant_id: grant.id,
        client_id: grant.client_id,
        audience: grant.audience,
        scope: ['read:x'],
        organization_usage: 'require',
        allow_any_organization: false,
      });
      assert.equal(await t.prisma.organizationClientGrant.count({ where: { organization_id: org.id, grant_id: grant.id } }), 1);
    });

    it('accepts a form body', async () => {
      const [org, grant] = [await t.factories.organization(), await t.factories.clientGrant()];
      const res = await t.api
        .post(`/api/v2/organizations/${org.id}/client-grants`)
        .set('Authorization', auth)
        .type('form')
        .send({ grant_id: grant.id });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual(Object.keys(res.body).sort(), ['audience', 'client_id', 'grant_id', 'scope']);
    });

    it('404 for an unknown organization or grant', async () => {
      const [org, grant] = [await t.factories.organization(), await t.factories.clientGrant()];
      Errors.organizationNotFound(await associate('org_doesNotExist0000', { grant_id: grant.id }));
      Errors.clientGrantNotFound(await associate(org.id, { grant_id: 'cgr_doesNotExist0000' }));
    });

    it('409 when already associated', async () => {
      const [org, grant] = [await t.factories.organization(), await t.factories.clientGrant()];
      await t.factories.associate(org.id, grant.id);
      expectError(await associate(org.id, { grant_id: grant.id }), 409, ...alreadyAdded);
    });

    it('two concurrent associations of one grant: one 201, one 409', async () => {
      const [org, grant] = [await t.factories.organization(), await t.factories.clientGrant()];
      const results = await Promise.all([associate(org.id, { grant_id: grant.id }), associate(org.id, { grant_id: grant.id })]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    });

    it('409 past 100 grants per organization', async () => {
      const org = await t.factories.organization();
      for (const id of await t.factories.clientGrants(100)) await t.factories.associate(org.id, id);
      const extra = await t.factories.clientGrant();
      expectError(await associate(org.id, { grant_id: extra.id }), 409, ...limitReached);
      assert.equal(await t.prisma.organizationClientGrant.count({ where: { organization_id: org.id } }), 100);
    });

    it('the limit holds under concurrency: at 99, five parallel requests give one 201 and four 409s', async () => {
      const org = await t.factories.organization();
      await t.prisma.organizationClientGrant.createMany({
        data: (await t.factories.clientGrants(99)).map((grant_id) => ({ organization_id: org.id, grant_id })),
      });
      const candidates = await t.factories.clientGrants(5);
      const results = await Promise.all(candidates.map((grant_id) => associate(org.id, { grant_id })));
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409]);
      for (const res of results.filter((r) => r.status === 409)) expectError(res, 409, ...limitReached);
      assert.equal(await t.prisma.organizationClientGrant.count({ where: { organization_id: org.id } }), 100);
    });

    it('400 for a missing grant_id, an unknown property, or an id over 50 characters', async () => {
      Errors.invalidBody(await associate('org_x', {}), `Payload validation error: 'Missing required property: grant_id'.`);
      Errors.invalidBody(
        await associate('org_x', { grant_id: 'cgr_x', foo: 1 }),
        `Payload validation error: 'Additional properties not allowed: foo'.`,
      );
      const res = await associate('o'.repeat(51), { grant_id: 'cgr_x' });
      expectError(
        res,
        400,
        'invalid_uri',
        "Path validation error: 'String is too long (51 chars), maximum 50' on property id (ID of the organization).",
      );
    });

    it('403 without create:organization_client_grants; 401 without a token', async () => {
      const res = await t.api
        .post('/api/v2/organizations/org_x/client-grants')
        .set('Authorization', await t.bearer(READ))
        .send({ grant_id: 'cgr_x' });
      Errors.insufficientScope(res, CREATE);
      Errors.missingAuth(await t.api.post('/api/v2/organizations/org_x/client-grants').send({ grant_id: 'cgr_x' }));
    });
  });

  describe('GET /organizations/{id}/client-grants', () => {
    let orgId: string;
    let grantIds: string[];
    before(async () => {
      orgId = (await t.factories.organization()).id;
      grantIds = await sorted(await t.factories.clientGrants(30));
      await t.prisma.organizationClientGrant.createMany({ data: grantIds.map((grant_id) => ({ organization_id: orgId, grant_id })) });
      await t.factories.clientGrants(5); // not associated: never listed
    });

    it('a bare array of the associated grants, ordered by id, in the documented item shape', async () => {
      const res = await list(orgId);
      assert.equal(res.status, 200);
      assert.deepEqual(ids(res.body), grantIds);
      const grant = await t.prisma.clientGrant.findUniqueOrThrow({ where: { id: grantIds[0] } });
      assert.deepEqual(res.body[0], { id: grant.id, client_id: grant.client_id, audience: grant.audience, scope: grant.scope });
    });

    it("the SDK's default request (page=0&per_page=50&include_totals=true): {start, limit, total, client_grants}", async () => {
      const res = await list(orgId, 'page=0&per_page=50&include_totals=true');
      assert.deepEqual(
        { ...res.body, client_grants: ids(res.body.client_grants) },
        { start: 0, limit: 50, total: 30, client_grants: grantIds },
      );
    });

    it('pages with page/per_page', async () => {
      const res = await list(orgId, 'page=2&per_page=8&include_totals=true');
      assert.deepEqual(
        { ...res.body, client_grants: ids(res.body.client_grants) },
        { start: 16, limit: 8, total: 30, client_grants: grantIds.slice(16, 24) },
      );
      assert.deepEqual(ids((await list(orgId, 'page=3&per_page=8')).body), grantIds.slice(24));
      assert.deepEqual((await list(orgId, 'page=4&per_page=8')).body, []);
    });

    it('filters by audience, client_id and one or several grant_ids', async () => {
      const target = await t.prisma.clientGrant.findUniqueOrThrow({ where: { id: grantIds[3] } });
      assert.deepEqual(ids((await list(orgId, `audience=${encodeURIComponent(target.audience)}`)).body), [target.id]);
      assert.deepEqual(ids((await list(orgId, `client_id=${target.client_id}`)).body), [target.id]);
      assert.deepEqual(ids((await list(orgId, `grant_ids=${grantIds[5]}`)).body), [grantIds[5]]);
      const several = await list(
        orgId,
        `grant_ids=${grantIds[9]}&grant_ids=${grantIds[2]}&grant_ids=cgr_notAssociated00&include_totals=true`,
      );
      assert.deepEqual([several.body.total, ids(several.body.client_grants)], [2, [grantIds[2], grantIds[9]]]);
    });

    it('400 for more than 10 grant_ids, for checkpoint params, and past 1000 records', async () => {
      const eleven = Array.from({ length: 11 }, (_, i) => `grant_ids=cgr_${i}`).join('&');
      Errors.invalidQuery(
        await list(orgId, eleven),
        `Query validation error: 'Array is too long (11), maximum 10' on property grant_ids (Optional filter on the ID of the client grant. Must be URL encoded and may be specified multiple times (max 10).).`,
      );
      Errors.invalidQuery(await list(orgId, 'take=5'), `Query validation error: 'Additional properties not allowed: take'.`);
      Errors.invalidPaging(await list(orgId, 'page=10&per_page=100'));
    });

    it('404 for an unknown organization, with or without totals', async () => {
      Errors.organizationNotFound(await list('org_doesNotExist0000'));
      Errors.organizationNotFound(await list('org_doesNotExist0000', 'include_totals=true'));
    });

    it('an organization without grants: [] and, with totals, total 0 (not 404)', async () => {
      const empty = (await t.factories.organization()).id;
      const bare = await list(empty);
      assert.equal(bare.status, 200);
      assert.deepEqual(bare.body, []);
      const withTotals = await list(empty, 'include_totals=true');
      assert.equal(withTotals.status, 200);
      assert.deepEqual(withTotals.body, { start: 0, limit: 50, total: 0, client_grants: [] });
    });

    it('403 without read:organization_client_grants; 401 for an expired token', async () => {
      Errors.insufficientScope(
        await t.api.get(`/api/v2/organizations/${orgId}/client-grants`).set('Authorization', await t.bearer(CREATE)),
        READ,
      );
      const expired = `Bearer ${await t.tokens.sign({ scope: READ, expiresIn: -5 })}`;
      Errors.expired(await t.api.get(`/api/v2/organizations/${orgId}/client-grants`).set('Authorization', expired));
    });
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:organizations read:organizations update:organizations delete:organizations';
const NAME_DESC = 'The name of this organization.';
const DISPLAY_DESC = 'Friendly name of this organization.';
const META_DESC =
  'Metadata associated with the organization, in the form of an object with string values (max 255 chars). Maximum of 25 metadata properties allowed.';
const BRANDING_DESC = 'Theme defines how to style the login pages.';
const conflictBody = ['organization_conflict', 'An organization with the same name already exists.'] as const;

describe('organizations', () => {
  let t: TestApp;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(ALL);
  });
  after(() => t.close());

  const uniqueName = () => `acme-${Math.random().toString(36).slice(2, 10)}`;
  const create = (body: object) => t.api.post('/api/v2/organizations').set('Authorization', auth).send(body);

  describe('POST /organizations', () => {
    it('201 with the organization; unset properties are absent', async () => {
      const name = uniqueName();
      const res = await create({ name });
      assert.equal(res.status, 201);
      assert.match(res.body.id, /^org_[A-Za-z0-9]{16}$/);
      assert.deepEqual(res.body, { id: res.body.id, name });
      assert.ok(await t.prisma.organization.findUnique({ where: { id: res.body.id } }));
    });

    it('201 with display_name, branding and metadata echoed back', async () => {
      const body = {
        name: uniqueName(),
        display_name: 'Acme Corporation',
        branding: { logo_url: 'https://acme.example/logo.png', colors: { primary: '#0059d6', page_background: '#FFF' } },
        metadata: { tier: 'gold', region: 'eu' },
      };
      const res = await create(body);
      assert.equal(res.status, 201);
      assert.deepEqual(res.body, { id: res.body.id, ...body });
    });

    it('accepts a form-urlencoded body', async () => {
      const name = uniqueName();
      const res = await t.api
        .post('/api/v2/organizations')
        .set('Authorization', auth)
        .type('form')
        .send({ name, display_name: 'Form Org' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual(res.body, { id: res.body.id, name, display_name: 'Form Org' });
    });

    it('409 for a name already taken', async () => {
      const existing = await t.factories.organization();
      expectError(await create({ name: existing.name }), 409, ...conflictBody);
    });

    it('two concurrent creates with one name: one 201, one 409', async () => {
      const name = uniqueName();
      const results = await Promise.all([create({ name }), create({ name })]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
      assert.equal(await t.prisma.organization.count({ where: { name } }), 1);
    });

    const invalid: [string, unknown, string][] = [
      ['a missing name', { display_name: 'x' }, `Payload validation error: 'Missing required property: name'.`],
      [
        'an empty name',
        { name: '' },
        `Payload validation error: 'String is too short (0 chars), minimum 1' on property name (${NAME_DESC}).`,
      ],
      [
        'a name too long',
        { name: 'a'.repeat(51) },
        `Payload validation error: 'String is too long (51 chars), maximum 50' on property name (${NAME_DESC}).`,
      ],
      [
        'an uppercase name',
        { name: 'Acme' },
        `Payload validation error: 'String does not match pattern ^[a-z0-9_-]+$: Acme' on property name (${NAME_DESC}).`,
      ],
      [
        'a display_name too long',
        { name: 'ok', display_name: 'd'.repeat(256) },
        `Payload validation error: 'String is too long (256 chars), maximum 255' on property display_name (${DISPLAY_DESC}).`,
      ],
      [
        '26 metadata properties',
        { name: 'ok', metadata: Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`k${i}`, 'v'])) },
        `Payload validation error: 'Too many properties defined (26), maximum 25' on property metadata (${META_DESC}).`,
      ],
      [
        'a metadata value too long',
        { name: 'ok', metadata: { k: 'v'.repeat(256) } },
        `Payload validation error: 'String is too long (256 chars), maximum 255 (metadata.k)' on property metadata (${META_DESC}).`,
      ],
      [
        'a non-string metadata value',
        { name: 'ok', metadata: { k: 1 } },
        `Payload validation error: 'Expected type string but found type integer (metadata.k)' on property metadata (${META_DESC}).`,
      ],
      [
        'a branding color that is not hex',
        { name: 'ok', branding: { colors: { primary: 'red', page_background: '#fff' } } },
        `Payload validation error: 'String does not match pattern ^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$: red' on property branding (${BRANDING_DESC}).`,
      ],
      [
        'an unknown branding property',
        { name: 'ok', branding: { font: 'x' } },
        `Payload validation error: 'Additional properties not allowed: font' on property branding (${BRANDING_DESC}).`,
      ],
      ['an unknown property', { name: 'ok', foo: 1 }, `Payload validation error: 'Additional properties not allowed: foo'.`],
    ];
    for (const [what, body, message] of invalid) {
      it(`400 for ${what}`, async () => Errors.invalidBody(await create(body as object), message));
    }

    it('403 without create:organizations', async () => {
      const res = await t.api
        .post('/api/v2/organizations')
        .set('Authorization', await t.bearer('read:organizations'))
        .send({ name: 'x' });
      Errors.insufficientScope(res, 'create:organizations');
    });

    it('401 for a missing or badly signed token', async () => {
      Errors.missingAuth(await t.api.post('/api/v2/organizations').send({ name: 'x' }));
      const bad = `Bearer ${await t.tokens.sign({ scope: ALL, foreignKey: true })}`;
      Errors.badSignature(await t.api.post('/api/v2/organizations').set('Authorization', bad).send({ name: 'x' }));
    });
  });

  describe('GET /organizations/{id} and /organizations/name/{name}', () => {
    it('200 by id and by name', async () => {
      const org = await t.factories.organization({ display_name: 'Shown' });
      const expected = { id: org.id, name: org.name, display_name: 'Shown' };
      assert.deepEqual((await t.api.get(`/api/v2/organizations/${org.id}`).set('Authorization', auth)).body, expected);
      const byName = await t.api.get(`/api/v2/organizations/name/${org.name}`).set('Authorization', auth);
      assert.equal(byName.status, 200);
      assert.deepEqual(byName.body, expected);
    });

    it('404 for an unknown id or name', async () => {
      Errors.organizationNotFound(await t.api.get('/api/v2/organizations/org_doesNotExist0000').set('Authorization', auth));
      Errors.organizationNotFound(await t.api.get('/api/v2/organizations/name/no-such-org').set('Authorization', auth));
    });

    it('400 invalid_uri for an id over 50 characters', async () => {
      const res = await t.api.get(`/api/v2/organizations/${'o'.repeat(51)}`).set('Authorization', auth);
      expectError(
        res,
        400,
        'invalid_uri',
        "Path validation error: 'String is too long (51 chars), maximum 50' on property id (ID of the organization).",
      );
    });

    it('403 without read:organizations', async () => {
      Errors.insufficientScope(
        await t.api.get('/api/v2/organizations/org_x').set('Authorization', await t.bearer('update:organizations')),
        'read:organizations',
      );
      Errors.insufficientScope(
        await t.api.get('/api/v2/organizations/name/x').set('Authorization', await t.bearer('update:organizations')),
        'read:organizations',
      );
    });

    it('401 for an expired token', async () => {
      Errors.expired(
        await t.api.get('/api/v2/organizations/org_x').set('Authorization', `Bearer ${await t.tokens.sign({ scope: ALL, expiresIn: -5 })}`),
      );
    });
  });

  describe('PATCH /organizations/{id}', () => {
    const patch = (id: string, body: object) => t.api.patch(`/api/v2/organizations/${id}`).set('Authorization', auth).send(body);

    it('200 with the updated organization; untouched properties kept', async () => {
      const org = await t.factories.organization({ display_name: 'Before' });
      const name = uniqueName();
      const res = await patch(org.id, { name, metadata: { a: 'b' } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { id: org.id, name, display_name: 'Before', metadata: { a: 'b' } });
    });

    it('404 for an unknown id', async () => Errors.organizationNotFound(await patch('org_doesNotExist0000', { display_name: 'x' })));

    it('409 when renaming onto a taken name', async () => {
      const [a, b] = [await t.factories.organization(), await t.factories.organization()];
      expectError(await patch(b.id, { name: a.name }), 409, ...conflictBody);
    });

    it('400 for an empty body', async () => {
      Errors.invalidBody(await patch('org_x', {}), `Payload validation error: 'Too few properties defined (0), minimum 1'.`);
    });

    it('403 without update:organizations', async () => {
      const res = await t.api
        .patch('/api/v2/organizations/org_x')
        .set('Authorization', await t.bearer('read:organizations'))
        .send({ display_name: 'x' });
      Errors.insufficientScope(res, 'update:organizations');
    });
  });

  describe('DELETE /organizations/{id}', () => {
    it('204, and its client-grant associations go with it while the grants stay', async () => {
      const org = await t.factories.organization();
      const grant = await t.factories.clientGrant();
      await t.factories.associate(org.id, grant.id);
      const res = await t.api.delete(`/api/v2/organizations/${org.id}`).set('Authorization', auth);
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      assert.equal(await t.prisma.organization.count({ where: { id: org.id } }), 0);
      assert.equal(await t.prisma.organizationClientGrant.count({ where: { organization_id: org.id } }), 0);
      assert.ok(await t.prisma.clientGrant.findUnique({ where: { id: grant.id } }));
    });

    it('404 when absent (also on a second delete)', async () => {
      const org = await t.factories.organization();
      assert.equal((await t.api.delete(`/api/v2/organizations/${org.id}`).set('Authorization', auth)).status, 204);
      Errors.organizationNotFound(await t.api.delete(`/api/v2/organizations/${org.id}`).set('Authorization', auth));
    });

    it('403 without delete:organizations', async () => {
      Errors.insufficientScope(
        await t.api.delete('/api/v2/organizations/org_x').set('Authorization', await t.bearer('read:organizations')),
        'delete:organizations',
      );
    });
  });

  describe('GET /organizations (pagination)', () => {
    const list = (query: string) => t.api.get(`/api/v2/organizations?${query}`).set('Authorization', auth);
    let allIds: string[];
    let plainIds: Set<string>;
    before(async () => {
      plainIds = new Set(await t.factories.organizations(120));
      allIds = (await t.prisma.organization.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((r) => r.id);
    });

    it('a bare array of 50 by default, ordered by id', async () => {
      const res = await list('');
      assert.equal(res.status, 200);
      assert.ok(Array.isArray(res.body));
      assert.deepEqual(
        res.body.map((o: { id: string }) => o.id),
        allIds.slice(0, 50),
      );
      // Earlier tests in this file leave organizations with branding or metadata, which may sort first.
      const plain = res.body.find((o: { id: string }) => plainIds.has(o.id));
      assert.deepEqual(Object.keys(plain).sort(), ['id', 'name']);
    });

    it('page/per_page with include_totals: {start, limit, total, organizations}', async () => {
      const res = await list('page=2&per_page=7&include_totals=true');
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), ['limit', 'organizations', 'start', 'total']);
      assert.equal(res.body.start, 14);
      assert.equal(res.body.limit, 7);
      assert.equal(res.body.total, await t.prisma.organization.count());
      assert.deepEqual(
        res.body.organizations.map((o: { id: string }) => o.id),
        allIds.slice(14, 21),
      );
    });

    it('include_totals=false is a bare array', async () => {
      const res = await list('per_page=3&include_totals=false');
      assert.deepEqual(
        res.body.map((o: { id: string }) => o.id),
        allIds.slice(0, 3),
      );
    });

    it('checkpoint from/take walks every organization once; next is omitted on the last page', async () => {
      const seen: string[] = [];
      let next: string | undefined;
      let pages = 0;
      do {
        const res = await list(`take=45${next ? `&from=${next}` : ''}&include_totals=true`);
        assert.equal(res.status, 200);
        assert.deepEqual(
          Object.keys(res.body).filter((k) => k !== 'next'),
          ['organizations'],
        );
        seen.push(...res.body.organizations.map((o: { id: string }) => o.id));
        next = res.body.next;
        pages++;
      } while (next !== undefined);
      assert.deepEqual(seen, allIds);
      assert.equal(pages, Math.ceil(allIds.length / 45));
    });

    it('checkpoint paging is stable under concurrent inserts: no row seen twice, none of the original rows skipped', async () => {
      const before = (await t.prisma.organization.findMany({ select: { id: true } })).map((r) => r.id);
      const seen: string[] = [];
      let next: string | undefined;
      do {
        const res = await list(`take=40${next ? `&from=${next}` : ''}`);
        seen.push(...res.body.organizations.map((o: { id: string }) => o.id));
        next = res.body.next;
        await t.factories.organizations(5);
      } while (next !== undefined);
      assert.equal(new Set(seen).size, seen.length);
      for (const id of before) assert.ok(seen.includes(id), `skipped ${id}`);
      const ordered = (await t.prisma.organization.findMany({ select: { id: true }, orderBy: { id: 'asc' } }))
        .map((r) => r.id)
        .filter((id) => seen.includes(id));
      assert.deepEqual(seen, ordered);
    });

    it('400 invalid_paging past 1000 records; the last allowed page is fine', async () => {
      assert.equal((await list('page=9&per_page=100')).status, 200);
      Errors.invalidPaging(await list('page=10&per_page=100'));
      Errors.invalidPaging(await list('page=20'));
    });

    const badQueries: [string, string][] = [
      [
        'per_page=101',
        `Query validation error: 'Value 101 is greater than maximum 100' on property per_page (Number of results per page. Defaults to 50.).`,
      ],
      [
        'per_page=abc',
        `Query validation error: 'Expected type integer but found type string' on property per_page (Number of results per page. Defaults to 50.).`,
      ],
      [
        'page=-1',
        `Query validation error: 'Value -1 is less than minimum 0' on property page (Page index of the results to return. First page is 0.).`,
      ],
      [
        'take=0',
        `Query validation error: 'Value 0 is less than minimum 1' on property take (Number of results per page. Defaults to 50.).`,
      ],
      [
        'include_totals=yes',
        `Query validation error: 'Expected type boolean but found type string' on property include_totals (Return results inside an object that contains the total result count (true) or as a direct array of results (false, default).).`,
      ],
      ['from=%21%21', `Query validation error: 'Invalid checkpoint' on property from (Optional Id from which to start selection.).`],
      ['foo=1', `Query validation error: 'Additional properties not allowed: foo'.`],
    ];
    for (const [query, message] of badQueries) {
      it(`400 invalid_query_string for ${query}`, async () => Errors.invalidQuery(await list(query), message));
    }

    it('403 without read:organizations, 401 without a token', async () => {
      Errors.insufficientScope(
        await t.api.get('/api/v2/organizations').set('Authorization', await t.bearer('create:organizations')),
        'read:organizations',
      );
      Errors.missingAuth(await t.api.get('/api/v2/organizations'));
    });
  });
});

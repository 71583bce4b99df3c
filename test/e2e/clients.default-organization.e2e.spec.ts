import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DESCRIPTION = 'Defines the default Organization ID and flows';

describe("a client's default_organization", () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const create = async (body: object) =>
    t.api
      .post('/api/v2/clients')
      .set('Authorization', await t.bearer('create:clients'))
      .send({ name: 'with default org', ...body });
  const update = async (id: string, body: object) =>
    t.api
      .patch(`/api/v2/clients/${id}`)
      .set('Authorization', await t.bearer('update:clients'))
      .send(body);
  const read = async (id: string) => t.api.get(`/api/v2/clients/${id}`).set('Authorization', await t.bearer('read:clients'));

  it('is kept on create, answered on read and update, and replaced whole by PATCH', async () => {
    const [org, other] = [await t.factories.organization(), await t.factories.organization()];
    const value = { organization_id: org.id, flows: ['client_credentials'] };
    const created = await create({ default_organization: value });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.default_organization, value);
    const id = (created.body as { client_id: string }).client_id;
    assert.deepEqual((await read(id)).body.default_organization, value);

    const replaced = await update(id, { default_organization: { organization_id: other.id, flows: ['client_credentials'] } });
    assert.equal(replaced.status, 200, replaced.text);
    assert.deepEqual(replaced.body.default_organization, { organization_id: other.id, flows: ['client_credentials'] });
  });

  it('is removed by PATCH with null, as Auth0 unsets it', async () => {
    const org = await t.factories.organization();
    const created = await create({ default_organization: { organization_id: org.id, flows: ['client_credentials'] } });
    const id = (created.body as { client_id: string }).client_id;
    const unset = await update(id, { default_organization: null });
    assert.equal(unset.status, 200, unset.text);
    assert.equal('default_organization' in unset.body, false);
    assert.equal('default_organization' in (await read(id)).body, false);
    const row = await t.prisma.client.findUniqueOrThrow({ where: { client_id: id } });
    assert.equal(row.default_organization, null);
  });

  it('is absent from a client that has none', async () => {
    const created = await create({});
    assert.equal(created.status, 201);
    assert.equal('default_organization' in created.body, false);
  });

  it('must name an existing organization: 404 otherwise, on create and update, and nothing is written', async () => {
    const missing = { organization_id: 'org_doesnotexist123', flows: ['client_credentials'] };
    expectError(
      await create({ default_organization: missing }),
      404,
      'inexistent_organization',
      'No organization found by that id or name',
    );
    const created = await create({});
    const id = (created.body as { client_id: string }).client_id;
    expectError(
      await update(id, { default_organization: missing }),
      404,
      'inexistent_organization',
      'No organization found by that id or name',
    );
    assert.equal('default_organization' in (await read(id)).body, false);
  });

  it("is validated as Auth0's object: both properties, flows only client_credentials, nothing else", async () => {
    const org = await t.factories.organization();
    Errors.invalidBody(
      await create({ default_organization: { organization_id: org.id, flows: ['authorization_code'] } }),
      `Payload validation error: 'No enum match for: "authorization_code"' on property default_organization (${DESCRIPTION}).`,
    );
    Errors.invalidBody(
      await create({ default_organization: { flows: ['client_credentials'] } }),
      `Payload validation error: 'Missing required property: organization_id' on property default_organization (${DESCRIPTION}).`,
    );
    Errors.invalidBody(
      await create({ default_organization: { organization_id: org.id, flows: ['client_credentials'], extra: 1 } }),
      `Payload validation error: 'Additional properties not allowed: extra' on property default_organization (${DESCRIPTION}).`,
    );
    Errors.invalidBody(
      await create({ default_organization: 'org' }),
      `Payload validation error: 'Expected type object but found type string' on property default_organization (${DESCRIPTION}).`,
    );
  });
});

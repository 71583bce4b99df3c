import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPE = 'delete:organization_client_grants';

describe('DELETE /api/v2/organizations/:id/client-grants/:grant_id', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const remove = (orgId: string, grantId: string) => t.api.delete(`/api/v2/organizations/${orgId}/client-grants/${grantId}`);

  it('removes the association and answers 204 with no body; the grant itself stays', async () => {
    const org = await t.factories.organization();
    const grant = await t.factories.clientGrant();
    await t.factories.associate(org.id, grant.id);
    const res = await remove(org.id, grant.id).set('Authorization', await t.bearer(SCOPE));
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal(await t.prisma.organizationClientGrant.count({ where: { organization_id: org.id } }), 0);
    assert.ok(await t.prisma.clientGrant.findUnique({ where: { id: grant.id } }));
  });

  it('only detaches that grant from that organization', async () => {
    const [org, other] = [await t.factories.organization(), await t.factories.organization()];
    const [g1, g2] = [await t.factories.clientGrant(), await t.factories.clientGrant()];
    await t.factories.associate(org.id, g1.id);
    await t.factories.associate(org.id, g2.id);
    await t.factories.associate(other.id, g1.id);
    assert.equal((await remove(org.id, g1.id).set('Authorization', await t.bearer(SCOPE))).status, 204);
    const left = await t.prisma.organizationClientGrant.findMany({
      orderBy: { grant_id: 'asc' },
      where: { grant_id: { in: [g1.id, g2.id] } },
    });
    assert.deepEqual(left.map((r) => `${r.organization_id}/${r.grant_id}`).sort(), [`${org.id}/${g2.id}`, `${other.id}/${g1.id}`].sort());
  });

  it('is idempotent: 204 again, and 204 for a grant never associated', async () => {
    const org = await t.factories.organization();
    const grant = await t.factories.clientGrant();
    await t.factories.associate(org.id, grant.id);
    const auth = await t.bearer(SCOPE);
    assert.equal((await remove(org.id, grant.id).set('Authorization', auth)).status, 204);
    assert.equal((await remove(org.id, grant.id).set('Authorization', auth)).status, 204);
    assert.equal((await remove(org.id, 'cgr_neverAttached0001').set('Authorization', auth)).status, 204);
  });

  it('404 when no organization has that id', async () => {
    const res = await remove('org_doesNotExist00001', 'cgr_x').set('Authorization', await t.bearer(SCOPE));
    Errors.organizationNotFound(res);
  });

  it('400 invalid_uri for an id longer than 50 characters, even when the token is fine', async () => {
    const res = await remove('o'.repeat(51), 'cgr_x').set('Authorization', await t.bearer(SCOPE));
    expectError(
      res,
      400,
      'invalid_uri',
      "Path validation error: 'String is too long (51 chars), maximum 50' on property id (ID of the organization).",
    );
  });

  it('accepts an id of exactly 50 characters (then 404 as it does not exist)', async () => {
    Errors.organizationNotFound(await remove('o'.repeat(50), 'cgr_x').set('Authorization', await t.bearer(SCOPE)));
  });

  it('403 naming the one acceptable scope when the token lacks it', async () => {
    const org = await t.factories.organization();
    const res = await remove(org.id, 'cgr_x').set('Authorization', await t.bearer('read:organizations create:organization_client_grants'));
    Errors.insufficientScope(res, SCOPE);
  });

  it('401 without a token, with WWW-Authenticate', async () => {
    Errors.missingAuth(await remove('org_x', 'cgr_x'));
  });

  it('401 for a token whose signature fails validation', async () => {
    const res = await remove('org_x', 'cgr_x').set('Authorization', `Bearer ${await t.tokens.sign({ scope: SCOPE, foreignKey: true })}`);
    Errors.badSignature(res);
  });

  it('401 for an expired token', async () => {
    const res = await remove('org_x', 'cgr_x').set('Authorization', `Bearer ${await t.tokens.sign({ scope: SCOPE, expiresIn: -60 })}`);
    Errors.expired(res);
  });

  it('carries X-RateLimit headers on success', async () => {
    const org = await t.factories.organization();
    const res = await remove(org.id, 'cgr_x').set('Authorization', await t.bearer(SCOPE));
    assert.equal(res.status, 204);
    assert.match(res.headers['x-ratelimit-limit'], /^\d+$/);
    assert.match(res.headers['x-ratelimit-remaining'], /^\d+$/);
    assert.ok(Number(res.headers['x-ratelimit-reset']) >= Math.floor(Date.now() / 1000));
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TestOnlyModule } from '../support/test-only.module.js';
import { ALL_SCOPES } from '../../src/auth/scopes.catalog.js';

describe('scopes and deny-by-default (AppModule + a test-only controller)', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({}, { imports: [TestOnlyModule] })));
  after(() => t.close());

  it('refuses a route that declares neither @Public() nor @Scopes(), even to a token holding every scope', async () => {
    const res = await t.api.get('/api/v2/test-only/undeclared').set('Authorization', await t.bearer(ALL_SCOPES.join(' ')));
    expectError(res, 403, 'insufficient_scope', 'Insufficient scope.');
    assert.equal(res.text.includes('reached'), false);
  });

  it('without a token that route is a 401 like any other', async () => {
    Errors.missingAuth(await t.api.get('/api/v2/test-only/undeclared'));
  });

  it('403 lists every accepted scope, joined by ", "', async () => {
    const res = await t.api
      .get('/api/v2/test-only/several')
      .set('Authorization', await t.bearer('read:clients delete:organization_client_grants'));
    Errors.insufficientScope(res, 'read:organizations', 'read:client_grants', 'read:organization_client_grants');
    assert.equal(
      res.body.message,
      'Insufficient scope, expected any of: read:organizations, read:client_grants, read:organization_client_grants',
    );
  });

  it('any one of the accepted scopes suffices', async () => {
    for (const scope of ['read:organizations', 'read:client_grants', 'read:organization_client_grants']) {
      const res = await t.api.get('/api/v2/test-only/several').set('Authorization', await t.bearer(scope));
      assert.equal(res.status, 200, scope);
      assert.deepEqual(res.body, { reached: true });
    }
  });

  it('a scope name must match exactly (no prefix or case tricks)', async () => {
    for (const scope of ['read:organization', 'READ:organizations', 'read:organizations_summary', 'read:*']) {
      const res = await t.api.get('/api/v2/test-only/several').set('Authorization', await t.bearer(scope));
      assert.equal(res.status, 403, scope);
    }
  });

  it('a @Public() route needs no token, and ignores a bad one', async () => {
    assert.deepEqual((await t.api.get('/api/v2/test-only/public').expect(200)).body, { reached: true });
    const res = await t.api.get('/api/v2/test-only/public').set('Authorization', 'Bearer garbage');
    assert.equal(res.status, 200);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPE = 'delete:token_exchange_profiles';

describe('DELETE /api/v2/token-exchange-profiles/:id', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const remove = (id: string) => t.api.delete(`/api/v2/token-exchange-profiles/${id}`);

  it('204 with no body, and the profile is gone', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const other = await t.factories.tokenExchangeProfile();
    const res = await remove(profile.id).set('Authorization', await t.bearer(SCOPE));
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal(await t.prisma.tokenExchangeProfile.findUnique({ where: { id: profile.id } }), null);
    assert.ok(await t.prisma.tokenExchangeProfile.findUnique({ where: { id: other.id } }));
  });

  it('is idempotent: 204 again and for an id that never existed', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const auth = await t.bearer(SCOPE);
    assert.equal((await remove(profile.id).set('Authorization', auth)).status, 204);
    assert.equal((await remove(profile.id).set('Authorization', auth)).status, 204);
    assert.equal((await remove('tep_neverExisted00001').set('Authorization', auth)).status, 204);
  });

  it('frees the subject_token_type for reuse', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    await remove(profile.id).set('Authorization', await t.bearer(SCOPE));
    await t.factories.tokenExchangeProfile({ subject_token_type: profile.subject_token_type });
  });

  it('403 without delete:token_exchange_profiles, and nothing is deleted', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    Errors.insufficientScope(await remove(profile.id).set('Authorization', await t.bearer('update:token_exchange_profiles')), SCOPE);
    assert.ok(await t.prisma.tokenExchangeProfile.findUnique({ where: { id: profile.id } }));
  });

  it('401 for missing, malformed, expired and badly signed tokens', async () => {
    Errors.missingAuth(await remove('tep_x'));
    Errors.invalidToken(await remove('tep_x').set('Authorization', 'Bearer abc'));
    Errors.expired(await remove('tep_x').set('Authorization', `Bearer ${await t.tokens.sign({ scope: SCOPE, expiresIn: -1 })}`));
    Errors.badSignature(await remove('tep_x').set('Authorization', `Bearer ${await t.tokens.sign({ scope: SCOPE, foreignKey: true })}`));
  });
});

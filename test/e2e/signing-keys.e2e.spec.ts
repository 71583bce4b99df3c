import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clientWithGrant, decodeJwt, issuedToken } from '../support/issuer.js';
import { Errors } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPE = 'delete:token_exchange_profiles';

describe('signing keys: JWKS and rotation', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const jwksKids = async (): Promise<string[]> => {
    const res = await t.api.get('/.well-known/jwks.json');
    assert.equal(res.status, 200);
    for (const key of res.body.keys) {
      assert.deepEqual(Object.keys(key).sort(), ['alg', 'e', 'kid', 'kty', 'n', 'use']);
      assert.deepEqual([key.kty, key.alg, key.use], ['RSA', 'RS256', 'sig']);
    }
    return res.body.keys.map((k: { kid: string }) => k.kid);
  };
  const rotate = async (scope = 'create:signing_keys') =>
    t.api.post('/api/v2/keys/signing/rotate').set('Authorization', await t.bearer(scope));
  const use = (token: string) => t.api.delete('/api/v2/token-exchange-profiles/tep_absent').set('Authorization', `Bearer ${token}`);

  it('one key exists after boot and is published', async () => {
    assert.equal(await t.prisma.signingKey.count(), 1);
    const current = await t.prisma.signingKey.findFirstOrThrow({ where: { is_current: true } });
    assert.deepEqual(await jwksKids(), [current.kid]);
  });

  it('rotation: new tokens carry the new kid, tokens signed before stay valid, both keys are published', async () => {
    const client = await clientWithGrant(t, [SCOPE]);
    const oldToken = await issuedToken(t, client);
    const oldKid = decodeJwt(oldToken).header.kid;
    const res = await rotate();
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body), ['kid']);
    assert.notEqual(res.body.kid, oldKid);
    const newToken = await issuedToken(t, client);
    assert.equal(decodeJwt(newToken).header.kid, res.body.kid);
    assert.equal((await use(oldToken)).status, 204);
    assert.equal((await use(newToken)).status, 204);
    assert.deepEqual(await jwksKids(), [res.body.kid, oldKid]);
    assert.equal(await t.prisma.signingKey.count({ where: { is_current: true } }), 1);
  });

  it('a key retired longer ago than a token lifetime is no longer published nor trusted', async () => {
    const client = await clientWithGrant(t, [SCOPE]);
    const token = await issuedToken(t, client);
    const kid = decodeJwt(token).header.kid as string;
    // Accepted once first, so the instance holds it as verified: retiring its key must still end it.
    assert.equal((await use(token)).status, 204);
    assert.equal((await rotate()).status, 201);
    await t.prisma.signingKey.update({ where: { kid }, data: { rotated_at: new Date(Date.now() - 26 * 3600 * 1000) } });
    assert.equal((await rotate()).status, 201);
    assert.ok(!(await jwksKids()).includes(kid));
    Errors.invalidToken(await use(token));
  });

  it('concurrent rotations leave exactly one current key', async () => {
    const results = await Promise.all([rotate(), rotate(), rotate()]);
    assert.deepEqual(
      results.map((r) => r.status),
      [201, 201, 201],
    );
    const current = await t.prisma.signingKey.findMany({ where: { is_current: true } });
    assert.equal(current.length, 1);
    assert.ok(results.some((r) => r.body.kid === current[0].kid));
  });

  it('rotate needs create:signing_keys', async () => {
    Errors.insufficientScope(await rotate('read:signing_keys'), 'create:signing_keys');
    Errors.missingAuth(await t.api.post('/api/v2/keys/signing/rotate'));
  });

  it('without KEY_ENCRYPTION_SECRET the private key is stored as PEM (documented default)', async () => {
    const row = await t.prisma.signingKey.findFirstOrThrow({ where: { is_current: true } });
    assert.match(row.private_key, /^-----BEGIN PRIVATE KEY-----/);
  });
});

describe('signing keys: encryption at rest with KEY_ENCRYPTION_SECRET', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ KEY_ENCRYPTION_SECRET: 'correct horse battery staple' })));
  after(() => t.close());

  it('stores the private key as an AES-GCM envelope, not PEM, and still signs verifiable tokens', async () => {
    const row = await t.prisma.signingKey.findFirstOrThrow({ where: { is_current: true } });
    assert.doesNotMatch(row.private_key, /BEGIN|PRIVATE KEY/);
    assert.match(row.private_key, /^v1\.[\w-]{22}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    const client = await clientWithGrant(t, [SCOPE]);
    const res = await t.api
      .delete('/api/v2/token-exchange-profiles/tep_absent')
      .set('Authorization', `Bearer ${await issuedToken(t, client)}`);
    assert.equal(res.status, 204);
  });

  it('rotated keys are encrypted too', async () => {
    assert.equal((await t.api.post('/api/v2/keys/signing/rotate').set('Authorization', await t.bearer('create:signing_keys'))).status, 201);
    const rows = await t.prisma.signingKey.findMany();
    assert.equal(rows.length, 2);
    for (const row of rows) assert.match(row.private_key, /^v1\./);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { Errors } from '../support/responses.js';
import { AUDIENCE, ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

const SCOPE = 'delete:token_exchange_profiles';

describe('bearer token authentication (real pipeline)', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const call = (authorization?: string) => {
    const req = t.api.delete('/api/v2/token-exchange-profiles/tep_doesNotMatter0001');
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };
  const bearer = (jwt: string) => `Bearer ${jwt}`;

  it('accepts a valid RS256 token with the scope in `scope`', async () => {
    assert.equal((await call(bearer(await t.tokens.sign({ scope: `read:organizations ${SCOPE}` })))).status, 204);
  });

  it('accepts the scope in a `permissions` array claim', async () => {
    const jwt = await t.tokens.sign({ scope: '', claims: { permissions: ['read:organizations', SCOPE] } });
    assert.equal((await call(bearer(jwt))).status, 204);
  });

  it('401 Missing authentication without an Authorization header', async () => {
    Errors.missingAuth(await call());
  });

  it('401 Missing authentication for another scheme or an empty bearer', async () => {
    const jwt = await t.tokens.sign({ scope: SCOPE });
    Errors.missingAuth(await call(`Basic ${Buffer.from('client:secret').toString('base64')}`));
    Errors.missingAuth(await call(`Token ${jwt}`));
    Errors.missingAuth(await call('Bearer'));
  });

  it('401 Invalid token for alg "none"', async () => {
    Errors.invalidToken(await call(bearer(t.tokens.unsigned(SCOPE))));
  });

  it('401 Invalid token for HS256 signed with the public key (algorithm confusion)', async () => {
    Errors.invalidToken(await call(bearer(await t.tokens.hmacWithPublicKey(SCOPE))));
  });

  it('401 Invalid token for another RSA algorithm than RS256', async () => {
    Errors.invalidToken(await call(bearer(await t.tokens.sign({ scope: SCOPE, alg: 'RS384' }))));
  });

  it('401 Expired token for an expired token', async () => {
    Errors.expired(await call(bearer(await t.tokens.sign({ scope: SCOPE, expiresIn: -5 }))));
  });

  it('401 Invalid token for a token not valid yet (nbf in the future)', async () => {
    Errors.invalidToken(await call(bearer(await t.tokens.sign({ scope: SCOPE, notBefore: 300 }))));
  });

  it('401 Invalid token for a wrong issuer or a wrong audience', async () => {
    Errors.invalidToken(await call(bearer(await t.tokens.sign({ scope: SCOPE, issuer: 'https://evil.example.com/' }))));
    Errors.invalidToken(await call(bearer(await t.tokens.sign({ scope: SCOPE, audience: 'https://tenant.test/other/' }))));
  });

  it('401 Invalid token for an unknown kid, and a token without kid', async () => {
    Errors.invalidToken(await call(bearer(await t.tokens.sign({ scope: SCOPE, kid: 'not-in-the-jwks' }))));
    const now = Math.floor(Date.now() / 1000);
    const noKid = await new SignJWT({ scope: SCOPE, azp: 'test-client' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('test-client@clients')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(Buffer.from('x'.repeat(32)));
    Errors.invalidToken(await call(bearer(noKid)));
  });

  it('401 Invalid token for a token without a subject', async () => {
    Errors.invalidToken(await call(bearer(await t.tokens.sign({ scope: SCOPE, sub: '' }))));
  });

  it('401 Invalid signature for a known kid signed with another key', async () => {
    Errors.badSignature(await call(bearer(await t.tokens.sign({ scope: SCOPE, foreignKey: true }))));
  });

  it('401 Invalid signature when the payload was altered', async () => {
    const [header, , signature] = (await t.tokens.sign({ scope: 'read:organizations' })).split('.');
    const forged = Buffer.from(JSON.stringify({ iss: ISSUER, aud: AUDIENCE, sub: 'x@clients', scope: SCOPE, exp: 9999999999 })).toString(
      'base64url',
    );
    Errors.badSignature(await call(bearer(`${header}.${forged}.${signature}`)));
  });

  // The strategy keeps the tokens it verified (VERIFIED_TOKENS_KEPT): a token seen before must be refused for
  // everything a new one would be, and nothing but its exact text may be taken for it.
  describe('a token accepted before', () => {
    it('is refused with Expired token once it expires', async () => {
      const jwt = await t.tokens.sign({ scope: SCOPE, expiresIn: 2 });
      assert.equal((await call(bearer(jwt))).status, 204);
      assert.equal((await call(bearer(jwt))).status, 204);
      // exp is in whole seconds: past it, whatever the sub-second phase of the signing.
      await new Promise((r) => setTimeout(r, 3_100));
      Errors.expired(await call(bearer(jwt)));
      Errors.expired(await call(bearer(jwt)));
    });

    it('lends nothing to its text with another signature, or with its claims altered', async () => {
      const jwt = await t.tokens.sign({ scope: SCOPE });
      assert.equal((await call(bearer(jwt))).status, 204);
      const [header, payload, signature] = jwt.split('.');
      const other = (await t.tokens.sign({ scope: SCOPE, foreignKey: true })).split('.')[2];
      Errors.badSignature(await call(bearer(`${header}.${payload}.${other}`)));
      const altered = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'y@clients' }),
      ).toString('base64url');
      Errors.badSignature(await call(bearer(`${header}.${altered}.${signature}`)));
      assert.equal((await call(bearer(jwt))).status, 204);
    });

    it('still needs the scope of the route it calls', async () => {
      const jwt = await t.tokens.sign({ scope: SCOPE });
      assert.equal((await call(bearer(jwt))).status, 204);
      Errors.insufficientScope(await t.api.get('/api/v2/organizations').set('Authorization', bearer(jwt)), 'read:organizations');
    });
  });

  it('401 Invalid token for malformed tokens', async () => {
    for (const junk of ['not-a-jwt', 'a.b.c', 'eyJhbGciOiJSUzI1NiJ9.%%%.sig', '...']) Errors.invalidToken(await call(bearer(junk)));
  });

  it('serves known kids from the cached JWKS, and refetches at most once for a burst of unknown kids', async () => {
    const before = t.tokens.jwksRequests;
    assert.ok(before >= 1, 'earlier tests fetched it');
    for (let i = 0; i < 3; i++) assert.equal((await call(bearer(await t.tokens.sign({ scope: SCOPE })))).status, 204);
    assert.equal(t.tokens.jwksRequests, before, 'no fetch for a known kid');
    const unknownBurst = async () => {
      const jwts = await Promise.all(Array.from({ length: 5 }, () => t.tokens.sign({ scope: SCOPE, kid: `rotated-${Math.random()}` })));
      for (const res of await Promise.all(jwts.map((jwt) => call(bearer(jwt))))) Errors.invalidToken(res);
    };
    await unknownBurst();
    const afterFirst = t.tokens.jwksRequests;
    assert.ok(afterFirst <= before + 1, `${afterFirst - before} fetches for one burst`);
    await unknownBurst();
    assert.equal(t.tokens.jwksRequests, afterFirst, 'none again within the interval');
  });

  it('accepts an audience array containing the API audience (as Auth0 user tokens carry)', async () => {
    const jwt = await t.tokens.sign({ scope: SCOPE, audience: [AUDIENCE, 'https://tenant.test/userinfo'] });
    assert.equal((await call(bearer(jwt))).status, 204);
    Errors.invalidToken(await call(bearer(await t.tokens.sign({ scope: SCOPE, audience: ['https://tenant.test/userinfo'] }))));
  });
});

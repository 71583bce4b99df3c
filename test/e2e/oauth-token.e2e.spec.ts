import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { must } from '../support/must.js';
import { expectLimitedAfter, expectTooManyFailures, requestTokenFrom, wrongSecretsAtOnce } from '../support/failed-attempts.js';
import { clientWithGrant, decodeJwt, issuedToken, requestToken } from '../support/issuer.js';
import { expectOAuthError } from '../support/responses.js';
import { AUDIENCE, ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

const NO_GRANT = (audience: string) =>
  `Client is not authorized to access "${audience}". You need to create a "client-grant" associated to this API. See: https://auth0.com/docs/api/v2#!/Client_Grants/post_client_grants`;

describe('POST /oauth/token (client credentials)', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  it('issues a token that verifies against /.well-known/jwks.json, with Auth0 claims', async () => {
    const client = await clientWithGrant(t, ['delete:token_exchange_profiles', 'read:clients']);
    const before = Math.floor(Date.now() / 1000);
    const res = await requestToken(t, client);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'scope', 'token_type']);
    assert.equal(res.body.token_type, 'Bearer');
    assert.equal(res.body.expires_in, 86400);
    assert.equal(res.body.scope, 'delete:token_exchange_profiles read:clients');

    const jwks = await t.api.get('/.well-known/jwks.json');
    assert.equal(jwks.status, 200);
    const { payload, protectedHeader } = await jwtVerify(res.body.access_token, createLocalJWKSet(jwks.body), {
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    assert.equal(protectedHeader.alg, 'RS256');
    assert.ok(jwks.body.keys.some((k: { kid: string }) => k.kid === protectedHeader.kid));
    assert.deepEqual(
      { ...payload, iat: undefined, exp: undefined },
      {
        iss: ISSUER,
        sub: `${client.client_id}@clients`,
        aud: AUDIENCE,
        iat: undefined,
        exp: undefined,
        scope: res.body.scope,
        gty: 'client-credentials',
        azp: client.client_id,
      },
    );
    const issuedAt = must(payload.iat, 'an iat claim');
    assert.ok(issuedAt >= before && payload.exp === issuedAt + 86400);
  });

  it('the token works on a core endpoint, verified locally', async () => {
    const client = await clientWithGrant(t, ['delete:token_exchange_profiles']);
    const profile = await t.factories.tokenExchangeProfile();
    const token = await issuedToken(t, client);
    const jwksCalls = t.tokens.jwksRequests;
    const res = await t.api.delete(`/api/v2/token-exchange-profiles/${profile.id}`).set('Authorization', `Bearer ${token}`);
    assert.equal(res.status, 204);
    assert.equal(await t.prisma.tokenExchangeProfile.count({ where: { id: profile.id } }), 0);
    assert.equal(t.tokens.jwksRequests, jwksCalls, 'our own token must not send the resolver to the external JWKS');
  });

  it('accepts a form-encoded body, as the SDKs send it', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const res = await t.api
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret, audience: AUDIENCE });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.scope, 'read:clients');
  });

  it('narrows to the requested scopes within the grant', async () => {
    const client = await clientWithGrant(t, ['read:clients', 'update:clients', 'delete:clients']);
    const res = await requestToken(t, client, { scope: 'delete:clients read:clients read:clients' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.scope, 'delete:clients read:clients');
    assert.equal(decodeJwt(res.body.access_token).claims.scope, 'delete:clients read:clients');
  });

  it('the narrowed token is refused where the dropped scope is needed', async () => {
    const client = await clientWithGrant(t, ['read:clients', 'delete:token_exchange_profiles']);
    const token = await issuedToken(t, client, { scope: 'read:clients' });
    const res = await t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', `Bearer ${token}`);
    assert.equal(res.status, 403);
  });

  it('403 access_denied when a requested scope is not granted', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const res = await requestToken(t, client, { scope: 'read:clients delete:clients create:clients' });
    expectOAuthError(res, 403, 'access_denied', 'Client has not been granted scopes: delete:clients, create:clients');
  });

  it('403 access_denied when the client holds no grant for the audience', async () => {
    const client = await clientWithGrant(t, ['read:things'], 'https://other-api.example.com/');
    expectOAuthError(await requestToken(t, client), 403, 'access_denied', NO_GRANT(AUDIENCE));
    const res = await requestToken(t, client, { audience: 'https://other-api.example.com/' });
    assert.equal(res.status, 200, 'a grant for another API gets a token for that API');
    assert.equal(decodeJwt(res.body.access_token).claims.aud, 'https://other-api.example.com/');
  });

  it('403 unauthorized_client when the client may not use client_credentials', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    await t.prisma.client.update({ where: { client_id: client.client_id }, data: { grant_types: [] } });
    expectOAuthError(
      await requestToken(t, client),
      403,
      'unauthorized_client',
      "Grant type 'client_credentials' not allowed for the client.",
    );
  });

  it('401 invalid_client for a wrong secret and for an unknown client, with the same body', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    expectOAuthError(await requestToken(t, { ...client, client_secret: 'wrong' }), 401, 'invalid_client', 'Client authentication failed.');
    expectOAuthError(
      await requestToken(t, { client_id: 'nobody', client_secret: 'x' }),
      401,
      'invalid_client',
      'Client authentication failed.',
    );
  });

  it('400 unsupported_grant_type and invalid_request for missing parameters', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const post = (body: object) => t.api.post('/oauth/token').send(body);
    expectOAuthError(
      await post({ ...client, audience: AUDIENCE, grant_type: 'implicit' }),
      400,
      'unsupported_grant_type',
      'Unsupported grant type: implicit',
    );
    expectOAuthError(await post({ ...client, audience: AUDIENCE }), 400, 'invalid_request', 'Missing required parameter: grant_type');
    for (const missing of ['client_id', 'client_secret', 'audience']) {
      const complete: Record<string, unknown> = { grant_type: 'client_credentials', ...client, audience: AUDIENCE };
      const body = Object.fromEntries(Object.entries(complete).filter(([name]) => name !== missing));
      expectOAuthError(await post(body), 400, 'invalid_request', `Missing required parameter: ${missing}`);
    }
    expectOAuthError(
      await post({ grant_type: 'client_credentials', ...client, audience: AUDIENCE, scope: ['read:clients'] }),
      400,
      'invalid_request',
      'Invalid parameter: scope must be a string',
    );
    expectOAuthError(await post([]), 400, 'invalid_request', 'Missing required parameter: grant_type');
  });

  it('rate limits failed attempts per client and address with 429, while another client is unaffected', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const other = await clientWithGrant(t, ['read:clients']);
    for (let i = 0; i < 10; i++) assert.equal((await requestToken(t, { ...client, client_secret: `wrong-${i}` })).status, 401);
    const limited = await requestToken(t, { ...client, client_secret: 'wrong-again' });
    expectOAuthError(limited, 429, 'too_many_requests', 'Too many failed authentication attempts, retry later.');
    assert.match(limited.headers['retry-after'], /^[1-9]\d*$/);
    // Even the right secret waits: otherwise the limit would not slow down guessing.
    expectOAuthError(await requestToken(t, client), 429, 'too_many_requests', 'Too many failed authentication attempts, retry later.');
    assert.equal((await requestToken(t, other)).status, 200);
  });
});

// Each case calls from addresses of its own (127.0.0.x), so the per-address limit of one does not touch another.
// The limit per client across addresses (a slower refill, so not exact against scrypt's pace) is
// covered in test/unit/failed-attempts.limiter.spec.ts.
describe('POST /oauth/token: failed-attempt limits (in memory)', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ REDIS_URL: '' })));
  after(() => t.close());

  it('40 wrong secrets at once for one client from one address: exactly 10 × 401, then 429', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    expectLimitedAfter(await wrongSecretsAtOnce(t, '127.0.0.11', 40, () => client.client_id), 10);
  });

  it('rotating client_id from one address does not escape: 20 failures per address, then 429', async () => {
    expectLimitedAfter(await wrongSecretsAtOnce(t, '127.0.0.12', 40, (i) => `rotated-${i}`), 20);
  });

  it('failures at one address make the client wait there, not at another address', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    expectLimitedAfter(await wrongSecretsAtOnce(t, '127.0.0.13', 15, () => client.client_id), 10);
    expectTooManyFailures(await requestTokenFrom(t, '127.0.0.13', client));
    assert.equal((await requestTokenFrom(t, '127.0.0.14', client)).status, 200);
  });

  it('a correct secret spends nothing: 30 tokens in a row, then still 10 failures allowed', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    for (let i = 0; i < 30; i++) assert.equal((await requestTokenFrom(t, '127.0.0.31', client)).status, 200);
    expectLimitedAfter(await wrongSecretsAtOnce(t, '127.0.0.31', 12, () => client.client_id), 10);
  });
});

describe('POST /oauth/token: bodies it cannot parse', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  it('malformed JSON is an OAuth invalid_request, not the API error body', async () => {
    const res = await t.api.post('/oauth/token').set('Content-Type', 'application/json').send('{bad');
    expectOAuthError(res, 400, 'invalid_request', 'Invalid JSON body.');
  });

  it('elsewhere malformed JSON keeps the API error body', async () => {
    const res = await t.api
      .patch('/api/v2/token-exchange-profiles/tep_x')
      .set('Authorization', await t.bearer('update:token_exchange_profiles'))
      .set('Content-Type', 'application/json')
      .send('{bad');
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { statusCode: 400, error: 'Bad Request', message: 'Invalid JSON body.', errorCode: 'invalid_body' });
  });
});

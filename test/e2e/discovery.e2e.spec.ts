import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clientWithGrant, decodeJwt, issuedToken } from '../support/issuer.js';
import { ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

const DOCUMENT = '/.well-known/openid-configuration';

describe('GET /.well-known/openid-configuration', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('answers, without a token, only what the service supports, its issuer the tokens’ iss byte for byte', async () => {
    const res = await t.api.get(DOCUMENT);
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers['content-type'], /^application\/json/);
    assert.deepEqual(res.body, {
      issuer: 'https://tenant.test/',
      token_endpoint: 'https://tenant.test/oauth/token',
      revocation_endpoint: 'https://tenant.test/oauth/revoke',
      userinfo_endpoint: 'https://tenant.test/userinfo',
      jwks_uri: 'https://tenant.test/.well-known/jwks.json',
      grant_types_supported: [
        'client_credentials',
        'urn:ietf:params:oauth:grant-type:token-exchange',
        'refresh_token',
        'password',
        'http://auth0.com/oauth/grant-type/password-realm',
      ],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS256', 'RS384', 'PS256'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'family_name',
        'given_name',
        'iat',
        'iss',
        'name',
        'nickname',
        'picture',
        'sub',
        'updated_at',
      ],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
    });
    const token = await issuedToken(t, await clientWithGrant(t, ['read:logs']));
    assert.equal(decodeJwt(token).claims.iss, res.body.issuer);
    assert.equal(res.body.issuer, ISSUER);
  });

  it('names endpoints this server answers at those paths', async () => {
    const res = await t.api.get(DOCUMENT);
    const body = res.body as { jwks_uri: string; token_endpoint: string; userinfo_endpoint: string };
    const jwks = await t.api.get(new URL(body.jwks_uri).pathname);
    assert.equal(jwks.status, 200);
    assert.ok(Array.isArray((jwks.body as { keys: unknown[] }).keys));
    const token = await t.api.post(new URL(body.token_endpoint).pathname).send({});
    assert.deepEqual(token.body, { error: 'invalid_request', error_description: 'Missing required parameter: grant_type' });
    const userinfo = await t.api.get(new URL(body.userinfo_endpoint).pathname);
    assert.equal(userinfo.status, 401);
  });

  it('is readable from any origin, as Auth0 serves it, the preflight of a library’s Auth0-Client header included', async () => {
    const res = await t.api.get(DOCUMENT).set('Origin', 'https://app.example.com');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(res.headers['cache-control'], /^public, max-age=\d+/);
    const preflight = await t.api
      .options(DOCUMENT)
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'auth0-client');
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.equal(preflight.headers['access-control-allow-methods'], 'GET');
    assert.match(preflight.headers['access-control-allow-headers'], /Auth0-Client/i);
  });
});

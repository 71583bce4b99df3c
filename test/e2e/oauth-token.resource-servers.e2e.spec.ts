import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, importJWK, jwtVerify, type JWK } from 'jose';
import { clientWithGrant, decodeJwt, requestToken, type IssuedClient } from '../support/issuer.js';
import { expectOAuthError } from '../support/responses.js';
import { AUDIENCE, ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

describe('POST /oauth/token for the APIs of the tenant', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  /** An API made through the Management API, and a client holding a grant for it. */
  async function apiWithClient(body: Record<string, unknown>): Promise<{ api: Record<string, unknown>; client: IssuedClient }> {
    const identifier = `https://orders-${Math.random().toString(36).slice(2, 10)}.example.com/`;
    const res = await t.api
      .post('/api/v2/resource-servers')
      .set('Authorization', await t.bearer('create:resource_servers'))
      .send({ identifier, scopes: [{ value: 'read:orders' }, { value: 'ship:orders' }], ...body });
    assert.equal(res.status, 201, res.text);
    return { api: res.body, client: await clientWithGrant(t, ['read:orders', 'ship:orders'], identifier) };
  }

  async function token(client: IssuedClient, audience: string) {
    const res = await requestToken(t, client, { audience, scope: 'read:orders' });
    assert.equal(res.status, 200, res.text);
    return res.body as { access_token: string; expires_in: number; scope: string };
  }

  const jwks = async () => (await t.api.get('/.well-known/jwks.json')).body as { keys: (JWK & { kid: string })[] };

  it("RS256: signed with our current key and its kid, verified with the JWKS, living the API's token_lifetime", async () => {
    const { api, client } = await apiWithClient({ token_lifetime: 600 });
    const issued = await token(client, api.identifier as string);
    assert.deepEqual([issued.expires_in, issued.scope], [600, 'read:orders']);
    const { payload, protectedHeader } = await jwtVerify(issued.access_token, createLocalJWKSet(await jwks()), {
      issuer: ISSUER,
      audience: api.identifier as string,
      algorithms: ['RS256'],
    });
    assert.equal(protectedHeader.kid, (await jwks()).keys[0].kid);
    assert.equal(payload.exp, (payload.iat ?? 0) + 600);
    assert.deepEqual(
      [payload.sub, payload.azp, payload.scope, payload.gty],
      [`${client.client_id}@clients`, client.client_id, 'read:orders', 'client-credentials'],
    );
  });

  it('PS256: signed with our current RSA key (RSASSA-PSS), verified with its public key from the JWKS', async () => {
    const { api, client } = await apiWithClient({ signing_alg: 'PS256', token_lifetime: 1200 });
    const issued = await token(client, api.identifier as string);
    const { header } = decodeJwt(issued.access_token);
    assert.deepEqual([header.alg, header.typ], ['PS256', 'JWT']);
    // The JWKS marks our keys RS256 (jose then refuses them for PS256): the same RSA key, taken by kid.
    const jwk = (await jwks()).keys.find((key) => key.kid === header.kid);
    assert.ok(jwk, 'the kid is published');
    const { alg: _alg, ...bare } = jwk;
    const { payload } = await jwtVerify(issued.access_token, await importJWK(bare, 'PS256'), {
      issuer: ISSUER,
      audience: api.identifier as string,
      algorithms: ['PS256'],
    });
    assert.equal(payload.exp, (payload.iat ?? 0) + 1200);
    await assert.rejects(
      jwtVerify(issued.access_token, await importJWK(bare, 'RS256'), { algorithms: ['RS256'] }),
      'not an RS256 signature',
    );
  });

  it("HS256: signed with the API's own secret (no kid), and not with any other", async () => {
    const { api, client } = await apiWithClient({ signing_alg: 'HS256', token_lifetime: 300 });
    const issued = await token(client, api.identifier as string);
    assert.equal(issued.expires_in, 300);
    const { header } = decodeJwt(issued.access_token);
    assert.deepEqual(header, { alg: 'HS256', typ: 'JWT' });
    const secret = new TextEncoder().encode(api.signing_secret as string);
    const { payload } = await jwtVerify(issued.access_token, secret, {
      issuer: ISSUER,
      audience: api.identifier as string,
      algorithms: ['HS256'],
    });
    assert.equal(payload.exp, (payload.iat ?? 0) + 300);
    await assert.rejects(
      jwtVerify(issued.access_token, new TextEncoder().encode('another-secret-of-some-length'), { algorithms: ['HS256'] }),
    );
  });

  it('a changed lifetime or algorithm applies to the next token', async () => {
    const { api, client } = await apiWithClient({});
    assert.equal((await token(client, api.identifier as string)).expires_in, 86400);
    const patched = await t.api
      .patch(`/api/v2/resource-servers/${api.id as string}`)
      .set('Authorization', await t.bearer('update:resource_servers'))
      .send({ token_lifetime: 90, signing_alg: 'HS256' });
    assert.equal(patched.status, 200, patched.text);
    const issued = await token(client, api.identifier as string);
    assert.equal(issued.expires_in, 90);
    await jwtVerify(issued.access_token, new TextEncoder().encode(patched.body.signing_secret as string), { algorithms: ['HS256'] });
  });

  it('tokens for the Management API are unchanged: RS256, 24 h', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const res = await requestToken(t, client);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.expires_in, 86400);
    const { payload, protectedHeader } = await jwtVerify(res.body.access_token, createLocalJWKSet(await jwks()), {
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    assert.equal(protectedHeader.alg, 'RS256');
    assert.equal(payload.exp, (payload.iat ?? 0) + 86400);
  });

  it('403 access_denied "Service not found" for an audience that names no API', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const audience = 'https://no-such-api.example.com/';
    expectOAuthError(await requestToken(t, client, { audience }), 403, 'access_denied', `Service not found: ${audience}`);
  });

  it('a deleted API issues no more tokens, even to a client that held a grant for it', async () => {
    const { api, client } = await apiWithClient({});
    await token(client, api.identifier as string);
    const deleted = await t.api
      .delete(`/api/v2/resource-servers/${api.id as string}`)
      .set('Authorization', await t.bearer('delete:resource_servers'));
    assert.equal(deleted.status, 204);
    expectOAuthError(
      await requestToken(t, client, { audience: api.identifier as string }),
      403,
      'access_denied',
      `Service not found: ${api.identifier as string}`,
    );
  });
});

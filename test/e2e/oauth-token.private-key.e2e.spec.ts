import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { randomUUID, type KeyObject } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SignJWT, type JWTPayload } from 'jose';
import type { Response } from 'supertest';
import { decodeJwt } from '../support/issuer.js';
import { rsaKeyPair } from '../support/key-pairs.js';
import { expectOAuthError } from '../support/responses.js';
import { AUDIENCE, ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const refused = (res: Response, why: string) => expectOAuthError(res, 401, 'invalid_client', `Invalid client_assertion: ${why}`);
const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();

interface PrivateKeyClient {
  clientId: string;
  privateKey: KeyObject;
  kid: string;
  secret: string;
}

describe('the token endpoint authenticates private_key_jwt clients (client_assertion)', () => {
  let t: TestApp;
  let b: TestApp;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    // A second instance on the same database: a jti used on one is refused on the other.
    b = await startTestApp({}, { tokens: t.tokens, databaseUrl: t.databaseUrl });
    auth = await t.bearer('create:clients update:clients create:client_credentials update:client_credentials create:client_grants');
  });
  after(async () => {
    await b.close();
    await t.close();
  });

  /** A client with a grant on the Management API, its key enabled for private_key_jwt through the Management API. */
  async function privateKeyClient(credential: Record<string, unknown> = {}): Promise<PrivateKeyClient> {
    const created = await t.api.post('/api/v2/clients').set('Authorization', auth).send({ name: 'pkjwt m2m', app_type: 'non_interactive' });
    const clientId = created.body.client_id as string;
    await t.factories.clientGrant({ client_id: clientId, audience: AUDIENCE, scope: ['read:clients'] });
    const { privateKey, publicKey } = rsaKeyPair();
    const cred = await t.api
      .post(`/api/v2/clients/${clientId}/credentials`)
      .set('Authorization', auth)
      .send({ credential_type: 'public_key', pem: pem(publicKey), ...credential });
    assert.equal(cred.status, 201, JSON.stringify(cred.body));
    const enabled = await t.api
      .patch(`/api/v2/clients/${clientId}`)
      .set('Authorization', auth)
      .send({ client_authentication_methods: { private_key_jwt: { credentials: [{ id: cred.body.id }] } } });
    assert.equal(enabled.status, 200, JSON.stringify(enabled.body));
    return { clientId, privateKey, kid: cred.body.kid as string, secret: created.body.client_secret as string };
  }

  function assertion(
    client: PrivateKeyClient,
    claims: JWTPayload = {},
    options: { key?: KeyObject; kid?: string | null; alg?: string } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    const all: JWTPayload = {
      iss: client.clientId,
      sub: client.clientId,
      aud: ISSUER,
      iat: now,
      exp: now + 60,
      jti: randomUUID(),
      ...claims,
    };
    // A claim given as undefined is left out of the assertion.
    const payload = Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
    const kid = options.kid === null ? undefined : (options.kid ?? client.kid);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: options.alg ?? 'RS256', ...(kid ? { kid } : {}) })
      .sign(options.key ?? client.privateKey);
  }

  const token = (app: TestApp, fields: Record<string, string | undefined>, agent?: Agent) => {
    const request = app.api.post('/oauth/token').type('form');
    return (agent ? request.agent(agent) : request).send({
      grant_type: 'client_credentials',
      audience: AUDIENCE,
      client_assertion_type: ASSERTION_TYPE,
      ...fields,
    });
  };

  it('issues a token for an assertion signed with an enabled credential, with or without client_id and kid', async () => {
    const client = await privateKeyClient();
    const issued = await token(t, { client_id: client.clientId, client_assertion: await assertion(client) });
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
    assert.equal(decodeJwt(issued.body.access_token as string).claims.sub, `${client.clientId}@clients`);
    // client_id is optional (RFC 7523 §3): the assertion's iss names the client; no kid tries each key.
    assert.equal((await token(t, { client_assertion: await assertion(client, {}, { kid: null }) })).status, 200);
    // The token endpoint's URL is an audience too (RFC 7523), beside the tenant's URL Auth0 documents.
    assert.equal((await token(t, { client_assertion: await assertion(client, { aud: `${ISSUER}oauth/token` }) })).status, 200);
  });

  it('refuses a wrong key and a replayed jti, on this instance and on another', async () => {
    const client = await privateKeyClient();
    const noKey = 'no enabled, unexpired credential of the client verifies its signature.';
    refused(await token(t, { client_assertion: await assertion(client, {}, { key: rsaKeyPair().privateKey }) }), noKey);
    refused(await token(t, { client_assertion: await assertion(client, {}, { kid: 'someone-elses-kid' }) }), noKey);
    refused(await token(t, { client_assertion: await assertion(client, {}, { alg: 'PS256' }) }), noKey);

    const once = await assertion(client);
    assert.equal((await token(t, { client_assertion: once })).status, 200);
    refused(await token(t, { client_assertion: once }), 'its jti has already been used.');
    refused(await token(b, { client_assertion: once }), 'its jti has already been used.');
    // A refused assertion does not spend its jti.
    const jti = randomUUID();
    refused(
      await token(t, { client_assertion: await assertion(client, { jti, aud: 'https://elsewhere.test/' }) }),
      `aud must be ${ISSUER}`,
    );
    assert.equal((await token(b, { client_assertion: await assertion(client, { jti }) })).status, 200);
  });

  it('accepts one of the same assertion sent to both instances at once', async () => {
    const client = await privateKeyClient();
    const once = await assertion(client);
    const answers = await Promise.all([t, b, t, b].map((app) => token(app, { client_assertion: once })));
    // The primary key decides: whichever insert lands first wins, the others are replays.
    assert.deepEqual(answers.map((res) => res.status).sort(), [200, 401, 401, 401]);
  });

  it('refuses a missing or long jti, a missing exp, an expired assertion, a long lifetime, a future iat, a wrong sub', async () => {
    const client = await privateKeyClient();
    // An address of its own: each failure spends from the address's bucket too.
    const agent = new Agent({ localAddress: '127.0.0.76' });
    const send = async (claims: JWTPayload) => token(t, { client_assertion: await assertion(client, claims) }, agent);
    refused(await send({ jti: undefined }), 'the jti claim is required.');
    refused(await send({ jti: 'x'.repeat(65) }), 'jti must be at most 64 characters.');
    refused(await send({ exp: undefined }), 'the exp claim is required.');
    const now = Math.floor(Date.now() / 1000);
    refused(await send({ iat: now - 120, exp: now - 60 }), 'it has expired.');
    refused(await send({ exp: now + 600 }), 'its lifetime must not exceed 300 seconds.');
    refused(await send({ iat: now + 60, exp: now + 90 }), 'iat is in the future.');
    refused(await send({ sub: 'someone' }), 'iss and sub must both be the client_id.');
    refused(await token(t, { client_id: client.clientId, client_assertion: 'not.a.jwt' }, agent), 'not a signed JWT.');
    agent.destroy();
  });

  it('refuses an expired credential', async () => {
    const client = await privateKeyClient({ expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    assert.equal((await token(t, { client_assertion: await assertion(client) })).status, 200);
    const [credential] = (
      await t.api.get(`/api/v2/clients/${client.clientId}/credentials`).set('Authorization', await t.bearer('read:client_credentials'))
    ).body as { id: string }[];
    const expired = await t.api
      .patch(`/api/v2/clients/${client.clientId}/credentials/${credential.id}`)
      .set('Authorization', auth)
      .send({ expires_at: new Date(Date.now() - 1000).toISOString() });
    assert.equal(expired.status, 200);
    refused(
      await token(t, { client_assertion: await assertion(client) }),
      'no enabled, unexpired credential of the client verifies its signature.',
    );
  });

  it("refuses a private_key_jwt client's secret, two methods at once, and assertions for secret clients", async () => {
    const client = await privateKeyClient();
    const bySecret = await t.api
      .post('/oauth/token')
      .send({ grant_type: 'client_credentials', audience: AUDIENCE, client_id: client.clientId, client_secret: client.secret });
    expectOAuthError(bySecret, 401, 'invalid_client', 'Client authentication failed.');
    expectOAuthError(
      await token(t, { client_assertion: await assertion(client), client_secret: client.secret }),
      400,
      'invalid_request',
      'Multiple client authentication methods are not allowed.',
    );
    expectOAuthError(
      await token(t, { client_assertion: await assertion(client), client_assertion_type: 'urn:other' }),
      400,
      'invalid_request',
      `Invalid client_assertion_type: it must be ${ASSERTION_TYPE}`,
    );
    expectOAuthError(
      await token(t, { client_id: client.clientId }),
      400,
      'invalid_request',
      'Missing required parameter: client_assertion',
    );

    const secretClient = await t.api.post('/api/v2/clients').set('Authorization', auth).send({ name: 'secret m2m' });
    const other = { ...client, clientId: secretClient.body.client_id as string };
    expectOAuthError(
      await token(t, { client_assertion: await assertion(other) }),
      401,
      'invalid_client',
      'The client is not configured for private_key_jwt authentication.',
    );
  });

  it('counts refused assertions in the failed-attempt limits, as wrong secrets', async () => {
    const client = await privateKeyClient();
    // An address of its own: the other tests' failures spend from 127.0.0.1's bucket.
    const agent = new Agent({ localAddress: '127.0.0.77' });
    const wrongKey = rsaKeyPair().privateKey;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await token(t, { client_assertion: await assertion(client, {}, { key: wrongKey }) }, agent)).status);
    // Ten failures a minute for one client at one address, then the limit's 429, even for a good assertion.
    assert.deepEqual(statuses, [...Array<number>(10).fill(401), 429]);
    const good = await token(t, { client_assertion: await assertion(client) }, agent);
    assert.equal(good.status, 429);
    agent.destroy();
  });
});

import assert from 'node:assert/strict';
import { createPublicKey, X509Certificate, type JsonWebKey } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { clientWithGrant, requestToken } from '../support/issuer.js';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const notFound = (res: Parameters<typeof expectError>[0]) => expectError(res, 404, 'inexistent_client', 'The client does not exist');
// Auth0's client object for a machine-to-machine client created with only a name and description.
const DEFAULTS = {
  global: false,
  app_type: 'non_interactive',
  grant_types: ['client_credentials'],
  token_endpoint_auth_method: 'client_secret_post',
  is_first_party: true,
  oidc_conformant: true,
  callbacks: [],
  allowed_origins: [],
  web_origins: [],
  allowed_logout_urls: [],
  allowed_clients: [],
  jwt_configuration: { alg: 'RS256', lifetime_in_seconds: 36000, secret_encoded: false },
  client_metadata: {},
  sso_disabled: false,
  cross_origin_authentication: false,
  custom_login_page_on: true,
  is_token_endpoint_ip_header_trusted: false,
  refresh_token: {
    expiration_type: 'non-expiring',
    leeway: 0,
    infinite_token_lifetime: true,
    infinite_idle_token_lifetime: true,
    token_lifetime: 31557600,
    idle_token_lifetime: 2592000,
    rotation_type: 'non-rotating',
  },
};

describe('/api/v2/clients', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const create = async (body: object, scope = 'create:clients') =>
    t.api
      .post('/api/v2/clients')
      .set('Authorization', await t.bearer(scope))
      .send(body);

  it('POST creates a non_interactive client and shows its secret once', async () => {
    const res = await create({ name: 'Reporting job', description: 'nightly export' });
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.client_id, /^[A-Za-z0-9]{32}$/);
    assert.match(res.body.client_secret, /^[\w-]{64}$/);
    const {
      client_id: clientId,
      client_secret: secret,
      signing_keys: keys,
      ...rest
    } = res.body as Record<string, unknown> & { client_id: string; client_secret: string };
    assert.deepEqual(rest, { ...DEFAULTS, name: 'Reporting job', description: 'nightly export' });
    await assertSigningKeys(keys);
    const stored = await t.prisma.client.findUniqueOrThrow({ where: { client_id: clientId } });
    assert.match(stored.secret_hash, /^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    assert.ok(!stored.secret_hash.includes(secret));
    const read = await t.api.get(`/api/v2/clients/${clientId}`).set('Authorization', await t.bearer('read:clients'));
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, { client_id: clientId, signing_keys: keys, ...rest });
  });

  it("every client answers the tenant's signing certificate, as Auth0: the key that signs now, after a rotation the new one", async () => {
    const auth = await t.bearer('read:clients create:signing_keys');
    const listed = (await t.api.get('/api/v2/clients').set('Authorization', auth)).body as { signing_keys: unknown }[];
    for (const client of listed) await assertSigningKeys(client.signing_keys);
    const rotated = await t.api.post('/api/v2/keys/signing/rotate').set('Authorization', auth);
    assert.equal(rotated.status, 201, rotated.text);
    const [first] = listed;
    const after = (await t.api.get('/api/v2/clients').set('Authorization', auth)).body as { signing_keys: unknown }[];
    assert.notDeepEqual(after[0].signing_keys, first.signing_keys);
    await assertSigningKeys(after[0].signing_keys, rotated.body.kid);
  });

  /** One certificate, of the key the JWKS lists first (the current one), in PEM and in PKCS#7. */
  const assertSigningKeys = async (keys: unknown, kid?: string) => {
    const jwks = (await t.api.get('/.well-known/jwks.json')).body as { keys: (JsonWebKey & { kid: string })[] };
    const current = jwks.keys[0];
    if (kid) assert.equal(current.kid, kid);
    assert.ok(Array.isArray(keys) && keys.length === 1, JSON.stringify(keys));
    const [{ cert, pkcs7, subject }] = keys as { cert: string; pkcs7: string; subject: string }[];
    assert.equal(subject, 'deprecated');
    const certificate = new X509Certificate(cert);
    assert.equal(certificate.subject, 'CN=tenant.test');
    assert.ok(certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey));
    assert.ok(certificate.publicKey.equals(createPublicKey({ key: current, format: 'jwk' })));
    assert.match(cert, /^-----BEGIN CERTIFICATE-----\r\n[\s\S]+\r\n-----END CERTIFICATE-----$/);
    assert.match(pkcs7, /^-----BEGIN PKCS7-----\r\n[\s\S]+\r\n-----END PKCS7-----\r\n$/);
    // The bundle holds that same certificate (its DER appears inside the PKCS#7's).
    const der = (pem: string) => Buffer.from(pem.replace(/-----[A-Z0-9 ]+-----|\s/g, ''), 'base64');
    assert.ok(der(pkcs7).includes(certificate.raw));
  };

  it('POST 400s with Auth0 wording', async () => {
    Errors.invalidBody(await create({}), "Payload validation error: 'Missing required property: name'.");
    Errors.invalidBody(
      await create({ name: 'a<b' }),
      "Payload validation error: 'String does not match pattern ^[^<>]+$: a<b' on property name (Name of this client (min length: 1 character, does not allow `<` or `>`).).",
    );
    Errors.invalidBody(
      await create({ name: 'x', app_type: 'desktop' }),
      'Payload validation error: \'No enum match for: "desktop"\' on property app_type (The type of application this client represents).',
    );
    Errors.invalidBody(
      await create({ name: 'x', callbacks: 'https://a.example/cb' }),
      "Payload validation error: 'Expected type array but found type string' on property callbacks (Comma-separated list of URLs whitelisted for Auth0 to use as a callback to the client after authentication.).",
    );
    // Read-only in Auth0 (a0deploy strips them before writing): refused, never silently kept.
    Errors.invalidBody(
      await create({ name: 'x', tenant: 't', global: false, created_at: 'now' }),
      "Payload validation error: 'Additional properties not allowed: tenant,global,created_at'.",
    );
  });

  it('GET lists clients, paged, with totals on request', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await create({ name: `list ${i}` })).status, 201);
    const auth = await t.bearer('read:clients');
    const all = await t.api.get('/api/v2/clients').set('Authorization', auth);
    assert.equal(all.status, 200);
    assert.ok(Array.isArray(all.body) && all.body.length >= 4, 'the bootstrap admin and the three made here');
    assert.ok(all.body.every((c: Record<string, unknown>) => !('client_secret' in c)));
    const page = await t.api.get('/api/v2/clients?page=1&per_page=2&include_totals=true').set('Authorization', auth);
    assert.equal(page.status, 200);
    assert.deepEqual({ ...page.body, clients: page.body.clients.length }, { start: 2, limit: 2, total: all.body.length, clients: 2 });
    expectError(
      await t.api.get('/api/v2/clients?per_page=101').set('Authorization', auth),
      400,
      'invalid_query_string',
      "Query validation error: 'Value 101 is greater than maximum 100' on property per_page (Number of results per page. Defaults to 50.).",
    );
  });

  it('GET pages by checkpoint (from/take, next omitted on the last page) and refuses offsets past 1000 records', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await create({ name: `checkpoint ${i}` })).status, 201);
    const auth = await t.bearer('read:clients');
    const everyone = (await t.api.get('/api/v2/clients?per_page=100').set('Authorization', auth)).body.map(
      (c: { client_id: string }) => c.client_id,
    );
    const seen: string[] = [];
    let from: string | undefined;
    for (;;) {
      const res = await t.api.get(`/api/v2/clients?take=2${from ? `&from=${from}` : ''}`).set('Authorization', auth);
      assert.equal(res.status, 200);
      seen.push(...res.body.clients.map((c: { client_id: string }) => c.client_id));
      if (res.body.next === undefined) break;
      from = res.body.next;
    }
    // Every client exactly once; the order is the database collation's, so compare as sets.
    assert.equal(new Set(seen).size, seen.length);
    assert.deepEqual([...seen].sort(), [...everyone].sort());
    expectError(
      await t.api.get('/api/v2/clients?page=10&per_page=100').set('Authorization', auth),
      400,
      'invalid_paging',
      'Requesting page exceeds the allowed maximum of 1000 records.',
    );
  });

  it('PATCH updates and answers the client; 404 for an unknown one; 400 for an empty body', async () => {
    const { body: client } = await create({ name: 'before' });
    const auth = await t.bearer('update:clients');
    const res = await t.api.patch(`/api/v2/clients/${client.client_id}`).set('Authorization', auth).send({ name: 'after' });
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'after');
    assert.ok(!('client_secret' in res.body));
    const { client_secret: _secret, ...shown } = client as Record<string, unknown>;
    assert.deepEqual(res.body, { ...shown, name: 'after' });
    notFound(await t.api.patch('/api/v2/clients/nope').set('Authorization', auth).send({ name: 'x' }));
    Errors.invalidBody(
      await t.api.patch(`/api/v2/clients/${client.client_id}`).set('Authorization', auth).send({}),
      "Payload validation error: 'Too few properties defined (0), minimum 1'.",
    );
  });

  it('rotate-secret returns a new secret; the old one stops working', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const res = await t.api
      .post(`/api/v2/clients/${client.client_id}/rotate-secret`)
      .set('Authorization', await t.bearer('update:client_keys'));
    assert.equal(res.status, 200);
    assert.notEqual(res.body.client_secret, client.client_secret);
    assert.equal((await requestToken(t, client)).status, 401);
    assert.equal((await requestToken(t, { ...client, client_secret: res.body.client_secret })).status, 200);
    notFound(await t.api.post('/api/v2/clients/nope/rotate-secret').set('Authorization', await t.bearer('update:client_keys')));
  });

  it('DELETE answers 204, removes the client and its grants, and is idempotent', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const auth = await t.bearer('delete:clients');
    assert.equal((await t.api.delete(`/api/v2/clients/${client.client_id}`).set('Authorization', auth)).status, 204);
    assert.equal(await t.prisma.client.count({ where: { client_id: client.client_id } }), 0);
    assert.equal(await t.prisma.clientGrant.count({ where: { client_id: client.client_id } }), 0);
    assert.equal((await t.api.delete(`/api/v2/clients/${client.client_id}`).set('Authorization', auth)).status, 204);
    notFound(await t.api.get(`/api/v2/clients/${client.client_id}`).set('Authorization', await t.bearer('read:clients')));
  });

  it('403 without the scope, naming the accepted ones; 401 without a token', async () => {
    Errors.insufficientScope(await create({ name: 'x' }, 'read:clients'), 'create:clients');
    Errors.insufficientScope(
      await t.api.get('/api/v2/clients').set('Authorization', await t.bearer('create:clients')),
      'read:clients',
      'read:client_keys',
    );
    Errors.insufficientScope(
      await t.api
        .patch('/api/v2/clients/x')
        .set('Authorization', await t.bearer('read:clients'))
        .send({ name: 'y' }),
      'update:clients',
      'update:client_keys',
    );
    Errors.insufficientScope(
      await t.api.delete('/api/v2/clients/x').set('Authorization', await t.bearer('read:clients')),
      'delete:clients',
    );
    Errors.insufficientScope(
      await t.api.post('/api/v2/clients/x/rotate-secret').set('Authorization', await t.bearer('update:clients')),
      'update:client_keys',
    );
    Errors.missingAuth(await t.api.get('/api/v2/clients'));
  });
});

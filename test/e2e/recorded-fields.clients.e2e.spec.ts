import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { ClientsClient } from 'auth0/clients';
import { clientWithGrant, requestToken } from '../support/issuer.js';
import { must } from '../support/must.js';
import { Errors } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const WRITE = 'create:clients update:clients update:client_keys';
const POLICY_MESSAGE = '(Refresh token configuration)';
const KEY_ENCRYPTION_SECRET = 'a-key-encryption-secret-for-tests';

const clientsFor = async (t: TestApp, baseUrl: string, scope: string) =>
  new ClientsClient({ baseUrl, token: (await t.bearer(scope)).slice('Bearer '.length), maxRetries: 0 });

/** Client fields from Auth0's own recorded traffic, through the official SDK (v7), as Auth0 answers them. */
describe('the official auth0 SDK (v7): refresh token policies, JWT scopes, metadata deletes and readable secrets', () => {
  let t: TestApp;
  let writer: ClientsClient;
  let keyReader: ClientsClient;
  let reader: ClientsClient;
  before(async () => {
    t = await startTestApp();
    const baseUrl = await Sdk.listen(t);
    writer = await clientsFor(t, baseUrl, WRITE);
    keyReader = await clientsFor(t, baseUrl, 'read:clients read:client_keys');
    reader = await clientsFor(t, baseUrl, 'read:clients');
  });
  after(() => t.close());

  it('keeps refresh_token.policies and jwt_configuration.scopes, replaces them on update, and drops policies set to null', async () => {
    const policies = [
      { audience: 'https://mrrt.example.com', scope: ['create:bar', 'read:bar'] },
      { audience: 'https://other.example.com', scope: [] },
    ];
    const scopes = { openid: { claims: ['sub'] }, email: {} };
    const created = await writer.create({
      name: 'mrrt app',
      refresh_token: { rotation_type: 'rotating', expiration_type: 'expiring', token_lifetime: 2592000, policies },
      jwt_configuration: { alg: 'RS256', scopes },
    });
    const id = must(created.client_id);
    assert.deepEqual(created.refresh_token?.policies, policies);
    assert.deepEqual(created.jwt_configuration, { alg: 'RS256', lifetime_in_seconds: 36000, secret_encoded: false, scopes });
    const read = await reader.get(id);
    assert.deepEqual([read.refresh_token, read.jwt_configuration], [created.refresh_token, created.jwt_configuration]);

    const one = [{ audience: 'https://mrrt.example.com', scope: ['read:bar'] }];
    const updated = await writer.update(id, {
      refresh_token: { rotation_type: 'rotating', expiration_type: 'expiring', policies: one },
      jwt_configuration: { scopes: { profile: {} } },
    });
    assert.deepEqual(updated.refresh_token?.policies, one);
    assert.deepEqual(updated.jwt_configuration?.scopes, { profile: {} });
    assert.equal(updated.jwt_configuration.alg, 'RS256');

    const cleared = await writer.update(id, { refresh_token: { rotation_type: 'rotating', expiration_type: 'expiring', policies: null } });
    assert.equal(must(cleared.refresh_token).token_lifetime, 2592000);
    assert.equal('policies' in must(cleared.refresh_token), false);
    assert.equal('policies' in must((await reader.get(id)).refresh_token), false);
  });

  it('refuses policies Auth0 refuses, with its messages', async () => {
    const auth = await t.bearer(WRITE);
    const post = (refresh_token: object) =>
      t.api.post('/api/v2/clients').set('Authorization', auth).send({ name: 'bad mrrt', refresh_token });
    const base = { rotation_type: 'rotating', expiration_type: 'expiring' };
    Errors.invalidBody(
      await post({ ...base, policies: [] }),
      `Payload validation error: 'Array is too short (0), minimum 1' on property refresh_token ${POLICY_MESSAGE}.`,
    );
    const cases: [object, string][] = [
      [{ audience: 'https://a.example.com' }, 'Missing required property: policies.0.scope'],
      [{ scope: ['read:a'] }, 'Missing required property: policies.0.audience'],
      [{ audience: '', scope: [] }, 'String is too short (0 chars), minimum 1'],
      [{ audience: 'a'.repeat(601), scope: [] }, 'String is too long (601 chars), maximum 600'],
      [{ audience: 'https://a.example.com', scope: [''] }, 'String is too short (0 chars), minimum 1'],
      [{ audience: 'https://a.example.com', scope: ['s'.repeat(281)] }, 'String is too long (281 chars), maximum 280'],
      [{ audience: 'https://a.example.com', scope: 'read:a' }, 'Expected type array but found type string'],
      [{ audience: 'https://a.example.com', scope: [], extra: 1 }, 'Additional properties not allowed: extra'],
    ];
    for (const [policy, reason] of cases) {
      const res = await post({ ...base, policies: [policy] });
      Errors.invalidBody(res, `Payload validation error: '${reason}' on property refresh_token ${POLICY_MESSAGE}.`);
    }
    await assert.rejects(
      writer.create({ name: 'bad scopes', jwt_configuration: { scopes: 'openid' as never } }),
      (e: unknown) => e instanceof Management.BadRequestError,
    );
  });

  it('deletes client_metadata keys PATCHed to null, keeps the others, and refuses null on create', async () => {
    const created = await writer.create({ name: 'metadata app', client_metadata: { team: 'web', tier: 'gold', region: 'eu' } });
    const id = must(created.client_id);
    const updated = await writer.update(id, { client_metadata: { tier: null, region: 'us', owner: 'ops', absent: null } });
    assert.deepEqual(updated.client_metadata, { team: 'web', region: 'us', owner: 'ops' });
    assert.deepEqual((await reader.get(id)).client_metadata, { team: 'web', region: 'us', owner: 'ops' });
    // Deleting keys makes room: ten values, and nulls beside them, are within the limit.
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v']));
    const full = await writer.update(id, { client_metadata: { ...ten, team: null, region: null, owner: null } });
    assert.deepEqual(full.client_metadata, ten);

    const auth = await t.bearer(WRITE);
    Errors.invalidBody(
      await t.api
        .patch(`/api/v2/clients/${id}`)
        .set('Authorization', auth)
        .send({ client_metadata: { k0: 7 } }),
      "Payload validation error: 'Expected type string but found type integer (client_metadata.k0)' on property client_metadata (Metadata associated with the client, in the form of an object with string values (max 255 chars). Maximum of 10 metadata properties allowed.).",
    );
    Errors.invalidBody(
      await t.api
        .post('/api/v2/clients')
        .set('Authorization', auth)
        .send({ name: 'null metadata', client_metadata: { team: null } }),
      "Payload validation error: 'Expected type string but found type null (client_metadata.team)' on property client_metadata (Metadata associated with the client, in the form of an object with string values (max 255 chars). Maximum of 10 metadata properties allowed.).",
    );
  });

  it('returns the secret on reads and updates to read:client_keys only, through fields too; rotation changes what is read', async () => {
    const created = await writer.create({ name: 'readable secret' });
    const id = must(created.client_id);
    const secret = must(created.client_secret);
    assert.equal((await keyReader.get(id)).client_secret, secret);
    assert.equal('client_secret' in (await reader.get(id)), false);
    const listed = async (clients: ClientsClient) =>
      (await clients.list({ per_page: 100 })).data.find((client) => client.client_id === id) as Record<string, unknown>;
    assert.equal((await listed(keyReader)).client_secret, secret);
    assert.equal('client_secret' in (await listed(reader)), false);
    // fields: client_secret is selected like any field, and only ever there for read:client_keys.
    assert.deepEqual(await keyReader.get(id, { fields: 'client_id,client_secret', include_fields: true }), {
      client_id: id,
      client_secret: secret,
    });
    assert.deepEqual(await reader.get(id, { fields: 'client_id,client_secret', include_fields: true }), { client_id: id });
    assert.equal('client_secret' in (await keyReader.get(id, { fields: 'client_secret', include_fields: false })), false);
    // An update answers with the secret to a caller that may read it.
    const auth = `${WRITE} read:client_keys`;
    const patched = await t.api
      .patch(`/api/v2/clients/${id}`)
      .set('Authorization', await t.bearer(auth))
      .send({ description: 'd' });
    assert.equal((patched.body as { client_secret: string }).client_secret, secret);
    assert.equal('client_secret' in (await writer.update(id, { description: 'e' })), false);

    const rotated = must((await writer.rotateSecret(id)).client_secret);
    assert.notEqual(rotated, secret);
    assert.equal((await keyReader.get(id)).client_secret, rotated);
  });

  it('authenticates with the hash only; a client made before secrets were kept has none to return until rotated', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    // The stored copy is never what authentication checks: clearing it leaves the token request working.
    await t.prisma.client.update({ where: { client_id: client.client_id }, data: { secret_stored: null } });
    assert.equal((await requestToken(t, client)).status, 200);
    assert.equal('client_secret' in (await keyReader.get(client.client_id)), false);
    const rotated = must((await writer.rotateSecret(client.client_id)).client_secret);
    assert.equal((await keyReader.get(client.client_id)).client_secret, rotated);
    assert.equal((await requestToken(t, { ...client, client_secret: rotated })).status, 200);
    assert.equal((await requestToken(t, client)).status, 401);
  });

  it('sets a secret given in a PATCH to update:client_keys only: authentication and reads take the new one', async () => {
    const client = await clientWithGrant(t, ['read:clients']);
    const chosen = 'a-secret-chosen-by-the-caller-0123456789';
    const updated = await writer.update(client.client_id, { client_secret: chosen, description: 'rotated by hand' });
    assert.equal('client_secret' in updated, false);
    assert.equal((await keyReader.get(client.client_id)).client_secret, chosen);
    assert.equal((await requestToken(t, { ...client, client_secret: chosen })).status, 200);
    assert.equal((await requestToken(t, client)).status, 401);

    const patch = async (scope: string, body: object) =>
      t.api
        .patch(`/api/v2/clients/${client.client_id}`)
        .set('Authorization', await t.bearer(scope))
        .send(body);
    Errors.insufficientScope(await patch('update:clients', { client_secret: 'another-secret' }), 'update:client_keys');
    Errors.invalidBody(
      await patch(WRITE, { client_secret: '' }),
      "Payload validation error: 'String is too short (0 chars), minimum 1' on property client_secret (The secret used to sign tokens for the client).",
    );
    assert.equal((await keyReader.get(client.client_id)).client_secret, chosen);
  });

  it('stores the secret as given without KEY_ENCRYPTION_SECRET, as signing keys are', async () => {
    const created = await writer.create({ name: 'plain stored' });
    const row = await t.prisma.client.findUniqueOrThrow({ where: { client_id: must(created.client_id) } });
    assert.equal(row.secret_stored, created.client_secret);
  });
});

describe('client secrets kept under KEY_ENCRYPTION_SECRET', () => {
  let t: TestApp;
  let baseUrl: string;
  before(async () => {
    t = await startTestApp({ KEY_ENCRYPTION_SECRET });
    baseUrl = await Sdk.listen(t);
  });
  after(() => t.close());

  it('stores the secret encrypted on create and rotate, and reads it back in clear to read:client_keys', async () => {
    const writer = await clientsFor(t, baseUrl, WRITE);
    const keyReader = await clientsFor(t, baseUrl, 'read:clients read:client_keys');
    const created = await writer.create({ name: 'sealed secret' });
    const id = must(created.client_id);
    const stored = async () => must((await t.prisma.client.findUniqueOrThrow({ where: { client_id: id } })).secret_stored);
    const first = await stored();
    assert.match(first, /^v1\./);
    assert.equal(first.includes(must(created.client_secret)), false);
    assert.equal((await keyReader.get(id)).client_secret, created.client_secret);

    const rotated = must((await writer.rotateSecret(id)).client_secret);
    const second = await stored();
    assert.match(second, /^v1\./);
    assert.notEqual(second, first);
    assert.equal(second.includes(rotated), false);
    assert.equal((await keyReader.get(id)).client_secret, rotated);
  });
});

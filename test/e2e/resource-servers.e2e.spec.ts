import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Management, ManagementError } from 'auth0';
import { ResourceServersClient } from 'auth0/resourceServers';
import { ALL_SCOPES } from '../../src/auth/scopes.catalog.js';
import { collect, Sdk } from '../support/sdk.js';
import { Errors, expectError } from '../support/responses.js';
import { AUDIENCE, startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:resource_servers read:resource_servers update:resource_servers delete:resource_servers';
const NAME_DESC = 'Friendly name for this resource server. Can not contain `<` or `>` characters.';
const SCOPES_DESC = 'List of permissions (scopes) that this API uses.';
const notFound = [404, 'inexistent_resource_server', 'The resource server does not exist'] as const;
const conflict = [409, 'resource_server_conflict', 'A resource server with the same identifier already exists'] as const;

/** The SDK's error for our answer: its class, our status and our whole error body. */
async function rejects(
  call: Promise<unknown>,
  type: new (...args: never[]) => ManagementError,
  [status, errorCode, message]: readonly [number, string, string],
) {
  const error = await call.then(
    () => assert.fail(`expected ${type.name}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof type, `expected ${type.name}, got ${(error as Error).name}: ${(error as Error).message}`);
  assert.deepEqual(error.body, { statusCode: status, error: STATUS_CODES[status], message, errorCode });
}

const rnd = () => Math.random().toString(36).slice(2, 10);
const newIdentifier = () => `https://api-${rnd()}.example.com/`;

describe('resource servers through the SDK v7 (resourceServers)', () => {
  let t: TestApp;
  let sdk: ResourceServersClient;
  let baseUrl: string;
  // A bearer header with every resource server scope.
  let bearer = '';
  const auth = () => bearer;
  before(async () => {
    t = await startTestApp();
    baseUrl = await Sdk.listen(t);
    bearer = await t.bearer(ALL);
    sdk = new ResourceServersClient({ baseUrl, token: bearer.slice('Bearer '.length) });
  });
  after(() => t.close());

  describe('create', () => {
    it('201 with Auth0 defaults: a 24-hex id, the identifier as name, RS256, 24 h tokens, no scopes', async () => {
      const identifier = newIdentifier();
      const { data, rawResponse } = await sdk.create({ identifier }).withRawResponse();
      assert.equal(rawResponse.status, 201);
      assert.match(data.id ?? '', /^[0-9a-f]{24}$/);
      assert.deepEqual(data, {
        id: data.id,
        name: identifier,
        identifier,
        allow_offline_access: false,
        skip_consent_for_verifiable_first_party_clients: false,
        subject_type_authorization: { client: { policy: 'require_client_grant' }, user: { policy: 'allow_all' } },
        token_lifetime: 86400,
        token_lifetime_for_web: 7200,
        signing_alg: 'RS256',
        scopes: [],
      });
    });

    it('keeps every setting given; HS256 without a secret gets a generated one, returned on every read', async () => {
      const body = {
        identifier: `urn:acme:${rnd()}`,
        name: 'Orders API',
        scopes: [{ value: 'read:orders', description: 'Read orders' }, { value: 'write:orders' }],
        signing_alg: 'HS256' as const,
        allow_offline_access: true,
        allow_online_access: false,
        token_lifetime: 3600,
        token_dialect: 'access_token_authz' as const,
        skip_consent_for_verifiable_first_party_clients: true,
        enforce_policies: true,
        proof_of_possession: { mechanism: 'dpop' as const, required: true },
        subject_type_authorization: { user: { policy: 'deny_all' as const }, client: { policy: 'require_client_grant' as const } },
        consent_policy: null,
      };
      const created = await sdk.create(body);
      assert.match(created.signing_secret ?? '', /^[A-Za-z0-9_-]{43}$/);
      const { signing_alg, ...rest } = body;
      assert.deepEqual(created, {
        ...rest,
        id: created.id,
        signing_alg,
        signing_secret: created.signing_secret,
        token_lifetime_for_web: 3600,
      });
      assert.deepEqual(await sdk.get(created.id ?? ''), created);
    });

    it('keeps a given HS256 secret', async () => {
      const secret = 'a-secret-of-at-least-16-characters';
      const created = await sdk.create({ identifier: newIdentifier(), signing_alg: 'HS256', signing_secret: secret });
      assert.equal(created.signing_secret, secret);
    });

    it('409 for an identifier already taken, the Management API included', async () => {
      const identifier = newIdentifier();
      await sdk.create({ identifier });
      await rejects(sdk.create({ identifier, name: 'again' }), Management.ConflictError, conflict);
      await rejects(sdk.create({ identifier: AUDIENCE }), Management.ConflictError, conflict);
    });

    it('two concurrent creates of one identifier: one 201, one 409', async () => {
      const identifier = newIdentifier();
      const post = () => t.api.post('/api/v2/resource-servers').set('Authorization', auth()).send({ identifier });
      const results = await Promise.all([post(), post()]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    });

    const invalid: [string, object, string][] = [
      ['a missing identifier', { name: 'x' }, `Payload validation error: 'Missing required property: identifier'.`],
      [
        'a name with <',
        { identifier: 'urn:x', name: '<b>' },
        `Payload validation error: 'String does not match pattern ^[^<>]*$: <b>' on property name (${NAME_DESC}).`,
      ],
      [
        'a name over 200 characters',
        { identifier: 'urn:x', name: 'n'.repeat(201) },
        `Payload validation error: 'String is too long (201 chars), maximum 200' on property name (${NAME_DESC}).`,
      ],
      [
        'an identifier over 600 characters',
        { identifier: `urn:${'i'.repeat(600)}` },
        `Payload validation error: 'String is too long (604 chars), maximum 600' on property identifier (Unique identifier for the API used as the audience parameter on authorization calls. Can not be changed once set.).`,
      ],
      [
        'a scope without a value',
        { identifier: 'urn:x', scopes: [{ description: 'nothing' }] },
        `Payload validation error: 'Missing required property: 0.value' on property scopes (${SCOPES_DESC}).`,
      ],
      [
        'a scope with an unknown property',
        { identifier: 'urn:x', scopes: [{ value: 'a', name: 'a' }] },
        `Payload validation error: 'Additional properties not allowed: name' on property scopes (${SCOPES_DESC}).`,
      ],
      [
        'a scope that is a string',
        { identifier: 'urn:x', scopes: ['read:x'] },
        `Payload validation error: 'Expected type object but found type string' on property scopes (${SCOPES_DESC}).`,
      ],
      [
        'an unknown signing algorithm',
        { identifier: 'urn:x', signing_alg: 'ES256' },
        `Payload validation error: 'No enum match for: "ES256"' on property signing_alg (Algorithm used to sign JWTs. Can be \`HS256\` or \`RS256\`. \`PS256\` available via addon.).`,
      ],
      [
        'a token lifetime over 30 days',
        { identifier: 'urn:x', token_lifetime: 2592001 },
        `Payload validation error: 'Value 2592001 is greater than maximum 2592000' on property token_lifetime (Expiration value (in seconds) for access tokens issued for this API from the token endpoint.).`,
      ],
      [
        'a short signing secret',
        { identifier: 'urn:x', signing_alg: 'HS256', signing_secret: 'short' },
        `Payload validation error: 'String is too short (5 chars), minimum 16' on property signing_secret (Secret used to sign tokens when using symmetric algorithms (HS256).).`,
      ],
      [
        'an unknown property',
        { identifier: 'urn:x', is_system: true },
        `Payload validation error: 'Additional properties not allowed: is_system'.`,
      ],
    ];
    for (const [what, body, message] of invalid) {
      it(`400 for ${what}`, async () => {
        Errors.invalidBody(await t.api.post('/api/v2/resource-servers').set('Authorization', auth()).send(body), message);
      });
    }

    it('the SDK raises BadRequestError with our body', async () => {
      await rejects(sdk.create({ identifier: 'urn:x', token_lifetime: 0 }), Management.BadRequestError, [
        400,
        'invalid_body',
        `Payload validation error: 'Value 0 is less than minimum 1' on property token_lifetime (Expiration value (in seconds) for access tokens issued for this API from the token endpoint.).`,
      ]);
    });
  });

  describe('get', () => {
    it('by id and by the URL-encoded identifier', async () => {
      const created = await sdk.create({ identifier: `https://get-${rnd()}.example.com/api?v=1`, scopes: [{ value: 'a:b' }] });
      assert.deepEqual(await sdk.get(created.id ?? ''), created);
      assert.deepEqual(await sdk.get(created.identifier ?? ''), created);
      assert.deepEqual(await sdk.get(created.id ?? '', { include_fields: true }), created);
    });

    it('404 for an unknown id', async () => {
      await rejects(sdk.get('0123456789abcdef01234567'), Management.NotFoundError, notFound);
    });
  });

  describe('the Management API', () => {
    const expected = () => ({
      id: system.id,
      name: 'Auth0 Management API',
      identifier: AUDIENCE,
      allow_offline_access: false,
      skip_consent_for_verifiable_first_party_clients: false,
      subject_type_authorization: { client: { policy: 'require_client_grant' }, user: { policy: 'allow_all' } },
      token_lifetime: 86400,
      token_lifetime_for_web: 7200,
      signing_alg: 'RS256',
      scopes: ALL_SCOPES.map((value) => ({ value, description: system.scopes?.find((s) => s.value === value)?.description })),
      is_system: true,
    });
    let system: Management.ResourceServer;
    before(async () => {
      system = await sdk.get(AUDIENCE);
    });

    it('is a system API with the whole scope catalog, each described, and a stable id', async () => {
      assert.match(system.id ?? '', /^[0-9a-f]{24}$/);
      assert.deepEqual(system, expected());
      assert.equal(system.scopes.find((s) => s.value === 'read:client_grants')?.description, 'Read Client Grants');
      assert.ok(system.scopes.every((s) => typeof s.description === 'string' && s.description.length > 0));
      assert.deepEqual(await sdk.get(system.id ?? ''), system);
    });

    it('is listed first', async () => {
      const res = await t.api.get('/api/v2/resource-servers').set('Authorization', auth());
      assert.equal(res.status, 200);
      assert.deepEqual(res.body[0], expected());
    });

    it('can be neither changed nor deleted, by id or by identifier', async () => {
      const refusal = (action: string) => [400, 'operation_not_supported', `You cannot ${action} a system resource server`] as const;
      for (const key of [system.id ?? '', AUDIENCE]) {
        await rejects(sdk.update(key, { name: 'mine now' }), Management.BadRequestError, refusal('update'));
        await rejects(sdk.delete(key), Management.BadRequestError, refusal('delete'));
      }
      assert.deepEqual(await sdk.get(AUDIENCE), system);
    });
  });

  describe('list', () => {
    it('pages with page/per_page/include_totals; the SDK walks every page', async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 3; i++) ids.add((await sdk.create({ identifier: newIdentifier() })).id ?? '');
      const all = await collect(await sdk.list({ per_page: 2 }));
      assert.equal(all[0].identifier, AUDIENCE);
      const seen = all.map((rs) => rs.id);
      assert.equal(new Set(seen).size, seen.length, 'no resource server twice');
      for (const id of ids) assert.ok(seen.includes(id));
      const total = await t.prisma.resourceServer.count();
      const page = await t.api.get('/api/v2/resource-servers?page=1&per_page=2&include_totals=true').set('Authorization', auth());
      assert.equal(page.status, 200);
      assert.deepEqual([page.body.start, page.body.limit, page.body.total, page.body.resource_servers.length], [2, 2, total + 1, 2]);
      assert.deepEqual(
        page.body.resource_servers.map((rs: { id: string }) => rs.id),
        seen.slice(2, 4),
      );
    });

    it('filters by identifiers, repeated as the SDK sends them', async () => {
      const [a, b] = [await sdk.create({ identifier: newIdentifier() }), await sdk.create({ identifier: newIdentifier() })];
      await sdk.create({ identifier: newIdentifier() });
      const found = await collect(await sdk.list({ identifiers: [a.identifier ?? '', b.identifier ?? '', AUDIENCE] }));
      assert.deepEqual(
        found.map((rs) => rs.identifier),
        [AUDIENCE, a.identifier, b.identifier],
      );
      const one = await t.api.get('/api/v2/resource-servers').query({ identifiers: a.identifier }).set('Authorization', auth());
      assert.deepEqual(
        one.body.map((rs: { id: string }) => rs.id),
        [a.id],
      );
    });

    it('400 for more than 10 identifiers, and for paging past 1000 records', async () => {
      const many = Array.from({ length: 11 }, (_, i) => `identifiers=urn:${i}`).join('&');
      Errors.invalidQuery(
        await t.api.get(`/api/v2/resource-servers?${many}`).set('Authorization', auth()),
        `Query validation error: 'Array is too long (11), maximum 10' on property identifiers (An optional filter on the resource server identifier. Must be URL encoded and may be specified multiple times (max 10).).`,
      );
      Errors.invalidPaging(await t.api.get('/api/v2/resource-servers?page=20&per_page=50').set('Authorization', auth()));
    });
  });

  describe('update', () => {
    it('changes what is given and keeps the rest; switching to HS256 makes a secret', async () => {
      const created = await sdk.create({ identifier: newIdentifier(), name: 'before', scopes: [{ value: 'a:b' }] });
      const updated = await sdk.update(created.id ?? '', {
        name: 'after',
        scopes: [{ value: 'c:d', description: 'C D' }],
        token_lifetime: 60,
        allow_online_access: true,
        signing_alg: 'HS256',
      });
      assert.match(updated.signing_secret ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(updated, {
        ...created,
        name: 'after',
        scopes: [{ value: 'c:d', description: 'C D' }],
        token_lifetime: 60,
        allow_online_access: true,
        signing_alg: 'HS256',
        signing_secret: updated.signing_secret,
      });
      // The secret stays unless one is given.
      const renamed = await sdk.update(created.identifier ?? '', { name: 'again' });
      assert.equal(renamed.signing_secret, updated.signing_secret);
      assert.deepEqual(await sdk.get(created.id ?? ''), renamed);
    });

    it('null clears a nullable setting', async () => {
      const created = await sdk.create({ identifier: newIdentifier(), consent_policy: 'transactional-authorization-with-mfa' });
      assert.equal(created.consent_policy, 'transactional-authorization-with-mfa');
      const updated = await sdk.update(created.id ?? '', { consent_policy: null, token_lifetime_for_anonymous_access_tokens: null });
      assert.equal(updated.consent_policy, null);
      assert.equal(updated.token_lifetime_for_anonymous_access_tokens, null);
    });

    it('404 for an unknown id', async () => {
      // The SDK lists no 404 for this call (nor does Auth0's reference), so it raises its generic error.
      await rejects(sdk.update('0123456789abcdef01234567', { name: 'x' }), ManagementError, notFound);
    });

    it('400 for the identifier, which never changes, and for a bad value', async () => {
      const created = await sdk.create({ identifier: newIdentifier() });
      const patch = (body: object) => t.api.patch(`/api/v2/resource-servers/${created.id}`).set('Authorization', auth()).send(body);
      Errors.invalidBody(
        await patch({ identifier: newIdentifier() }),
        `Payload validation error: 'Additional properties not allowed: identifier'.`,
      );
      Errors.invalidBody(
        await patch({ name: null }),
        `Payload validation error: 'Expected type string but found type null' on property name (${NAME_DESC}).`,
      );
    });
  });

  describe('delete', () => {
    it('204, then 404 on read; idempotent; by id or by identifier', async () => {
      const a = await sdk.create({ identifier: newIdentifier() });
      const { rawResponse } = await sdk.delete(a.id ?? '').withRawResponse();
      assert.equal(rawResponse.status, 204);
      await rejects(sdk.get(a.id ?? ''), Management.NotFoundError, notFound);
      await sdk.delete(a.id ?? '');
      const b = await sdk.create({ identifier: newIdentifier() });
      await sdk.delete(b.identifier ?? '');
      assert.equal(await t.prisma.resourceServer.count({ where: { id: { in: [a.id ?? '', b.id ?? ''] } } }), 0);
    });

    it('takes the client grants for its audience with it (and their organization links), no others', async () => {
      const api = await t.factories.resourceServer({ scopes: ['read:things'] });
      const [mine, other] = [await t.factories.clientGrant({ audience: api.identifier }), await t.factories.clientGrant()];
      const organization = await t.factories.organization();
      await t.factories.associate(organization.id, mine.id);
      await sdk.delete(api.id);
      assert.equal(await t.prisma.clientGrant.count({ where: { id: mine.id } }), 0);
      assert.equal(await t.prisma.organizationClientGrant.count({ where: { grant_id: mine.id } }), 0);
      assert.equal(await t.prisma.clientGrant.count({ where: { id: other.id } }), 1);
      // A new API with the same identifier starts without grants.
      await sdk.create({ identifier: api.identifier });
      assert.equal(await t.prisma.clientGrant.count({ where: { audience: api.identifier } }), 0);
    });
  });

  describe('authorization', () => {
    const routes: [string, string, string, object?][] = [
      ['post', '/api/v2/resource-servers', 'create:resource_servers', { identifier: 'urn:x' }],
      ['get', '/api/v2/resource-servers', 'read:resource_servers'],
      ['get', '/api/v2/resource-servers/0123456789abcdef01234567', 'read:resource_servers'],
      ['patch', '/api/v2/resource-servers/0123456789abcdef01234567', 'update:resource_servers', { name: 'x' }],
      ['delete', '/api/v2/resource-servers/0123456789abcdef01234567', 'delete:resource_servers'],
    ];
    for (const [method, path, scope, body] of routes) {
      it(`${method.toUpperCase()} ${path}: 403 without ${scope}, 401 with a bad token`, async () => {
        const other = ALL.split(' ')
          .filter((s) => s !== scope)
          .join(' ');
        const send = (authorization: string) => {
          const request = t.api[method as 'get'](path).set('Authorization', authorization);
          return body ? request.send(body) : request;
        };
        Errors.insufficientScope(await send(await t.bearer(other)), scope);
        Errors.invalidToken(await send('Bearer nope'));
      });
    }

    it('the SDK raises ForbiddenError and UnauthorizedError with our bodies', async () => {
      const reader = new ResourceServersClient({ baseUrl, token: (await t.bearer('read:resource_servers')).slice('Bearer '.length) });
      await rejects(reader.create({ identifier: 'urn:x' }), Management.ForbiddenError, [
        403,
        'insufficient_scope',
        'Insufficient scope, expected any of: create:resource_servers',
      ]);
      const stranger = new ResourceServersClient({ baseUrl, token: 'not-a-token' });
      await rejects(stranger.get(AUDIENCE), Management.UnauthorizedError, [401, 'invalid_token', 'Invalid token']);
    });
  });

  it('answers an error body in the shared shape for an unknown id through plain HTTP too', async () => {
    expectError(await t.api.get('/api/v2/resource-servers/nope').set('Authorization', auth()), ...notFound);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UNPREFIXED_ROUTES } from '../../src/routes.js';
import { IS_PUBLIC_KEY } from '../../src/auth/public.decorator.js';
import { ALL_SCOPES } from '../../src/auth/scopes.catalog.js';
import { SCOPES_KEY } from '../../src/auth/scopes.decorator.js';
import {
  bodySchemaOf,
  exercise,
  expectDocumented,
  operationsOf,
  satisfyingBody,
  scopesOf,
  type Fixtures,
  type DocumentedOperation,
} from '../support/openapi-exercise.js';
import { must } from '../support/must.js';
import { DocumentSchemas, typeOf, type Schema } from '../support/openapi-schema.js';
import { fastifyRoutes, nestRoutes } from '../support/route-table.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { BEARER_SCHEME } from '../../src/openapi/security-schemes.js';

// Auth0's own operation ids (its public management-api-oas.json). A new route needs its entry here.
const AUTH0_OPERATION_IDS: Record<string, string> = {
  'GET /organizations': 'get_organizations',
  'POST /organizations': 'post_organizations',
  'GET /organizations/{id}': 'get_organizations_by_id',
  'PATCH /organizations/{id}': 'patch_organizations_by_id',
  'DELETE /organizations/{id}': 'delete_organizations_by_id',
  'GET /organizations/name/{name}': 'get_name_by_name',
  'GET /organizations/{id}/client-grants': 'get_organization-client-grants',
  'POST /organizations/{id}/client-grants': 'create_organization-client-grants',
  'DELETE /organizations/{id}/client-grants/{grant_id}': 'delete_client-grants_by_grant_id',
  'GET /client-grants': 'get_client-grants',
  'POST /client-grants': 'post_client-grants',
  'GET /client-grants/{id}': 'get_client-grants_by_id',
  'PATCH /client-grants/{id}': 'patch_client-grants_by_id',
  'DELETE /client-grants/{id}': 'delete_client-grants_by_id',
  'GET /token-exchange-profiles': 'get_token-exchange-profiles',
  'POST /token-exchange-profiles': 'post_token-exchange-profiles',
  'GET /token-exchange-profiles/{id}': 'get_token-exchange-profiles_by_id',
  'PATCH /token-exchange-profiles/{id}': 'patch_token-exchange-profiles_by_id',
  'DELETE /token-exchange-profiles/{id}': 'delete_token-exchange-profiles_by_id',
  'GET /clients': 'get_clients',
  'POST /clients': 'post_clients',
  'GET /clients/{id}': 'get_clients_by_id',
  'PATCH /clients/{id}': 'patch_clients_by_id',
  'DELETE /clients/{id}': 'delete_clients_by_id',
  // Auth0's generator keeps a path segment's hyphen (post_users-exports, get_new-device); only
  // the old explorer's anchors (#!/Clients/post_rotate_secret) turned it into an underscore.
  'POST /clients/{id}/rotate-secret': 'post_rotate-secret',
  'GET /clients/{id}/credentials': 'get_credentials',
  'POST /clients/{id}/credentials': 'post_credentials',
  'GET /clients/{id}/credentials/{credential_id}': 'get_credentials_by_credential_id',
  'PATCH /clients/{id}/credentials/{credential_id}': 'patch_credentials_by_credential_id',
  'DELETE /clients/{id}/credentials/{credential_id}': 'delete_credentials_by_credential_id',
  'POST /keys/signing/rotate': 'post_signing_keys',
  'GET /connections': 'get_connections',
  'POST /connections': 'post_connections',
  'GET /connections/{id}': 'get_connections_by_id',
  'PATCH /connections/{id}': 'patch_connections_by_id',
  'DELETE /connections/{id}': 'delete_connections_by_id',
  'GET /connections/{id}/clients': 'get_connection_clients',
  'PATCH /connections/{id}/clients': 'patch_clients',
  'GET /organizations/{id}/enabled_connections': 'get_enabled_connections',
  'POST /organizations/{id}/enabled_connections': 'post_enabled_connections',
  'GET /organizations/{id}/enabled_connections/{connectionId}': 'get_enabled_connections_by_connectionId',
  'PATCH /organizations/{id}/enabled_connections/{connectionId}': 'patch_enabled_connections_by_connectionId',
  'DELETE /organizations/{id}/enabled_connections/{connectionId}': 'delete_enabled_connections_by_connectionId',
  'GET /organizations/{id}/connections': 'get_organization_all_connections',
  'POST /organizations/{id}/connections': 'create_organization_all_connection',
  'GET /organizations/{id}/connections/{connection_id}': 'get_organization_all_connection',
  'PATCH /organizations/{id}/connections/{connection_id}': 'update_organization_all_connection',
  'DELETE /organizations/{id}/connections/{connection_id}': 'delete_organization_all_connection',
  'GET /users': 'get_users',
  'POST /users': 'post_users',
  'GET /users/{id}': 'get_users_by_id',
  'PATCH /users/{id}': 'patch_users_by_id',
  'DELETE /users/{id}': 'delete_users_by_id',
  'GET /users/{id}/refresh-tokens': 'get_refresh_tokens_for_user',
  'GET /users/{id}/organizations': 'get_user_organizations',
  'GET /users/{id}/logs': 'get_logs_by_user',
  'GET /client-grants/{id}/organizations': 'get_client_grant_organizations',
  'GET /clients/{id}/connections': 'get_client_connections',
  'DELETE /users/{id}/refresh-tokens': 'delete_refresh_tokens_for_user',
  'GET /refresh-tokens/{id}': 'get_refresh_token',
  'DELETE /refresh-tokens/{id}': 'delete_refresh_token',
  'GET /users-by-email': 'get_users-by-email',
  'GET /user-blocks': 'get_user_blocks',
  'DELETE /user-blocks': 'delete_user_blocks',
  'GET /user-blocks/{id}': 'get_user_blocks_by_id',
  'DELETE /user-blocks/{id}': 'delete_user_blocks_by_id',
  'GET /organizations/{id}/members': 'get_members',
  'POST /organizations/{id}/members': 'post_members',
  'DELETE /organizations/{id}/members': 'delete_members',
  'GET /resource-servers': 'get_resource-servers',
  'POST /resource-servers': 'post_resource-servers',
  'GET /resource-servers/{id}': 'get_resource-servers_by_id',
  'PATCH /resource-servers/{id}': 'patch_resource-servers_by_id',
  'DELETE /resource-servers/{id}': 'delete_resource-servers_by_id',
  'GET /actions/actions': 'get_actions',
  'GET /actions/actions/{id}': 'get_action',
  'POST /actions/actions': 'post_action',
  'PATCH /actions/actions/{id}': 'patch_action',
  'DELETE /actions/actions/{id}': 'delete_action',
  'POST /actions/actions/{id}/deploy': 'post_deploy_action',
  'POST /actions/actions/{id}/versions/{versionId}/deploy': 'post_deploy_draft_version',
  'GET /actions/actions/{id}/versions': 'get_action_versions',
  'GET /actions/actions/{id}/versions/{versionId}': 'get_action_version',
  'GET /actions/triggers': 'get_triggers',
  'GET /actions/executions/{id}': 'get_execution',
  'GET /logs': 'get_logs',
  'GET /logs/{id}': 'get_logs_by_id',
  'GET /log-streams': 'get_log-streams',
  'POST /log-streams': 'post_log-streams',
  'GET /log-streams/{id}': 'get_log-streams_by_id',
  'PATCH /log-streams/{id}': 'patch_log-streams_by_id',
  'DELETE /log-streams/{id}': 'delete_log-streams_by_id',
  'GET /roles': 'get_roles',
  'POST /roles': 'post_roles',
  'GET /roles/{id}': 'get_roles_by_id',
  'PATCH /roles/{id}': 'patch_roles_by_id',
  'DELETE /roles/{id}': 'delete_roles_by_id',
  'GET /roles/{id}/permissions': 'get_role_permission',
  'POST /roles/{id}/permissions': 'post_role_permission_assignment',
  'DELETE /roles/{id}/permissions': 'delete_role_permission_assignment',
  'GET /roles/{id}/users': 'get_role_user',
  'POST /roles/{id}/users': 'post_role_users',
  'GET /users/{id}/roles': 'get_user_roles',
  'POST /users/{id}/roles': 'post_user_roles',
  'DELETE /users/{id}/roles': 'delete_user_roles',
  'GET /users/{id}/permissions': 'get_permissions',
  'POST /users/{id}/permissions': 'post_permissions',
  'DELETE /users/{id}/permissions': 'delete_permissions',
  'GET /organizations/{id}/members/{user_id}/roles': 'get_organization_member_roles',
  'POST /organizations/{id}/members/{user_id}/roles': 'post_organization_member_roles',
  'DELETE /organizations/{id}/members/{user_id}/roles': 'delete_organization_member_roles',
  'GET /users/{id}/effective-roles': 'get_user_effective_roles',
  'GET /users/{id}/effective-roles/sources/groups': 'get_user_role_source_groups',
  'GET /users/{id}/effective-permissions': 'get_user_effective_permissions',
  'GET /users/{id}/effective-permissions/sources/effective-roles': 'get_user_effective_permission_role_sources',
  'GET /organizations/{id}/members/{user_id}/effective-roles': 'get_organization_member_effective_roles',
  'GET /organizations/{id}/members/{user_id}/effective-roles/sources/groups': 'get_organization_member_role_source_groups',
};
// The document and its viewer describe the API; they are public and not part of it.
const DOCUMENTATION_ROUTES = [
  'GET /api/v2/docs',
  'GET /api/v2/docs/swagger-ui-bundle.js',
  'GET /api/v2/docs/swagger-ui.css',
  'GET /api/v2/openapi.json',
];

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, DocumentedOperation['operation']>>;
    components: {
      schemas: Record<string, Schema>;
      securitySchemes: {
        bearerAuth: unknown;
        oAuth2ClientCredentials: {
          type: string;
          flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string>; 'x-form-parameters': unknown } };
        };
      };
    };
  };
  let schemas: DocumentSchemas;
  let operations: DocumentedOperation[];
  const validValue = (schema: Schema): unknown => schemas.validValue(schema);
  before(async () => {
    t = await startTestApp();
    document = (await t.api.get('/api/v2/openapi.json')).body;
    schemas = new DocumentSchemas(document.components);
    operations = operationsOf(document);
  });
  after(() => t.close());

  it('is served without a token as OpenAPI 3.1 JSON, under the rate limit like the rest of /api/v2', async () => {
    const res = await t.api.get('/api/v2/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.match(res.body.openapi, /^3\.1\.\d+$/);
    assert.equal(res.body.info.version, '2.0');
    assert.ok(res.headers['x-ratelimit-remaining']);
  });

  it('has a docs page whose script and stylesheet this server serves itself', async () => {
    const page = await t.api.get('/api/v2/docs');
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(page.text, /url: '\/api\/v2\/openapi\.json'/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(assets.sort(), ['/api/v2/docs/swagger-ui-bundle.js', '/api/v2/docs/swagger-ui.css']);
    for (const asset of assets) {
      const res = await t.api.get(asset).buffer(true);
      assert.equal(res.status, 200, asset);
      assert.match(res.headers['content-type'], asset.endsWith('.js') ? /^application\/javascript/ : /^text\/css/);
      assert.ok(Number(res.headers['content-length']) > 10_000, asset);
    }
  });

  it('declares both security schemes of the reference, the OAuth2 one with the whole scope catalog', () => {
    const { bearerAuth, oAuth2ClientCredentials } = document.components.securitySchemes;
    assert.deepEqual(bearerAuth, { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    assert.equal(oAuth2ClientCredentials.type, 'oauth2');
    const flow = oAuth2ClientCredentials.flows.clientCredentials;
    assert.equal(flow.tokenUrl, 'https://tenant.test/oauth/token');
    assert.deepEqual(flow['x-form-parameters'], { audience: 'https://tenant.test/api/v2/' });
    assert.deepEqual(Object.keys(flow.scopes), [...ALL_SCOPES]);
    assert.equal(flow.scopes['delete:organization_client_grants'], 'Delete organization client grants');
  });

  it('reads the route table exactly as Fastify serves it', () => {
    const nest = nestRoutes(t.app)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    assert.deepEqual(nest, fastifyRoutes(t.app));
  });

  it('documents every /api/v2 route with its method, Auth0 operation id and the scopes the guard requires', () => {
    const routes = nestRoutes(t.app).filter((r) => r.path.startsWith('/api/v2/'));
    const isDocumented = (path: string, method: string): boolean =>
      Object.hasOwn(document.paths, path) && Object.hasOwn(document.paths[path], method);
    const undocumented = routes.filter((r) => !isDocumented(r.path.slice('/api/v2'.length), r.method.toLowerCase()));
    assert.deepEqual(undocumented.map((r) => `${r.method} ${r.path}`).sort(), DOCUMENTATION_ROUTES);
    for (const route of undocumented)
      assert.ok(Reflect.getMetadata(IS_PUBLIC_KEY, route.handler) ?? Reflect.getMetadata(IS_PUBLIC_KEY, route.controller), route.path);
    for (const route of routes.filter((r) => !undocumented.includes(r))) {
      const path = route.path.slice('/api/v2'.length);
      const operation = document.paths[path][route.method.toLowerCase()];
      assert.equal(operation.operationId, AUTH0_OPERATION_IDS[`${route.method} ${path}`], `${route.method} ${path}`);
      assert.deepEqual(scopesOf(operation), Reflect.getMetadata(SCOPES_KEY, route.handler), `${route.method} ${path}`);
      assert.ok(
        operation.security?.some((s) => BEARER_SCHEME in s),
        `${route.method} ${path} accepts a bearer token`,
      );
    }
    assert.equal(operations.length, routes.length - undocumented.length, 'the document has no operation without a route');
    assert.equal(new Set(operations.map((o) => o.operation.operationId)).size, operations.length, 'operation ids are unique');
  });

  // Auth0's management document describes /api/v2 only; the token endpoint is the OAuth2 scheme's
  // tokenUrl, and also a path with its own servers (outside /api/v2), its bodies OAuth's.
  it('keeps the routes outside /api/v2 to the unprefixed list, public and out of the paths but the token endpoint, which is the tokenUrl', () => {
    const outside = nestRoutes(t.app).filter((r) => !r.path.startsWith('/api/v2/'));
    assert.deepEqual(outside.map((r) => `${r.method} ${r.path}`).sort(), [
      'DELETE /console/api/*',
      'DELETE /console/session',
      'GET /.well-known/jwks.json',
      'GET /.well-known/openid-configuration',
      'GET /console',
      'GET /console/api/*',
      'GET /console/assets/*',
      'GET /console/session',
      'GET /healthz',
      'GET /readyz',
      'GET /userinfo',
      'OPTIONS /.well-known/openid-configuration',
      'PATCH /console/api/*',
      'POST /console/api/*',
      'POST /console/session',
      'POST /dbconnections/change_password',
      'POST /dbconnections/signup',
      'POST /oauth/revoke',
      'POST /oauth/token',
      'POST /userinfo',
      'PUT /console/api/*',
    ]);
    assert.deepEqual([...new Set(outside.map((r) => r.path.slice(1)))].sort(), [...UNPREFIXED_ROUTES].sort());
    for (const route of outside) {
      assert.ok(Reflect.getMetadata(IS_PUBLIC_KEY, route.handler) ?? Reflect.getMetadata(IS_PUBLIC_KEY, route.controller), route.path);
      if (route.path === '/oauth/token') assert.deepEqual(Object.keys(document.paths[route.path]).sort(), ['post', 'servers']);
      else assert.equal(document.paths[route.path], undefined, `${route.path} is not an /api/v2 path`);
    }
    const tokenUrl = new URL(document.components.securitySchemes.oAuth2ClientCredentials.flows.clientCredentials.tokenUrl);
    assert.ok(
      outside.some((r) => r.method === 'POST' && r.path === tokenUrl.pathname),
      tokenUrl.href,
    );
  });

  it('documents a success status, and 401, 403 and 429 with the shared error schema, for every operation', () => {
    assert.deepEqual(document.components.schemas.Error.required, ['statusCode', 'error', 'message', 'errorCode']);
    for (const { method, path, operation } of operations) {
      assert.ok(
        Object.keys(operation.responses).some((s) => /^2\d\d$/.test(s)),
        `${method} ${path} documents a success`,
      );
      for (const status of ['401', '403', '429']) {
        assert.deepEqual(
          operation.responses[status]?.content?.['application/json'].schema,
          { $ref: '#/components/schemas/Error' },
          `${method} ${path} ${status}`,
        );
      }
    }
  });

  it('answers every operation, called with a valid request, with a documented status and body', async (c) => {
    for (const op of operations) {
      await c.test(`${op.method} ${op.path}`, async () => {
        const schema = bodySchemaOf(op.operation);
        const res = await exercise(t, op, { body: schema ? satisfyingBody(schemas.resolve(schema), validValue) : undefined });
        assert.match(String(res.status), /^2\d\d$/, `${op.method} ${op.path}: ${res.status} ${res.text}`);
        expectDocumented(schemas, op, res);
      });
    }
  });

  it('answers a documented status for resources that do not exist, and a documented 400 for path parameters over their maxLength', async (c) => {
    for (const op of operations.filter((o) => o.operation.parameters?.some((p) => p.in === 'path'))) {
      const params = must(op.operation.parameters, 'parameters').filter((p) => p.in === 'path');
      const schema = bodySchemaOf(op.operation);
      const body = schema ? satisfyingBody(schemas.resolve(schema), validValue) : undefined;
      await c.test(`${op.method} ${op.path}: unknown ids`, async () => {
        const res = await exercise(t, op, { body, path: Object.fromEntries(params.map((p) => [p.name, 'xyz_doesNotExist01'])) });
        assert.ok([204, 404].includes(res.status), `${res.status} ${res.text}`);
        expectDocumented(schemas, op, res);
      });
      for (const param of params.filter((p) => p.schema.maxLength !== undefined)) {
        await c.test(`${op.method} ${op.path}: ${param.name} over its maxLength`, async () => {
          const res = await exercise(t, op, { body, path: { [param.name]: 'x'.repeat(must(param.schema.maxLength, 'a maxLength') + 1) } });
          assert.equal(res.status, 400, res.text);
          assert.ok(res.body.message.includes(`on property ${param.name}`), res.body.message);
          expectDocumented(schemas, op, res);
        });
      }
    }
  });

  it('refuses, with a documented 400, a query parameter breaking its documented constraints', async (c) => {
    for (const op of operations) {
      const scalars = (op.operation.parameters ?? []).filter((p) => p.in === 'query' && p.schema.type !== 'array');
      for (const param of scalars) {
        // On the wire every query value is a string, so a string is never of the wrong type.
        const broken = schemas.violations(param.schema).filter(([what]) => !(param.schema.type === 'string' && what === 'type'));
        for (const [what, value] of broken) {
          await c.test(`${op.method} ${op.path}: ?${param.name} breaking ${what}`, async () => {
            const res = await exercise(t, op, { query: { [param.name]: String(value) } });
            assert.equal(res.status, 400, `${res.status} ${res.text}`);
            assert.ok(res.body.message.includes(param.name), res.body.message);
            expectDocumented(schemas, op, res);
          });
        }
      }
    }
  });

  it('documents every object in a request body by its properties (closed, as the pipe refuses others) or by the schema of its values, never as a bare object', () => {
    const bare: string[] = [];
    const nested = new Set<string>();
    const walk = (schema: Schema, at: string, depth: number): void => {
      const resolved = schemas.resolve(schema);
      if (typeOf(resolved) === 'object') {
        if (resolved.properties)
          assert.equal(resolved.additionalProperties, false, `${at} documents that undeclared properties are refused`);
        else if (typeof resolved.additionalProperties !== 'object') bare.push(at);
        if (depth > 0 && resolved.properties) nested.add(at);
        for (const [name, property] of Object.entries(resolved.properties ?? {})) walk(property, `${at}.${name}`, depth + 1);
      }
      if (resolved.items) walk(resolved.items, `${at}[]`, depth + 1);
    };
    for (const op of operations) {
      const schema = bodySchemaOf(op.operation);
      if (schema) walk(schema, `${op.method} ${op.path}`, 0);
    }
    assert.deepEqual(bare, []);
    // The organization's branding and its colors: nested classes, documented from their own validators.
    assert.deepEqual([...nested].filter((at) => at.startsWith('POST /organizations.')).sort(), [
      'POST /organizations.branding',
      'POST /organizations.branding.colors',
      'POST /organizations.enabled_connections[]',
      'POST /organizations.token_quota',
      'POST /organizations.token_quota.client_credentials',
    ]);
  });

  it('refuses, with a documented 400, a body breaking any documented constraint, and accepts each property within them', async (c) => {
    for (const op of operations.filter((o) => bodySchemaOf(o.operation))) {
      const schema = schemas.resolve(must(bodySchemaOf(op.operation), 'a body schema'));
      const base = satisfyingBody(schema, validValue);
      const refused = async (what: string, body: (fx: Fixtures) => unknown, mentions: string) => {
        await c.test(`${op.method} ${op.path}: ${what}`, async () => {
          const res = await exercise(t, op, { body });
          assert.equal(res.status, 400, `${what}: ${res.status} ${res.text}`);
          assert.ok(res.body.message.includes(mentions), `${what}: ${res.body.message}`);
          expectDocumented(schemas, op, res);
        });
      };
      // An array body (PATCH /connections/{id}/clients) is closed in its items, broken as a whole below.
      if (schema.type === 'array') {
        assert.equal(schemas.resolve(must(schema.items, 'items')).additionalProperties, false, `${op.method} ${op.path} items are closed`);
        for (const [broken, value] of schemas.violations(schema)) await refused(`the body breaking ${broken}`, () => value, '');
        continue;
      }
      assert.equal(schema.additionalProperties, false, `${op.method} ${op.path} documents that unknown properties are refused`);
      await refused(
        'an unknown property',
        (fx) => ({ ...(base(fx) as object), not_a_documented_property: 'x' }),
        'not_a_documented_property',
      );
      if (schema.minProperties) await refused('too few properties', () => ({}), 'Too few properties');
      for (const name of schema.required ?? []) {
        await refused(`without required ${name}`, (fx) => ({ ...(base(fx) as object), [name]: undefined }), name);
      }
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        for (const [broken, value] of schemas.violations(property)) {
          await refused(`${name} breaking ${broken}`, (fx) => ({ ...(base(fx) as object), [name]: value }), name);
        }
        await c.test(`${op.method} ${op.path}: ${name} within its constraints`, async () => {
          const res = await exercise(t, op, { body: satisfyingBody(schema, validValue, [name]) });
          assert.notEqual(res.status, 400, res.text);
          expectDocumented(schemas, op, res);
        });
      }
    }
  });
});

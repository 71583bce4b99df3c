import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { must } from './must.js';
import { DocumentSchemas, type Schema } from './openapi-schema.js';
import type { TestApp } from './test-app.js';
import { newId } from '../../src/common/ids.js';
import { logId } from '../../src/logs/log-id.js';
import { UserFactories } from './user-factories.js';
import { ActionFactories } from './action-factories.js';
import { rsaKeyPair } from './key-pairs.js';
import { OAUTH2_SCHEME } from '../../src/openapi/security-schemes.js';

export interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Partial<Record<string, { content?: Record<string, { schema: Schema }> }>>;
  security?: Record<string, string[]>[];
}

export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Operation;
}

export type Fixtures = Awaited<ReturnType<typeof makeFixtures>>;

async function enabledConnection(t: TestApp, organizationId: string) {
  const connection = await t.prisma.connection.create({
    data: { id: newId('con'), name: `fx-${randomBytes(5).toString('hex')}`, strategy: 'auth0' },
  });
  await t.prisma.organizationConnection.create({ data: { organization_id: organizationId, connection_id: connection.id } });
  return connection;
}

/** A refresh token of `userId` for `clientId`, through a grant of its own (the table's foreign keys want one). */
async function refreshTokenFixture(t: TestApp, clientId: string, userId: string) {
  const grant = await t.factories.clientGrant({ client_id: clientId });
  const id = randomUUID();
  return t.prisma.refreshToken.create({
    data: {
      id,
      token_hash: randomBytes(32).toString('hex'),
      family_id: id,
      client_id: clientId,
      user_id: userId,
      audience: grant.audience,
      scope: [],
      rotating: false,
    },
  });
}

// One key for every fixture: RSA key generation costs tens of milliseconds.
let pemOfFixtures: string | undefined;
const fixturePem = (): string => (pemOfFixtures ??= rsaKeyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString());

export async function makeFixtures(t: TestApp) {
  const organization = await t.factories.organization();
  const users = new UserFactories(t.prisma);
  // A user may have a username only in a connection that requires one (Auth0's rule).
  const usernameConnection = await users.connection({ options: { requires_username: true } });
  const client = await t.factories.client();
  // A public key of the client: the credential the credentials paths address, and the pem a body sends.
  const pem = fixturePem();
  const credential = await t.prisma.clientCredential.create({
    data: {
      id: newId('cred', 22),
      client_id: client.client_id,
      kid: `kid-${randomBytes(8).toString('hex')}`,
      alg: 'RS256',
      credential_type: 'public_key',
      pem,
    },
  });
  const user = await users.user(usernameConnection.id, {
    username: `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
  });
  // A member of the organization, holding a role: the member roles paths address them.
  await t.prisma.organizationMember.create({ data: { organization_id: organization.id, user_id: user.user_id } });
  const role = await t.prisma.role.create({ data: { id: newId('rol'), name: `fx-${randomBytes(5).toString('hex')}` } });
  return {
    organization,
    role,
    credential,
    pem,
    grant: await t.factories.clientGrant(),
    resourceServer: await t.factories.resourceServer(),
    profile: await t.factories.tokenExchangeProfile(),
    client,
    // Enabled on the organization (the path's link); `spare` is the one a body may enable.
    connection: await enabledConnection(t, organization.id),
    spare: await t.prisma.connection.create({
      data: { id: newId('con'), name: `spare-${randomBytes(5).toString('hex')}`, strategy: 'auth0' },
    }),
    usernameConnection,
    user,
    refreshToken: await refreshTokenFixture(t, client.client_id, user.user_id),
    action: await new ActionFactories(t.prisma).deployed(),
    // Sinks on a closed local port: refused at once. A name to resolve would leave the delivery worker's
    // DNS lookups (5 s each here, no resolver answers) queued past the test, keeping its process alive.
    logStream: await t.prisma.logStream.create({
      data: { id: newId('lst'), name: 'fx', type: 'http', sink: { httpEndpoint: 'https://127.0.0.1:9/fx' } },
    }),
    log: await t.prisma.tenantLog.create({ data: { type: 'sapi' } }),
    execution: await t.prisma.actionExecution.create({
      data: { id: randomUUID(), trigger_id: 'custom-token-exchange', status: 'final', results: [] },
    }),
  };
}

// Which fixture a path parameter addresses, by the collection segment in front of it.
const PATH_VALUES: Record<string, (fx: Fixtures) => string> = {
  'organizations/{id}': (fx) => fx.organization.id,
  'name/{name}': (fx) => fx.organization.name,
  'client-grants/{id}': (fx) => fx.grant.id,
  'client-grants/{grant_id}': (fx) => fx.grant.id,
  'token-exchange-profiles/{id}': (fx) => fx.profile.id,
  'clients/{id}': (fx) => fx.client.client_id,
  'credentials/{credential_id}': (fx) => fx.credential.id,
  'connections/{id}': (fx) => fx.connection.id,
  'enabled_connections/{connectionId}': (fx) => fx.connection.id,
  'connections/{connection_id}': (fx) => fx.connection.id,
  'users/{id}': (fx) => fx.user.user_id,
  'user-blocks/{id}': (fx) => fx.user.user_id,
  'resource-servers/{id}': (fx) => fx.resourceServer.id,
  'actions/{id}': (fx) => fx.action.action.id,
  'versions/{versionId}': (fx) => fx.action.version.id,
  'executions/{id}': (fx) => fx.execution.id,
  'log-streams/{id}': (fx) => fx.logStream.id,
  'logs/{id}': (fx) => logId(fx.log.tx_id, fx.log.seq),
  'refresh-tokens/{id}': (fx) => fx.refreshToken.id,
  'roles/{id}': (fx) => fx.role.id,
  'members/{user_id}': (fx) => fx.user.user_id,
};
// Body properties that must name an existing resource to succeed (given the other properties sent).
// A client grant names an existing API, and only scopes that API defines.
const BODY_VALUES: Partial<Record<string, (fx: Fixtures, names: ReadonlySet<string>) => unknown>> = {
  grant_id: (fx) => fx.grant.id,
  pem: (fx) => fx.pem,
  // A credential given by its subject DN is a cert_subject_dn; any other here is the fixtures' public key.
  credential_type: (_fx, names) => (names.has('subject_dn') ? 'cert_subject_dn' : 'public_key'),
  audience: (fx) => fx.resourceServer.identifier,
  scope: () => ['read:things'],
  connection_id: (fx) => fx.spare.id,
  connection: (fx, names) => (names.has('username') ? fx.usernameConnection : fx.connection).name,
  members: (fx) => [fx.user.user_id],
  // A role's or a user's permissions: a scope the fixtures' API defines.
  permissions: (fx) => [{ resource_server_identifier: fx.resourceServer.identifier, permission_name: 'read:things' }],
  roles: (fx) => [fx.role.id],
  users: (fx) => [fx.user.user_id],
  // Organization signup needs a database connection that assigns membership (Auth0's 400 otherwise).
  is_signup_enabled: () => false,
  sink: () => ({ httpEndpoint: 'https://127.0.0.1:9/fx' }),
  // A profile's action must exist, be deployed and support custom-token-exchange.
  action_id: (fx) => fx.action.action.id,
  // A role's owner is an existing organization, and makes it an organization's role.
  owner_id: (fx) => fx.organization.id,
  type: (_fx, names) => (names.has('owner_id') ? 'organization' : undefined),
};
// Properties a body needs beside its documented required ones, given the others it sends: a
// credential's pem, which every type takes but a cert_subject_dn given by its DN.
const NEEDED_WITH: Partial<Record<string, (chosen: ReadonlySet<string>) => string[]>> = {
  credential_type: (chosen) => (chosen.has('subject_dn') ? [] : ['pem']),
  // A client grant names its client, unless it is a default grant (default_for).
  audience: (chosen) => (chosen.has('default_for') ? [] : ['client_id']),
  owner_id: () => ['type'],
};
// Required query parameters, when a request does not give them.
const QUERY_VALUES: Partial<Record<string, (fx: Fixtures) => string>> = {
  email: (fx) => must(fx.user.email, 'an email'),
  identifier: (fx) => must(fx.user.email, 'an email'),
  // The effective-* reads: an API and one of its scopes, a role.
  resource_server_identifier: (fx) => fx.resourceServer.identifier,
  permission_name: () => 'read:things',
  role_id: (fx) => fx.role.id,
};

// /oauth/token is documented with its own servers (outside /api/v2) and OAuth bodies: not an API operation.
export const operationsOf = (document: { paths: Record<string, Record<string, Operation>> }): DocumentedOperation[] =>
  Object.entries(document.paths)
    .filter(([path]) => path !== '/oauth/token')
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));

/** The document the app serves, read as a client would: its schemas and its API operations. */
export async function servedDocument(t: TestApp): Promise<{ schemas: DocumentSchemas; operations: DocumentedOperation[] }> {
  const document = (await t.api.get('/api/v2/openapi.json')).body as Parameters<typeof operationsOf>[0] & {
    components: { schemas: Record<string, Schema> };
  };
  return { schemas: new DocumentSchemas(document.components), operations: operationsOf(document) };
}

export const scopesOf = (operation: Operation): string[] | undefined =>
  operation.security?.find((requirement) => OAUTH2_SCHEME in requirement)?.[OAUTH2_SCHEME];

export const bodySchemaOf = (operation: Operation): Schema | undefined => operation.requestBody?.content['application/json']?.schema;

interface RequestParts {
  body?: (fx: Fixtures) => unknown;
  /** Path parameter values to use instead of the fixtures' ids. */
  path?: Partial<Record<string, string>>;
  query?: Record<string, string>;
}

/** Sends one request to the operation against fresh fixtures, authorized with the operation's scope. */
export async function exercise(
  t: TestApp,
  { method, path, operation }: DocumentedOperation,
  { body, path: given = {}, query }: RequestParts = {},
): Promise<Response> {
  const fx = await makeFixtures(t);
  const url = urlFor({ method, path, operation }, fx, (param) => given[param] && encodeURIComponent(given[param]));
  const request = t.api[method.toLowerCase() as 'get'](url)
    .query({ ...requiredQuery(operation, fx, query), ...query })
    .set('Authorization', await t.bearer((scopesOf(operation) ?? []).join(' ')));
  return body ? request.send(body(fx) as object) : request;
}

/**
 * The operation's URL under /api/v2, each path parameter the fixture it addresses unless `given`
 * returns a value for it (already encoded, so a caller may send a deliberately broken encoding).
 */
export function urlFor(
  { method, path }: DocumentedOperation,
  fx: Fixtures,
  given: (param: string) => string | undefined = () => undefined,
): string {
  return `/api/v2${path.replace(/([\w-]+)\/\{(\w+)\}/g, (_m, segment: string, param: string) => {
    const fixed = given(param);
    if (fixed !== undefined) return `${segment}/${fixed}`;
    const value = PATH_VALUES[`${segment}/{${param}}`];
    assert.ok(value, `no fixture for path parameter ${segment}/{${param}} of ${method} ${path}`);
    return `${segment}/${encodeURIComponent(value(fx))}`;
  })}`;
}

/** Values for the required query parameters a request does not give. */
export function requiredQuery(operation: Operation, fx: Fixtures, query: Partial<Record<string, string>> = {}): Record<string, string> {
  const required = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required && query[p.name] === undefined);
  return Object.fromEntries(required.map((p) => [p.name, must(QUERY_VALUES[p.name], `a value for ?${p.name}`)(fx)]));
}

/** A body meeting every constraint: required properties, then optional ones up to minProperties, plus `extra`. */
export function satisfyingBody(schema: Schema, validValue: (s: Schema) => unknown, extra: string[] = []): (fx: Fixtures) => unknown {
  if (schema.type === 'array') return () => validValue(schema);
  const names = Object.keys(schema.properties ?? {});
  const chosen = new Set(schema.required ?? []);
  for (const name of names) if (chosen.size < (schema.minProperties ?? 0)) chosen.add(name);
  extra.forEach((name) => chosen.add(name));
  for (const name of [...chosen]) for (const needed of NEEDED_WITH[name]?.(chosen) ?? []) if (names.includes(needed)) chosen.add(needed);
  return (fx: Fixtures): Record<string, unknown> =>
    Object.fromEntries(
      [...chosen].map((name) => [name, BODY_VALUES[name]?.(fx, chosen) ?? validValue(must(schema.properties, 'properties')[name])]),
    );
}

/** The answer's status is documented for the operation and its body matches the documented schema. */
export function expectDocumented(schemas: DocumentSchemas, { method, path, operation }: DocumentedOperation, res: Response): void {
  const documented = operation.responses[String(res.status)];
  assert.ok(documented, `${method} ${path} answered ${res.status}, which it does not document: ${res.text}`);
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) {
    assert.equal(res.text, '', `${method} ${path} ${res.status} documents no body`);
    return;
  }
  assert.match(res.headers['content-type'], /^application\/json/);
  assert.deepEqual(schemas.errors(res.body, schema), [], `${method} ${path} ${res.status} body does not match its schema: ${res.text}`);
}

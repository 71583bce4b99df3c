import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, PROJECT_ROOT, ServerProcess } from '../support/server-process.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';
import { TokenSigner } from '../support/token-signer.js';

const DOMAIN = 'bundle.test';
const SCOPES = [
  'create:actions update:actions read:actions create:clients create:client_grants create:resource_servers',
  'create:token_exchange_profiles read:organizations create:organizations update:clients',
].join(' ');

interface Answer {
  status: number;
  body: unknown;
}

/**
 * The bundle (dist/server.js, what ships) and the modules it was made from (dist/src/main.js),
 * side by side on one database: what a bundler can lose (decorator metadata, class names, a
 * second copy of a package with its own metadata, files found relative to a module) shows as a
 * difference between their answers.
 */
describe('the bundle answers as the compiled modules it is made from', () => {
  const tokens = new TokenSigner(`https://${DOMAIN}/`, `https://${DOMAIN}/api/v2/`);
  let databaseUrl: string;
  const servers: { name: string; process: ServerProcess; url: string }[] = [];
  let auth: string;

  before(async () => {
    await tokens.start();
    databaseUrl = await createTestDatabase();
    auth = `Bearer ${await tokens.sign({ scope: SCOPES })}`;
    const probe = ['--import', join(PROJECT_ROOT, 'dist/test/support/intl-probe.js')];
    for (const [name, main] of [
      ['bundle', 'dist/server.js'],
      ['modules', 'dist/src/main.js'],
    ] as const) {
      const command = [process.execPath, ...probe, join(PROJECT_ROOT, main)];
      const port = await freePort();
      // A Redis that refuses connections: the rate-limit storage logs that it counts in memory.
      const env = {
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        TENANT_DOMAIN: DOMAIN,
        JWKS_URI: tokens.jwksUri,
        REDIS_URL: 'redis://127.0.0.1:9',
        LOG_LEVEL: 'info',
      };
      const server = new ServerProcess(env, command);
      servers.push({ name, process: server, url: `http://127.0.0.1:${port}` });
      await server.waitFor(/"msg":"listening on /);
    }
  });
  after(async () => {
    for (const { process: server } of servers) {
      server.kill('SIGTERM');
      await server.exited;
    }
    await tokens.stop();
    await dropTestDatabase(databaseUrl);
  });

  const call = async (url: string, method: string, path: string, body?: unknown, authorization = auth): Promise<Answer> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text };
  };

  /** The same request to both servers; their answers must be equal. */
  const both = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const [bundle, modules] = await Promise.all(servers.map(({ url }) => call(url, method, path, body)));
    assert.deepEqual(bundle, modules, `${method} ${path}`);
    return bundle;
  };

  const bundleUrl = (): string => servers[0]?.url ?? '';

  it('logs its boot as the modules do: every module, controller and logger by its class name', () => {
    const named = ({ process: server }: (typeof servers)[number]): string[] =>
      server.lines
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { context?: string; msg: string })
        .filter((line) => line.context !== undefined)
        .map((line) => `${line.context ?? ''}: ${line.msg}`)
        .sort();
    const [bundle, modules] = servers.map(named);
    assert.ok(
      modules.some((line) => line.startsWith('RateLimitStorage: Redis unavailable')),
      modules.join('\n'),
    );
    assert.ok(modules.length > 50);
    assert.deepEqual(bundle, modules);
  });

  it('serves the same OpenAPI document (every route, DTO and validator, by class name) and the docs page assets', async () => {
    const document = await both('GET', '/api/v2/openapi.json');
    assert.equal(document.status, 200);
    assert.ok(Object.keys((document.body as { paths: object }).paths).length > 30);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      const answer = await both('GET', `/api/v2/docs/${asset}`);
      assert.equal(answer.status, 200);
      assert.ok((answer.body as string).length > 1000, asset);
    }
  });

  it('validates as the modules do: nested objects of a PartialType DTO (class-transformer @Type), unknown properties, Prisma-built lists', async () => {
    const created = await call(bundleUrl(), 'POST', '/api/v2/organizations', { name: 'bundle-org' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const list = await both('GET', '/api/v2/organizations?include_totals=true');
    assert.equal(list.status, 200);
    assert.equal((list.body as { total: number }).total, 1);
    const client = await call(bundleUrl(), 'POST', '/api/v2/clients', { name: 'bundle-client' });
    assert.equal(client.status, 201, JSON.stringify(client.body));
    const path = `/api/v2/clients/${(client.body as { client_id: string }).client_id}`;
    for (const body of [{ jwt_configuration: { lifetime_in_seconds: 'long' } }, { jwt_configuration: { unknown: 1 } }, { nope: true }]) {
      const answer = await both('PATCH', path, body);
      assert.equal(answer.status, 400, JSON.stringify(answer));
    }
  });

  it('runs a deployed action in its own process (the runner found beside the modules)', async () => {
    const action = await call(bundleUrl(), 'POST', '/api/v2/actions/actions', {
      name: 'bundle-action',
      supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
      code: "exports.onExecuteCustomTokenExchange = async (event, api) => api.access.rejectInvalidSubjectToken('refused by the action');",
    });
    assert.equal(action.status, 201, JSON.stringify(action.body));
    const actionId = (action.body as { id: string }).id;
    assert.equal((await call(bundleUrl(), 'POST', `/api/v2/actions/actions/${actionId}/deploy`)).status, 200);
    const profile = await call(bundleUrl(), 'POST', '/api/v2/token-exchange-profiles', {
      name: 'bundle-profile',
      subject_token_type: 'urn:bundle:test',
      action_id: actionId,
      type: 'custom_authentication',
    });
    assert.equal(profile.status, 201, JSON.stringify(profile.body));
    const api = await call(bundleUrl(), 'POST', '/api/v2/resource-servers', {
      identifier: 'https://things.bundle.test/',
      scopes: [{ value: 'read:things' }],
    });
    assert.equal(api.status, 201, JSON.stringify(api.body));
    const client = await call(bundleUrl(), 'POST', '/api/v2/clients', {
      name: 'bundle-exchanger',
      app_type: 'regular_web',
      token_exchange: { allow_any_profile_of_type: ['custom_authentication'] },
    });
    const { client_id, client_secret } = client.body as { client_id: string; client_secret: string };
    const grant = await call(bundleUrl(), 'POST', '/api/v2/client-grants', {
      client_id,
      audience: 'https://things.bundle.test/',
      scope: ['read:things'],
    });
    assert.equal(grant.status, 201, JSON.stringify(grant.body));
    const exchange = await both('POST', '/oauth/token', {
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id,
      client_secret,
      audience: 'https://things.bundle.test/',
      subject_token_type: 'urn:bundle:test',
      subject_token: 'anything',
    });
    assert.deepEqual(exchange, { status: 400, body: { error: 'invalid_request', error_description: 'refused by the action' } });
  });

  // Last, after every other request: nothing the bundle did in this file made one.
  it("makes no Intl object (ICU's locale data, ~8 MB of RSS), where the modules make Nest's logger formatters as they load", () => {
    const intlMade = ({ process: server }: (typeof servers)[number]): string[] =>
      server.lines.filter((line) => line.includes('"probe":"intl"'));
    const [bundle, modules] = servers.map(intlMade);
    // The probe sees them: the modules load Nest's two loggers as they are published.
    assert.equal(
      modules.filter((line) => line.includes('"made":"DateTimeFormat"') && line.includes('logger.service')).length,
      2,
      modules.join('\n'),
    );
    assert.deepEqual(bundle, []);
  });
});

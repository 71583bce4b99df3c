// needs: redis-server
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Instance } from '../support/instances.js';
import { OwnRedis } from '../support/own-redis.js';
import { freePort } from '../support/server-process.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';

const DOMAIN = 'tenant.test';
const AUDIENCE = `https://${DOMAIN}/api/v2/`;
const ADMIN = { client_id: 'm2m-org-admin', client_secret: 'm2m-org-admin-secret-0123456789abcdef' };
const API = 'https://m2m-org.example.com/';

async function call(base: string, method: string, path: string, token: string | undefined, body?: object): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    // No content-type without a body: Fastify refuses an empty JSON body.
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function json<T>(res: Response, status: number): Promise<T> {
  assert.equal(res.status, status, await res.clone().text());
  return (await res.json()) as T;
}

// Two real server processes on one database and one Redis: the association removed through one
// is refused by the other's very next token request (nothing about it is cached on either).
describe('organizations for M2M across two instances', () => {
  let redis: OwnRedis;
  let databaseUrl: string;
  let a: Instance;
  let b: Instance;

  before(async () => {
    redis = await OwnRedis.start();
    databaseUrl = await createTestDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      RATE_LIMIT_KEY_PREFIX: 'm2m-org-test:',
      TENANT_DOMAIN: DOMAIN,
      BOOTSTRAP_CLIENT_ID: ADMIN.client_id,
      BOOTSTRAP_CLIENT_SECRET: ADMIN.client_secret,
      LOG_LEVEL: 'warn',
    };
    a = new Instance('a', await freePort(), env);
    b = new Instance('b', await freePort(), env);
    // One at a time: the first creates the bootstrap client, the second finds it.
    await a.start();
    await b.start();
  });

  after(async () => {
    for (const instance of [a, b] as (Instance | undefined)[]) await instance?.kill();
    const started: { redis?: OwnRedis } = { redis };
    await started.redis?.stop();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  });

  async function adminToken(): Promise<string> {
    const res = await call(a.url, 'POST', '/oauth/token', undefined, { grant_type: 'client_credentials', ...ADMIN, audience: AUDIENCE });
    return (await json<{ access_token: string }>(res, 200)).access_token;
  }

  it('DELETE /organizations/{id}/client-grants/{grant_id} on a: the very next request on b is refused; associating on b restores both', async () => {
    const admin = await adminToken();
    await json(
      await call(a.url, 'POST', '/api/v2/resource-servers', admin, {
        identifier: API,
        name: 'm2m org',
        scopes: [{ value: 'read:things' }],
      }),
      201,
    );
    const client = await json<{ client_id: string; client_secret: string }>(
      await call(a.url, 'POST', '/api/v2/clients', admin, { name: 'worker', app_type: 'non_interactive' }),
      201,
    );
    const grant = await json<{ id: string }>(
      await call(a.url, 'POST', '/api/v2/client-grants', admin, {
        client_id: client.client_id,
        audience: API,
        scope: ['read:things'],
        organization_usage: 'require',
      }),
      201,
    );
    const org = await json<{ id: string }>(await call(a.url, 'POST', '/api/v2/organizations', admin, { name: 'acme' }), 201);
    await json(await call(a.url, 'POST', `/api/v2/organizations/${org.id}/client-grants`, admin, { grant_id: grant.id }), 201);

    const token = (base: string) =>
      call(base, 'POST', '/oauth/token', undefined, {
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret: client.client_secret,
        audience: API,
        organization: org.id,
      });
    assert.equal((await token(b.url)).status, 200);

    assert.equal((await call(a.url, 'DELETE', `/api/v2/organizations/${org.id}/client-grants/${grant.id}`, admin)).status, 204);
    assert.deepEqual(await json(await token(b.url), 403), {
      error: 'access_denied',
      error_description: `The client grant for "${API}" is not associated with the organization ${org.id}.`,
    });

    await json(await call(b.url, 'POST', `/api/v2/organizations/${org.id}/client-grants`, admin, { grant_id: grant.id }), 201);
    assert.equal((await token(a.url)).status, 200);
    assert.equal((await token(b.url)).status, 200);
  });

  it('24 right secrets at once for one client from one address, spread over both instances: all 200', async () => {
    const client = await json<{ client_id: string; client_secret: string }>(
      await call(a.url, 'POST', '/api/v2/clients', await adminToken(), { name: 'pool', app_type: 'non_interactive' }),
      201,
    );
    await json(
      await call(a.url, 'POST', '/api/v2/client-grants', await adminToken(), {
        client_id: client.client_id,
        audience: AUDIENCE,
        scope: [],
      }),
      201,
    );
    for (let round = 0; round < 3; round++) {
      const statuses = await Promise.all(
        Array.from({ length: 24 }, async (_, i) => {
          const res = await call([a, b][i % 2].url, 'POST', '/oauth/token', undefined, {
            grant_type: 'client_credentials',
            ...client,
            audience: AUDIENCE,
          });
          return res.status;
        }),
      );
      assert.deepEqual(statuses, Array<number>(24).fill(200), `round ${round}`);
    }
  });
});

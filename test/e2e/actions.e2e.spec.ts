import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ActionsClient } from 'auth0/actions';
import { ActionsClient as ActionsClientV6 } from 'auth0-v6/actions';
import pagedClient from 'auth0-deploy-cli/lib/tools/auth0/client.js';
import { ActionFactories } from '../support/action-factories.js';
import { Errors, expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const READ = 'read:actions';

describe('actions: list, read, versions, triggers', () => {
  let t: TestApp;
  let factories: ActionFactories;
  let auth: string;
  let sdk: ActionsClient;
  let baseUrl: string;
  before(async () => {
    t = await startTestApp();
    factories = new ActionFactories(t.prisma);
    auth = await t.bearer(READ);
    baseUrl = await Sdk.listen(t);
    sdk = new ActionsClient({ baseUrl, token: auth.slice('Bearer '.length) });
  });
  after(() => t.close());

  const get = (path: string) => t.api.get(`/api/v2/actions${path}`).set('Authorization', auth);

  describe('GET /actions/actions', () => {
    it('answers {actions, total, per_page} through the SDK v7, with the deployed version and no secret value', async () => {
      const { action, version } = await factories.deployed({
        secrets: [{ name: 'API_KEY', value: 'not-to-be-returned', updated_at: '2026-01-01T00:00:00.000Z' }],
      });
      const page = await sdk.list({ actionName: action.name });
      assert.equal(page.data.length, 1);
      const [found] = page.data;
      assert.deepEqual(found, {
        id: action.id,
        name: action.name,
        supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
        all_changes_deployed: true,
        created_at: action.created_at.toISOString(),
        updated_at: action.updated_at.toISOString(),
        code: action.code,
        dependencies: [],
        runtime: 'node22',
        secrets: [{ name: 'API_KEY', updated_at: '2026-01-01T00:00:00.000Z' }],
        status: 'built',
        current_version: {
          id: version.id,
          code: action.code,
          runtime: 'node22',
          status: 'BUILT',
          number: 1,
          build_time: version.created_at.toISOString(),
          created_at: version.created_at.toISOString(),
          updated_at: version.updated_at.toISOString(),
        },
        deployed_version: {
          id: version.id,
          code: action.code,
          dependencies: [],
          deployed: true,
          runtime: 'node22',
          secrets: [{ name: 'API_KEY', updated_at: '2026-01-01T00:00:00.000Z' }],
          status: 'built',
          number: 1,
          supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
          built_at: version.created_at.toISOString(),
          created_at: version.created_at.toISOString(),
          updated_at: version.updated_at.toISOString(),
        },
      });
      const raw = await get(`/actions?actionName=${action.name}`);
      assert.equal(raw.status, 200);
      assert.deepEqual(Object.keys(raw.body).sort(), ['actions', 'per_page', 'total']);
      assert.equal(raw.body.total, 1);
      assert.equal(raw.body.per_page, 20, "Auth0's default page size");
      assert.ok(!raw.text.includes('not-to-be-returned'));
    });

    it('filters by triggerId and deployed, pages by page/per_page, and has no installed (marketplace) actions', async () => {
      const drafts = await Promise.all(
        [1, 2, 3].map(() => factories.action({ supported_triggers: [{ id: 'post-login', version: 'v3' }] })),
      );
      const deployed = await factories.deployed({ supported_triggers: [{ id: 'post-login', version: 'v3' }] });
      const postLogin = await get('/actions?triggerId=post-login&per_page=100');
      assert.deepEqual(
        postLogin.body.actions.map((a: { id: string }) => a.id).sort(),
        [...drafts.map((a) => a.id), deployed.action.id].sort(),
      );
      const onlyDeployed = await get('/actions?triggerId=post-login&deployed=true');
      assert.deepEqual(
        onlyDeployed.body.actions.map((a: { id: string }) => a.id),
        [deployed.action.id],
      );
      const notDeployed = await get('/actions?triggerId=post-login&deployed=false&per_page=100');
      assert.equal(notDeployed.body.total, 3);
      const pages = await Promise.all([0, 1].map((p) => get(`/actions?triggerId=post-login&page=${p}&per_page=2`)));
      assert.deepEqual(
        pages.map((p) => [p.body.per_page, p.body.total, p.body.actions.length]),
        [
          [2, 4, 2],
          [2, 4, 2],
        ],
      );
      const ids = pages.flatMap((p) => p.body.actions.map((a: { id: string }) => a.id));
      assert.equal(new Set(ids).size, 4);
      const installed = await get('/actions?installed=true');
      assert.deepEqual(installed.body, { actions: [], total: 0, per_page: 20 });
      assert.ok((await get('/actions?installed=false')).body.total >= 4);
    });

    it('lists every action through the SDK v6 as auth0-deploy-cli pages it (page=0&per_page=100, then more from total)', async () => {
      await t.prisma.action.createMany({
        data: Array.from({ length: 120 }, (_, i) => ({
          id: crypto.randomUUID(),
          name: `bulk-${i}-${Math.random().toString(36).slice(2, 8)}`,
          supported_triggers: [{ id: 'post-login', version: 'v3' }],
        })),
      });
      const wrap = (pagedClient as unknown as { default: (client: { actions: ActionsClientV6 }) => { actions: ActionsClientV6 } }).default;
      const v6 = wrap({ actions: new ActionsClientV6({ baseUrl, token: auth.slice('Bearer '.length) }) });
      const all = (await v6.actions.list({ paginate: true, include_totals: true } as never)) as unknown as { id: string }[];
      assert.equal(all.length, await t.prisma.action.count());
      assert.equal(new Set(all.map((a) => a.id)).size, all.length);
    });

    it('400 for a bad filter or page size, with the parameter named', async () => {
      const triggers = await get('/actions?triggerId=not-a-trigger');
      assert.equal(triggers.status, 400);
      assert.equal(triggers.body.errorCode, 'invalid_query_string');
      assert.match(triggers.body.message, /on property triggerId/);
      Errors.invalidQuery(
        await get('/actions?per_page=101'),
        `Query validation error: 'Value 101 is greater than maximum 100' on property per_page (The maximum number of results to be returned by the server in single response. 20 by default).`,
      );
      const deployed = await get('/actions?deployed=yes');
      assert.equal(deployed.status, 400);
      assert.match(deployed.body.message, /on property deployed/);
    });

    it('401 without a valid token, 403 without read:actions', async () => {
      Errors.missingAuth(await t.api.get('/api/v2/actions/actions'));
      Errors.invalidToken(await t.api.get('/api/v2/actions/actions').set('Authorization', 'Bearer not.a.jwt'));
      const other = await t.bearer('read:clients');
      Errors.insufficientScope(await t.api.get('/api/v2/actions/actions').set('Authorization', other), READ);
    });
  });

  describe('GET /actions/actions/{id} and its versions', () => {
    it('reads an action, its versions and one version through the SDK v7', async () => {
      const { action, version } = await factories.deployed();
      const got = await sdk.get(action.id);
      assert.equal(got.id, action.id);
      assert.equal(got.deployed_version?.id, version.id);
      const versions = await sdk.versions.list(action.id);
      assert.deepEqual(
        versions.data.map((v) => [v.id, v.number, v.deployed]),
        [[version.id, 1, true]],
      );
      const one = await sdk.versions.get(action.id, version.id);
      assert.equal(one.number, 1);
      assert.equal(one.action?.id, action.id);
    });

    it('a draft never deployed has no deployed_version and not all changes deployed', async () => {
      const action = await factories.action();
      const res = await get(`/actions/${action.id}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.deployed_version, undefined);
      assert.equal(res.body.all_changes_deployed, false);
      assert.equal(res.body.installed_integration_id, undefined);
    });

    it('404 for an unknown action or version', async () => {
      const { action } = await factories.deployed();
      expectError(await get('/actions/00000000-0000-4000-8000-000000000000'), 404, 'action_not_found', 'That action does not exist.');
      expectError(
        await get('/actions/00000000-0000-4000-8000-000000000000/versions'),
        404,
        'action_not_found',
        'That action does not exist.',
      );
      expectError(
        await get(`/actions/${action.id}/versions/00000000-0000-4000-8000-000000000000`),
        404,
        'action_version_not_found',
        'That action version does not exist.',
      );
    });
  });

  describe('GET /actions/triggers', () => {
    it("lists Auth0's triggers with their runtimes, custom-token-exchange v1 among them", async () => {
      const { triggers } = await sdk.triggers.list();
      const cte = triggers?.find((tr) => tr.id === 'custom-token-exchange');
      assert.deepEqual(cte, {
        id: 'custom-token-exchange',
        version: 'v1',
        status: 'CURRENT',
        runtimes: ['node18-actions', 'node22'],
        default_runtime: 'node22',
        compatible_triggers: [],
        binding_policy: 'entity-bound',
      });
      assert.ok(triggers?.some((tr) => tr.id === 'post-login'));
    });
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ActionsClient } from 'auth0/actions';
import { ActionFactories, CTE_CODE } from '../support/action-factories.js';
import { decryptPrivateKey } from '../../src/common/key-encryption.js';
import { runAction } from '../support/action-runtime.js';
import { Errors, expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:actions read:actions update:actions delete:actions';
const SECRET = 's3cr3t-value-never-returned';
const rnd = () => Math.random().toString(36).slice(2, 10);

describe('actions: create, update, deploy, delete', () => {
  let t: TestApp;
  let auth: string;
  let sdk: ActionsClient;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(ALL);
    sdk = new ActionsClient({ baseUrl: await Sdk.listen(t), token: auth.slice('Bearer '.length) });
  });
  after(() => t.close());

  const api = (method: 'post' | 'patch' | 'delete', path: string, body?: object) =>
    t.api[method](`/api/v2/actions/actions${path}`).set('Authorization', auth).send(body);

  it('creates a built draft through the SDK v7, deploys it as version 1, then 2 after a change; secret values never returned', async () => {
    const name = `cte-${rnd()}`;
    const created = await sdk.create({
      name,
      supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
      code: CTE_CODE,
      runtime: 'node22',
      dependencies: [{ name: 'lodash', version: '4.17.21' }],
      secrets: [{ name: 'API_KEY', value: SECRET }],
    });
    assert.match(created.id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(created.status, 'built');
    assert.equal(created.all_changes_deployed, false);
    assert.equal(created.deployed_version, undefined);
    assert.deepEqual(created.dependencies, [{ name: 'lodash', version: '4.17.21' }]);
    assert.deepEqual(
      created.secrets?.map((s) => Object.keys(s).sort()),
      [['name', 'updated_at']],
    );
    assert.ok(!JSON.stringify(created).includes(SECRET));
    const stored = await t.prisma.action.findUniqueOrThrow({ where: { id: created.id } });
    assert.ok(JSON.stringify(stored.secrets).includes('API_KEY'));

    const v1 = await sdk.deploy(created.id ?? '');
    assert.equal(v1.number, 1);
    assert.equal(v1.deployed, true);
    assert.equal(v1.code, CTE_CODE);
    assert.equal(v1.action?.all_changes_deployed, true);
    assert.ok(!JSON.stringify(v1).includes(SECRET));
    assert.equal((await sdk.get(created.id ?? '')).all_changes_deployed, true);

    const changed = await sdk.update(created.id ?? '', { code: `${CTE_CODE}\n// v2` });
    assert.equal(changed.all_changes_deployed, false);
    assert.equal(changed.deployed_version?.number, 1);
    const v2 = await sdk.deploy(created.id ?? '');
    assert.equal(v2.number, 2);
    const versions = await sdk.versions.list(created.id ?? '');
    assert.deepEqual(
      versions.data.map((v) => [v.number, v.deployed]),
      [
        [2, true],
        [1, false],
      ],
    );
    const raw = await t.api.get(`/api/v2/actions/actions/${created.id}/versions`).set('Authorization', auth);
    assert.ok(!raw.text.includes(SECRET));
  });

  it('rolls back to an earlier version (SDK v7): a new deployed version identical to it, which the runtime then runs; update_draft makes it the draft too', async () => {
    const code = (user: string) =>
      `exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById('${user}'); };`;
    const created = await sdk.create({
      name: `rollback-${rnd()}`,
      supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
      code: code('one'),
    });
    const id = created.id ?? '';
    const v1 = await sdk.deploy(id);
    await sdk.update(id, { code: code('two') });
    await sdk.deploy(id);
    const setUser = async () => (await runAction(t, id)).commands;
    assert.deepEqual(await setUser(), [{ op: 'authentication.setUserById', user_id: 'two' }]);

    const v3 = await sdk.versions.deploy(id, v1.id ?? '');
    assert.deepEqual([v3.number, v3.deployed, v3.code], [3, true, code('one')]);
    assert.deepEqual(await setUser(), [{ op: 'authentication.setUserById', user_id: 'one' }]);
    // Without update_draft the draft keeps its own code, so not every change is deployed.
    const draft = await sdk.get(id);
    assert.deepEqual([draft.code, draft.all_changes_deployed], [code('two'), false]);

    const v4 = await sdk.versions.deploy(id, v1.id ?? '', { update_draft: true });
    assert.equal(v4.number, 4);
    assert.equal((await sdk.get(id)).code, code('one'));
    expectError(
      await api('post', `/${id}/versions/00000000-0000-4000-8000-000000000000/deploy`),
      404,
      'action_version_not_found',
      'That action version does not exist.',
    );
    expectError(
      await api('post', `/00000000-0000-4000-8000-000000000000/versions/${v1.id}/deploy`),
      404,
      'action_not_found',
      'That action does not exist.',
    );
  });

  it('409 for a name already used, on create and on update', async () => {
    const factories = new ActionFactories(t.prisma);
    const existing = await factories.action();
    const body = { name: existing.name, supported_triggers: [{ id: 'post-login', version: 'v3' }] };
    expectError(await api('post', '', body), 409, 'action_conflict', 'An action with the same name already exists.');
    const other = await factories.action();
    expectError(
      await api('patch', `/${other.id}`, { name: existing.name }),
      409,
      'action_conflict',
      'An action with the same name already exists.',
    );
  });

  it('400 for bad bodies, with the property named', async () => {
    const missing = await api('post', '', { name: 'x' });
    Errors.invalidBody(missing, `Payload validation error: 'Missing required property: supported_triggers'.`);
    const badTrigger = await api('post', '', { name: 'x', supported_triggers: [{ id: 'nope' }] });
    assert.equal(badTrigger.status, 400);
    assert.match(badTrigger.body.message, /id/);
    const unknown = await api('post', '', { name: 'x', supported_triggers: [{ id: 'post-login' }], nope: 1 });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.message, /nope/);
  });

  it('deletes an action and its versions (204), 404 after; refuses one a token exchange profile uses', async () => {
    const factories = new ActionFactories(t.prisma);
    const { action } = await factories.deployed();
    assert.equal((await api('delete', `/${action.id}?force=true`)).status, 204);
    assert.equal(await t.prisma.actionVersion.count({ where: { action_id: action.id } }), 0);
    expectError(await api('delete', `/${action.id}`), 404, 'action_not_found', 'That action does not exist.');
    const bound = await factories.deployed();
    await t.prisma.tokenExchangeProfile.create({
      data: {
        id: `tep_${rnd()}`,
        name: 'bound',
        subject_token_type: `urn:acme:${rnd()}`,
        action_id: bound.action.id,
        type: 'custom_authentication',
      },
    });
    expectError(
      await api('delete', `/${bound.action.id}`),
      409,
      'action_bound',
      'The action is used by a token exchange profile and cannot be deleted. Delete or update the profile first.',
    );
  });

  it('404 for unknown ids on update and deploy', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expectError(await api('patch', `/${id}`, { name: 'x' }), 404, 'action_not_found', 'That action does not exist.');
    expectError(await api('post', `/${id}/deploy`), 404, 'action_not_found', 'That action does not exist.');
  });

  it('401 with a bad token, 403 without the scope of each operation', async () => {
    Errors.invalidToken(await t.api.post('/api/v2/actions/actions').set('Authorization', 'Bearer x.y.z').send({}));
    const readOnly = await t.bearer('read:actions');
    const as = (method: 'post' | 'patch' | 'delete', path: string) =>
      t.api[method](`/api/v2/actions/actions${path}`).set('Authorization', readOnly).send({});
    Errors.insufficientScope(await as('post', ''), 'create:actions');
    Errors.insufficientScope(await as('patch', '/a'), 'update:actions');
    Errors.insufficientScope(await as('delete', '/a'), 'delete:actions');
    Errors.insufficientScope(await as('post', '/a/deploy'), 'create:actions');
  });
});

describe('actions: secret values at rest', () => {
  const create = (t: TestApp, auth: string) =>
    t.api
      .post('/api/v2/actions/actions')
      .set('Authorization', auth)
      .send({
        name: `enc-${rnd()}`,
        supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
        secrets: [{ name: 'K', value: SECRET }],
      });
  const storedValue = async (t: TestApp, id: string) => {
    const stored = await t.prisma.action.findUniqueOrThrow({ where: { id } });
    return (stored.secrets as { value: string }[])[0].value;
  };

  it('are kept as given without it (the documented default for keys)', async () => {
    const t = await startTestApp();
    try {
      const res = await create(t, await t.bearer('create:actions'));
      assert.equal(await storedValue(t, res.body.id), SECRET);
    } finally {
      await t.close();
    }
  });
  it('are encrypted with KEY_ENCRYPTION_SECRET, as signing keys are', async () => {
    const t = await startTestApp({ KEY_ENCRYPTION_SECRET: 'correct horse battery staple' });
    try {
      const res = await create(t, await t.bearer('create:actions'));
      assert.equal(res.status, 201, res.text);
      const value = await storedValue(t, res.body.id);
      assert.match(value, /^v1\./);
      assert.equal(decryptPrivateKey(value, 'correct horse battery staple'), SECRET);
    } finally {
      await t.close();
      // startTestApp leaves its env in process.env: later apps of this process must not inherit it.
      delete process.env.KEY_ENCRYPTION_SECRET;
    }
  });
});

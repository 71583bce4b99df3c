import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { ActionsClient } from 'auth0/actions';
import { runAction } from '../support/action-runtime.js';
import { must } from '../support/must.js';
import { expectError } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:actions read:actions update:actions delete:actions';
const TRIGGERS: Management.ActionTrigger[] = [{ id: 'custom-token-exchange', version: 'v1' }];
const rnd = () => Math.random().toString(36).slice(2, 10);
const handler = (body = '') => `exports.onExecuteCustomTokenExchange = async (event, api) => { ${body} };`;

// Valid CommonJS, which Auth0's runtime loads, that a plain script compile refuses (or, for the
// hashbang, that a hand-made function wrapper would).
const LOADABLE: Record<string, string> = {
  'a top-level return': `${handler("api.authentication.setUserById('first');")}\nif (module.exports) return;\nexports.onExecuteCustomTokenExchange = null;`,
  'a hashbang line': `#!/usr/bin/env node\n${handler("api.authentication.setUserById('first');")}`,
  'new.target at the top level': `const called = new.target;\n${handler("api.authentication.setUserById('first');")}`,
};

/** Action fields from Auth0's own recorded traffic (go-auth0), and the build, through the official SDK (v7). */
describe('the official auth0 SDK (v7): current_version, deploy on create, and a build that accepts any code', () => {
  let t: TestApp;
  let auth: string;
  let sdk: ActionsClient;
  before(async () => {
    t = await startTestApp({ ACTIONS_TIMEOUT_MS: '5000' });
    auth = await t.bearer(ALL);
    sdk = new ActionsClient({ baseUrl: await Sdk.listen(t), token: auth.slice('Bearer '.length), maxRetries: 0 });
  });
  after(() => t.close());

  it('answers current_version (the newest version, Auth0-cased) beside deployed_version on get, list, create and update', async () => {
    const created = await sdk.create({ name: `cv-${rnd()}`, supported_triggers: TRIGGERS, code: handler() });
    const id = must(created.id);
    assert.equal('current_version' in created, false);
    const first = await sdk.deploy(id);
    const expected = (version: typeof first) => ({
      id: version.id,
      code: version.code,
      runtime: 'node22',
      status: 'BUILT',
      number: version.number,
      build_time: version.created_at,
      created_at: version.created_at,
      updated_at: version.updated_at,
    });
    const read = (await sdk.get(id)) as Record<string, unknown>;
    assert.deepEqual(read.current_version, expected(first));
    assert.equal((read.deployed_version as { id: string }).id, first.id);

    const updated = (await sdk.update(id, { code: handler('/* changed */') })) as Record<string, unknown>;
    // The draft changed; the current version is still the one deployed until the next deploy.
    assert.deepEqual(updated.current_version, expected(first));
    const second = await sdk.deploy(id);
    assert.equal(second.number, 2);
    const listed = (await sdk.list({ actionName: must(created.name) })).data[0] as Record<string, unknown>;
    assert.deepEqual(listed.current_version, expected(second));
  });

  it('deploys on create with deploy: true, accepts secrets read back with their updated_at, and deploys what does not compile', async () => {
    const created = (await sdk.create({
      name: `deploy-${rnd()}`,
      supported_triggers: TRIGGERS,
      code: handler(),
      secrets: [{ name: 'KEY', value: 'v' }],
      deploy: true,
    })) as Record<string, unknown>;
    const id = created.id as string;
    const deployed = created.deployed_version as { id: string; number: number; deployed: boolean };
    assert.deepEqual([created.status, created.all_changes_deployed, deployed.number, deployed.deployed], ['built', true, 1, true]);
    assert.equal((created.current_version as { id: string }).id, deployed.id);
    assert.deepEqual((await sdk.get(id)).deployed_version?.id, deployed.id);

    // What go-auth0 sends: the secrets as read, updated_at included; the stamp is the server's.
    const [secret] = created.secrets as { name: string; updated_at: string }[];
    const res = await t.api
      .patch(`/api/v2/actions/actions/${id}`)
      .set('Authorization', auth)
      .send({ secrets: [{ name: 'KEY', value: 'w', updated_at: '2020-01-01T00:00:00.000Z' }] });
    assert.equal(res.status, 200, res.text);
    const [after] = (res.body as { secrets: { name: string; updated_at: string }[] }).secrets;
    assert.equal(after.name, 'KEY');
    assert.ok(after.updated_at >= secret.updated_at);

    // Recorded: the version a create deployed has no built_at yet in the create's answer.
    assert.equal('built_at' in deployed, false);
    assert.equal(typeof (await sdk.get(id)).deployed_version?.built_at, 'string');

    const broken = await t.api
      .post('/api/v2/actions/actions')
      .set('Authorization', auth)
      .send({ name: `broken-${rnd()}`, supported_triggers: TRIGGERS, code: 'exports.x = (', deploy: true });
    assert.equal(broken.status, 201, broken.text);
    assert.equal(broken.body.deployed_version.status, 'built');
    // Auth0's update has no deploy.
    expectError(
      await t.api.patch(`/api/v2/actions/actions/${id}`).set('Authorization', auth).send({ deploy: true }),
      400,
      'invalid_body',
      "Payload validation error: 'Additional properties not allowed: deploy'.",
    );
    await assert.rejects(
      sdk.create({ name: `bad-deploy-${rnd()}`, supported_triggers: TRIGGERS, deploy: 'yes' as never }),
      (e: unknown) => e instanceof Management.BadRequestError,
    );
  });

  for (const [what, code] of Object.entries(LOADABLE)) {
    it(`builds, deploys and runs code with ${what}`, async () => {
      const created = await sdk.create({ name: `ok-${rnd()}`, supported_triggers: TRIGGERS, code });
      assert.equal(created.status, 'built');
      const version = await sdk.deploy(must(created.id));
      assert.equal(version.status, 'built');
      const result = await runAction(t, must(created.id));
      assert.deepEqual(result.outcome, { ok: true });
      assert.deepEqual(result.commands, [{ op: 'authentication.setUserById', user_id: 'first' }]);
    });
  }

  it("builds and deploys code that does not compile, as Auth0 does, and reports the compiler's error when it runs", async () => {
    const failing: [string, string][] = [
      // Recorded: Auth0 built and deployed this (a stray quote after the handler).
      [`${handler()}"\n`, 'Invalid or unexpected token'],
      ['import x from "y";', 'Cannot use import statement outside a module'],
      ['await Promise.resolve();', 'await is only valid in async functions and the top level bodies of modules'],
      // Code that would close a hand-made wrapper and run outside it is not a module body.
      ['}); globalThis.escaped = true; (function () {', "Unexpected token '}'"],
    ];
    for (const [code, message] of failing) {
      const created = await sdk.create({ name: `fail-${rnd()}`, supported_triggers: TRIGGERS, code });
      assert.equal(created.status, 'built', code);
      const version = await sdk.deploy(must(created.id));
      assert.equal(version.status, 'built', code);
      const result = await runAction(t, must(created.id));
      assert.deepEqual(result.outcome, { ok: false, failure: 'error', message }, code);
      assert.equal((globalThis as { escaped?: unknown }).escaped, undefined);
    }
  });
});

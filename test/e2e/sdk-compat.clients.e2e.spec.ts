import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { must } from '../support/must.js';
import { collect, Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:clients read:clients update:clients update:client_keys delete:clients';

describe("the official auth0 SDK (v7) through the issuer's clients endpoints", () => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  before(async () => {
    t = await startTestApp();
    baseUrl = await Sdk.listen(t);
    token = await t.tokens.sign({ scope: SCOPES });
  });
  after(() => t.close());

  it('creates, gets, lists (by page), updates, rotates the secret of and deletes clients', async () => {
    const sdk = Sdk.for(baseUrl, token);
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await sdk.clients.create({ name: `sdk client ${i}`, app_type: 'non_interactive' }));
    assert.match(must(created[0].client_id), /^\w{32}$/);
    assert.equal(typeof created[0].client_secret, 'string');

    const { client_secret: secret, ...withoutSecret } = created[0];
    assert.deepEqual(await sdk.clients.get(must(created[0].client_id)), withoutSecret);

    // The SDK asks include_totals=true and follows pages until one is short; the tenant's
    // bootstrap admin client is listed too, so 4 clients make pages 0, 1 (full) and 2 (empty).
    sdk.calls.length = 0;
    const listed = await collect(await sdk.clients.list({ per_page: 2 }));
    assert.deepEqual(
      listed
        .filter((c) => c.name?.startsWith('sdk client'))
        .map((c) => c.client_id)
        .sort(),
      created.map((c) => c.client_id).sort(),
    );
    assert.equal(listed.length, 4);
    assert.ok(listed.every((c) => !('client_secret' in c)));
    assert.deepEqual(
      sdk.calls.map((c) => new URL(c.url).searchParams.get('page')),
      ['0', '1', '2'],
    );
    assert.ok(sdk.calls.every((c) => new URL(c.url).searchParams.get('include_totals') === 'true'));

    const updated = await sdk.clients.update(must(created[0].client_id), { name: 'renamed by the sdk', description: 'from the SDK' });
    assert.equal(updated.name, 'renamed by the sdk');
    assert.equal(updated.description, 'from the SDK');
    assert.equal((await sdk.clients.get(must(created[0].client_id))).name, 'renamed by the sdk');

    const rotated = await sdk.clients.rotateSecret(must(created[0].client_id));
    assert.equal(rotated.client_id, created[0].client_id);
    assert.equal(typeof rotated.client_secret, 'string');
    assert.notEqual(rotated.client_secret, secret);

    await sdk.clients.delete(must(created[0].client_id));
    await assert.rejects(sdk.clients.get(must(created[0].client_id)), Management.NotFoundError);
    await assert.rejects(sdk.clients.rotateSecret(must(created[0].client_id)), Management.NotFoundError);
  });

  it("raises the SDK's own errors with our messages", async () => {
    const sdk = Sdk.for(baseUrl, token);
    await assert.rejects(sdk.clients.create({ name: 'no <tags>' }), (error: InstanceType<typeof Management.BadRequestError>) => {
      assert.ok(error instanceof Management.BadRequestError);
      assert.equal(
        (error.body as { message: string }).message,
        "Payload validation error: 'String does not match pattern ^[^<>]+$: no <tags>' on property name (Name of this client (min length: 1 character, does not allow `<` or `>`).).",
      );
      return true;
    });
    await assert.rejects(
      sdk.clients.update('xyz_doesNotExist01', { name: 'nobody' }),
      (error: InstanceType<typeof Management.NotFoundError>) => {
        assert.ok(error instanceof Management.NotFoundError);
        assert.equal((error.body as { message: string }).message, 'The client does not exist');
        return true;
      },
    );
    const readOnly = Sdk.for(baseUrl, await t.tokens.sign({ scope: 'read:clients' }));
    await assert.rejects(readOnly.clients.delete('xyz_doesNotExist01'), (error: InstanceType<typeof Management.ForbiddenError>) => {
      assert.ok(error instanceof Management.ForbiddenError);
      assert.equal((error.body as { message: string }).message, 'Insufficient scope, expected any of: delete:clients');
      return true;
    });
  });

  it("sends Auth0's client fields and list filters, and reads them back", async () => {
    const sdk = Sdk.for(baseUrl, token);
    const created = await sdk.clients.create({
      name: 'sdk native app',
      app_type: 'native',
      is_first_party: false,
      mobile: { ios: { team_id: 'T9', app_bundle_identifier: 'com.sdk' } },
      native_social_login: { apple: { enabled: true } },
      jwt_configuration: { lifetime_in_seconds: 300 },
    });
    const id = must(created.client_id);
    assert.deepEqual(
      [created.grant_types, created.token_endpoint_auth_method, created.jwt_configuration],
      [['authorization_code', 'implicit', 'refresh_token'], 'none', { alg: 'RS256', lifetime_in_seconds: 300, secret_encoded: false }],
    );
    const listed = await collect(await sdk.clients.list({ app_type: 'native,spa', is_first_party: false, fields: 'client_id,mobile' }));
    assert.deepEqual(listed, [{ client_id: id, mobile: { ios: { team_id: 'T9', app_bundle_identifier: 'com.sdk' } } }]);
    const updated = await sdk.clients.update(id, { organization_usage: 'require', organization_require_behavior: 'pre_login_prompt' });
    assert.deepEqual([updated.organization_usage, updated.organization_require_behavior], ['require', 'pre_login_prompt']);
    const unset = await sdk.clients.update(id, { organization_usage: null, organization_require_behavior: null });
    assert.ok(!('organization_usage' in unset) && !('organization_require_behavior' in unset));
  });

  it('raises UnauthorizedError for a bad token', async () => {
    await assert.rejects(
      Sdk.for(baseUrl, 'not-a-jwt').clients.get('anything'),
      (error: InstanceType<typeof Management.UnauthorizedError>) => {
        assert.ok(error instanceof Management.UnauthorizedError);
        assert.equal((error.body as { message: string }).message, 'Invalid token');
        return true;
      },
    );
  });
});

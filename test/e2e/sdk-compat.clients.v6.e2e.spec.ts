import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0-v6';
import { ClientsClient } from 'auth0-v6/clients';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:clients read:clients update:clients delete:clients';

/** The SDK version a0deploy drives (auth0 6.4.0), called the way a0deploy's clients handler calls it. */
describe('the auth0 SDK v6 (the one a0deploy resolves) through the clients endpoints', () => {
  let t: TestApp;
  let baseUrl: string;
  const clientsFor = async (scope: string, token?: string) =>
    new ClientsClient({ baseUrl, token: token ?? (await t.tokens.sign({ scope })), maxRetries: 0 });
  before(async () => {
    t = await startTestApp();
    baseUrl = await Sdk.listen(t);
  });
  after(() => t.close());

  it('creates, lists page by page with totals, gets, updates with its own answer, and deletes clients', async () => {
    const clients = await clientsFor(SCOPES);
    const created = await clients.create({
      name: 'v6 web app',
      app_type: 'regular_web',
      callbacks: ['https://v6.example/cb'],
      client_metadata: { owner: 'v6' },
      organization_usage: 'allow',
    });
    const id = must(created.client_id);
    assert.equal(typeof created.client_secret, 'string');
    assert.deepEqual(created.grant_types, ['authorization_code', 'implicit', 'refresh_token', 'client_credentials']);

    // a0deploy's paginate: page 0 with per_page 100, include_totals, is_global=false; the total says whether to go on.
    const page = await clients.list({ page: 0, per_page: 100, include_totals: true, is_global: false });
    assert.deepEqual(page.data.map((c) => c.name).sort(), ['Bootstrap admin', 'v6 web app']);
    assert.equal((page.response as { total: number }).total, 2);
    const named = await clients.list({ app_type: 'regular_web', fields: 'client_id,name', include_fields: true });
    assert.deepEqual(named.data, [{ client_id: id, name: 'v6 web app' }]);

    const { client_secret: _secret, ...fetched } = created;
    assert.deepEqual(await clients.get(id), fetched);
    assert.deepEqual(await clients.get(id, { fields: 'callbacks', include_fields: true }), { callbacks: ['https://v6.example/cb'] });

    // What a0deploy sends back: the export without client_id, global, signing_keys and jwt_configuration.secret_encoded.
    const { client_id: _id, global: _global, jwt_configuration, signing_keys: _keys, ...exported } = fetched;
    const { secret_encoded: _encoded, ...jwt } = must(jwt_configuration);
    const updated = await clients.update(id, { ...exported, jwt_configuration: jwt, description: 'updated by v6' });
    assert.deepEqual(updated, { ...fetched, description: 'updated by v6' });

    await clients.delete(id);
    await assert.rejects(clients.get(id), Management.NotFoundError);
  });

  it("raises v6's errors with our bodies: 400, 404, 403 and 401", async () => {
    const clients = await clientsFor(SCOPES);
    await assert.rejects(clients.create({ name: 'bad', organization_usage: 'sometimes' as 'allow' }), (error: unknown) => {
      assert.ok(error instanceof Management.BadRequestError);
      assert.deepEqual(error.body, {
        statusCode: 400,
        error: 'Bad Request',
        message:
          'Payload validation error: \'No enum match for: "sometimes"\' on property organization_usage (Defines how to proceed during an authentication transaction with regards an organization.).',
        errorCode: 'invalid_body',
      });
      return true;
    });
    await assert.rejects(clients.update('xyz_doesNotExist01', { name: 'nobody' }), (error: unknown) => {
      assert.ok(error instanceof Management.NotFoundError);
      assert.deepEqual(error.body, {
        statusCode: 404,
        error: 'Not Found',
        message: 'The client does not exist',
        errorCode: 'inexistent_client',
      });
      return true;
    });
    const readOnly = await clientsFor('read:clients');
    await assert.rejects(readOnly.delete('xyz_doesNotExist01'), (error: unknown) => {
      assert.ok(error instanceof Management.ForbiddenError);
      assert.equal((error.body as { message: string }).message, 'Insufficient scope, expected any of: delete:clients');
      return true;
    });
    const badToken = await clientsFor('', 'not-a-jwt');
    await assert.rejects(badToken.list(), (error: unknown) => {
      assert.ok(error instanceof Management.UnauthorizedError);
      assert.equal((error.body as { message: string }).message, 'Invalid token');
      return true;
    });
  });
});

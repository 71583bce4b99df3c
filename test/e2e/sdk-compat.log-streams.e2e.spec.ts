import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { LogStreamsClient } from 'auth0/logStreams';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:log_streams read:log_streams update:log_streams delete:log_streams';

/** Auth0's other stream types and PII settings through the official SDK: stored and returned, not delivered to. */
describe('the official auth0 SDK (v7): log streams of every type, with PII settings', () => {
  let t: TestApp;
  let logStreams: LogStreamsClient;
  before(async () => {
    t = await startTestApp({ KEY_ENCRYPTION_SECRET: 'a-key-encryption-secret-for-tests' });
    const token = (await t.bearer(ALL)).slice('Bearer '.length);
    logStreams = new LogStreamsClient({ baseUrl: await Sdk.listen(t), token, maxRetries: 0 });
  });
  after(() => t.close());

  it('creates, reads and updates a datadog stream with pii_config; null removes it', async () => {
    const created = await logStreams.create({
      name: 'dd',
      type: 'datadog',
      isPriority: true,
      sink: { datadogApiKey: 'dd-key', datadogRegion: 'eu' },
      pii_config: { log_fields: ['first_name', 'email'], method: 'hash', algorithm: 'xxhash' },
    });
    const id = String(created.id);
    assert.deepEqual(created, {
      id,
      name: 'dd',
      type: 'datadog',
      status: 'active',
      isPriority: true,
      // What Auth0 gives a priority stream created without filters (go-auth0's recordings).
      filters: [{ type: 'category', name: 'security' }],
      sink: { datadogApiKey: 'dd-key', datadogRegion: 'eu' },
      pii_config: { log_fields: ['first_name', 'email'], method: 'hash', algorithm: 'xxhash' },
    });
    assert.deepEqual(await logStreams.get(id), created);

    const updated = await logStreams.update(id, {
      pii_config: { log_fields: ['last_name'], method: 'mask' },
      sink: { datadogApiKey: 'dd-key', datadogRegion: 'us5' },
    });
    assert.deepEqual(updated.pii_config, { log_fields: ['last_name'], method: 'mask' });
    assert.deepEqual(updated.sink, { datadogApiKey: 'dd-key', datadogRegion: 'us5' });

    const cleared = await logStreams.update(id, { pii_config: null } as never);
    assert.equal('pii_config' in cleared, false);
    assert.deepEqual(await logStreams.get(id), cleared);
    assert.equal((await t.prisma.logStream.findUniqueOrThrow({ where: { id } })).pii_config, null);
    // Only pii_config may be null.
    await assert.rejects(logStreams.update(id, { name: null } as never), (e: unknown) => e instanceof Management.BadRequestError);
  });

  it("refuses another type's sink fields on update, and values outside Auth0's enums", async () => {
    const created = await logStreams.create({
      type: 'sumo',
      sink: { sumoSourceAddress: 'https://collectors.example.com/receiver/v1/http/abc' },
    });
    await assert.rejects(logStreams.update(String(created.id), { sink: { datadogApiKey: 'x', datadogRegion: 'us' } }), (e: unknown) => {
      assert.ok(e instanceof Management.BadRequestError);
      assert.match(JSON.stringify(e.body), /Additional properties not allowed: datadogApiKey,datadogRegion/);
      return true;
    });
    await assert.rejects(
      logStreams.create({ type: 'datadog', sink: { datadogApiKey: 'k', datadogRegion: 'mars' as never } }),
      (e: unknown) => e instanceof Management.BadRequestError,
    );
    await assert.rejects(
      logStreams.create({ type: 'http', sink: { httpEndpoint: 'https://x.example.com' }, pii_config: { log_fields: ['iris' as never] } }),
      (e: unknown) => e instanceof Management.BadRequestError,
    );
  });

  it('makes the EventBridge partner source, and shows a Mixpanel password masked', async () => {
    const bridge = await logStreams.create({ type: 'eventbridge', sink: { awsAccountId: '123456789012', awsRegion: 'eu-west-1' } });
    assert.match(
      String((bridge.sink as { awsPartnerEventSource?: string }).awsPartnerEventSource),
      /^aws\.partner\/auth0\.com\/tenant\.test-[0-9a-f-]{36}\/auth0\.logs$/,
    );
    const mixpanel = await logStreams.create({
      type: 'mixpanel',
      sink: {
        mixpanelRegion: 'us',
        mixpanelProjectId: '42',
        mixpanelServiceAccountUsername: 'svc',
        mixpanelServiceAccountPassword: 'pw-secret',
      },
    });
    assert.deepEqual(mixpanel.sink, {
      mixpanelRegion: 'us',
      mixpanelProjectId: '42',
      mixpanelServiceAccountUsername: 'svc',
      mixpanelServiceAccountPassword: '********',
    });
    const row = await t.prisma.logStream.findUniqueOrThrow({ where: { id: String(mixpanel.id) } });
    assert.ok(!JSON.stringify(row.sink).includes('pw-secret') && row.sink_secret?.startsWith('v1.'));
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ResourceServersClient } from 'auth0-v6/resourceServers';
import pagedClient from 'auth0-deploy-cli/lib/tools/auth0/client.js';
import { Sdk } from '../support/sdk.js';
import { AUDIENCE, startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'create:resource_servers read:resource_servers update:resource_servers delete:resource_servers';

interface V6 {
  resourceServers: ResourceServersClient;
}

/**
 * The SDK v6 that auth0-deploy-cli resolves, wrapped by a0deploy's own pager: `list({ paginate: true })`
 * reads page 0 with include_totals, then fetches the remaining pages from `total`, and throws
 * unless it ends with exactly `total` items.
 */
describe('resource servers through the SDK v6 as auth0-deploy-cli drives it', () => {
  let t: TestApp;
  let v6: V6;
  before(async () => {
    t = await startTestApp();
    const baseUrl = await Sdk.listen(t);
    const token = (await t.bearer(ALL)).slice('Bearer '.length);
    const wrap = (pagedClient as unknown as { default: (client: V6) => V6 }).default;
    v6 = wrap({ resourceServers: new ResourceServersClient({ baseUrl, token }) });
  });
  after(() => t.close());

  it('lists every resource server over several pages of 100, the Management API among them', async () => {
    await t.prisma.resourceServer.createMany({
      data: Array.from({ length: 150 }, (_, i) => ({
        id: randomBytes(12).toString('hex'),
        identifier: `urn:bulk:${i}:${randomBytes(4).toString('hex')}`,
        name: `bulk ${i}`,
      })),
    });
    const all = (await v6.resourceServers.list({ paginate: true } as never)) as unknown as { id: string; identifier: string }[];
    assert.equal(all.length, (await t.prisma.resourceServer.count()) + 1);
    assert.equal(new Set(all.map((rs) => rs.id)).size, all.length);
    assert.equal(all.filter((rs) => rs.identifier === AUDIENCE).length, 1);
  });

  it('creates, reads, updates and deletes as a deploy does', async () => {
    const identifier = `https://deploy-${randomBytes(4).toString('hex')}.example.com/api/v1`;
    // What a0deploy sends for a resource server of its directory format.
    const created = await v6.resourceServers.create({
      name: 'My API',
      identifier,
      allow_offline_access: false,
      allow_online_access: false,
      allow_online_access_with_ephemeral_sessions: false,
      skip_consent_for_verifiable_first_party_clients: true,
      token_lifetime: 86400,
      token_lifetime_for_web: 7200,
      signing_alg: 'RS256',
      scopes: [
        { value: 'write:messages', description: 'write messages' },
        { value: 'read:messages', description: 'read:messages' },
      ],
    } as never);
    assert.equal(created.identifier, identifier);
    assert.deepEqual(created.scopes, [
      { value: 'write:messages', description: 'write messages' },
      { value: 'read:messages', description: 'read:messages' },
    ]);
    // An update carries what was dumped, minus the fields a0deploy strips (identifier, client_id, is_system).
    const { id, identifier: _identifier, ...dumped } = created;
    const updated = await v6.resourceServers.update(id ?? '', { ...dumped, token_lifetime: 1800 });
    assert.deepEqual(updated, { ...created, token_lifetime: 1800 });
    assert.deepEqual(await v6.resourceServers.get(identifier), updated);
    await v6.resourceServers.delete(id ?? '');
    assert.equal(await t.prisma.resourceServer.count({ where: { identifier } }), 0);
  });
});

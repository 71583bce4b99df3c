import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { ActionFactories } from '../support/action-factories.js';
import { must } from '../support/must.js';
import { collect, Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = [
  'create:organizations read:organizations update:organizations delete:organizations',
  'create:client_grants read:client_grants update:client_grants delete:client_grants',
  'create:organization_client_grants read:organization_client_grants delete:organization_client_grants',
  'create:token_exchange_profiles read:token_exchange_profiles update:token_exchange_profiles delete:token_exchange_profiles',
].join(' ');
const unique = (): string => randomBytes(4).toString('hex');

describe('the official auth0 SDK (v7) through the companion endpoints', () => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  before(async () => {
    t = await startTestApp();
    baseUrl = await Sdk.listen(t);
    token = await t.tokens.sign({ scope: SCOPES });
  });
  after(() => t.close());

  it('creates an organization and grants, associates them, pages through, and removes them', async () => {
    const sdk = Sdk.for(baseUrl, token);
    const organization = await sdk.organizations.create({ name: `sdk-${unique()}`, display_name: 'Made by the SDK' });
    assert.match(must(organization.id), /^org_\w{16}$/);
    assert.deepEqual(await sdk.organizations.get(must(organization.id)), organization);
    assert.deepEqual(await sdk.organizations.getByName(must(organization.name)), organization);
    const renamed = await sdk.organizations.update(must(organization.id), { display_name: 'Renamed by the SDK' });
    assert.equal(renamed.display_name, 'Renamed by the SDK');

    const grants = [];
    for (let i = 0; i < 3; i++) {
      grants.push(
        await sdk.clientGrants.create({
          client_id: `client_${unique()}`,
          audience: (await t.factories.resourceServer({ scopes: ['read:things', 'write:things'] })).identifier,
          scope: ['read:things'],
        }),
      );
    }
    assert.match(must(grants[0].id), /^cgr_\w{16}$/);
    assert.deepEqual(await sdk.clientGrants.get(must(grants[0].id)), grants[0]);
    const updated = await sdk.clientGrants.update(must(grants[0].id), { scope: ['read:things', 'write:things'] });
    assert.deepEqual(updated.scope, ['read:things', 'write:things']);
    for (const grant of grants) {
      const associated = await sdk.organizationClientGrants.create(must(organization.id), { grant_id: must(grant.id) });
      // Auth0 names the grant grant_id only (recorded), though the SDK's type declares id.
      assert.deepEqual([(associated as { grant_id?: string }).grant_id, associated.id], [grant.id, undefined]);
    }

    // Offset paging (page/per_page/include_totals): the SDK asks page 0, then 1, and stops on a short page.
    sdk.calls.length = 0;
    const firstPage = await sdk.organizationClientGrants.list(must(organization.id), { per_page: 2 });
    assert.equal((firstPage.response as { total: number }).total, 3);
    assert.deepEqual((await collect(firstPage)).map((g) => g.id).sort(), grants.map((g) => g.id).sort());
    assert.deepEqual(
      sdk.calls.map((c) => new URL(c.url).searchParams.get('page')),
      ['0', '1'],
    );
    const filtered = await sdk.organizationClientGrants.list(must(organization.id), {
      grant_ids: [must(grants[0].id), must(grants[1].id)],
    });
    assert.deepEqual(filtered.data.map((g) => g.id).sort(), [grants[0].id, grants[1].id].sort());

    // Checkpoint paging: the SDK follows `next` until it is omitted.
    sdk.calls.length = 0;
    const listed = await collect(await sdk.clientGrants.list({ take: 2 }));
    assert.ok(grants.every((g) => listed.some((l) => l.id === g.id)));
    assert.ok(sdk.calls.length >= 2 && sdk.calls.slice(1).every((c) => new URL(c.url).searchParams.has('from')));
    const organizations = await collect(await sdk.organizations.list({ take: 1 }));
    assert.ok(organizations.some((o) => o.id === organization.id));

    await sdk.organizationClientGrants.delete(must(organization.id), must(grants[0].id));
    await sdk.clientGrants.delete(must(grants[1].id));
    assert.deepEqual(
      (await sdk.organizationClientGrants.list(must(organization.id))).data.map((g) => g.id),
      [grants[2].id],
    );
    await sdk.organizations.delete(must(organization.id));
    await assert.rejects(sdk.organizations.get(must(organization.id)), Management.NotFoundError);
    await assert.rejects(
      sdk.organizationClientGrants.create(must(organization.id), { grant_id: must(grants[2].id) }),
      Management.NotFoundError,
    );
  });

  it('creates, lists (by next), gets, updates and deletes token exchange profiles', async () => {
    const sdk = Sdk.for(baseUrl, token);
    const tag = unique();
    // A profile's action must exist, be deployed and support the custom-token-exchange trigger.
    const actionId = (await new ActionFactories(t.prisma).deployed()).action.id;
    const created = [];
    for (let i = 0; i < 3; i++) {
      created.push(
        await sdk.tokenExchangeProfiles.create({
          name: `SDK profile ${i}`,
          subject_token_type: `urn:sdk:${tag}:${i}`,
          action_id: actionId,
          type: 'custom_authentication',
        }),
      );
    }
    assert.match(must(created[0].id), /^tep_\w{16}$/);
    await assert.rejects(
      sdk.tokenExchangeProfiles.create({
        name: 'Duplicate',
        subject_token_type: `urn:sdk:${tag}:0`,
        action_id: actionId,
        type: 'custom_authentication',
      }),
      Management.ConflictError,
    );

    sdk.calls.length = 0;
    const listed = await collect(await sdk.tokenExchangeProfiles.list({ take: 2 }));
    assert.deepEqual(
      listed
        .filter((p) => p.action_id === actionId)
        .map((p) => p.id)
        .sort(),
      created.map((p) => p.id).sort(),
    );
    assert.ok(sdk.calls.length >= 2 && sdk.calls.slice(1).every((c) => new URL(c.url).searchParams.has('from')));

    assert.deepEqual(await sdk.tokenExchangeProfiles.get(must(created[0].id)), created[0]);
    await sdk.tokenExchangeProfiles.update(must(created[0].id), { name: 'Renamed by the SDK' });
    assert.equal((await sdk.tokenExchangeProfiles.get(must(created[0].id))).name, 'Renamed by the SDK');
    await sdk.tokenExchangeProfiles.delete(must(created[0].id));
    await assert.rejects(sdk.tokenExchangeProfiles.get(must(created[0].id)), Management.NotFoundError);
  });
});

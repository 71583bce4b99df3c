import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { ClientGrantsClient } from 'auth0/clientGrants';
import { ClientsClient } from 'auth0/clients';
import { ClientGrantsClient as OrganizationClientGrantsClient } from 'auth0/organizations/clientGrants';
import { Management as ManagementV6 } from 'auth0-v6';
import { ClientGrantsClient as ClientGrantsClientV6 } from 'auth0-v6/clientGrants';
import { ClientsClient as ClientsClientV6 } from 'auth0-v6/clients';
import { ClientGrantsClient as OrganizationClientGrantsClientV6 } from 'auth0-v6/organizations/clientGrants';
import { must } from '../support/must.js';
import { collect, Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = [
  'read:clients create:clients update:clients create:client_grants read:client_grants update:client_grants',
  'create:organization_client_grants read:organization_client_grants delete:organization_client_grants',
].join(' ');

interface SdkOptions {
  baseUrl: string;
  token: string;
  maxRetries: number;
  fetch: typeof fetch;
}

/** The SDK clients a scenario drives; v6's have the same methods and request shapes as v7's. */
interface Clients {
  grants: ClientGrantsClient;
  organizationGrants: OrganizationClientGrantsClient;
  clients: ClientsClient;
  BadRequestError: typeof Management.BadRequestError;
}

/**
 * Machine-to-machine access to organizations through the official SDK, unchanged: v7, and v6, the
 * version a0deploy resolves. What each call puts on the wire is read back from the recorded requests.
 */
describe('the official auth0 SDK (v7 and v6) through organizations for M2M applications', () => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  before(async () => {
    t = await startTestApp();
    baseUrl = await Sdk.listen(t);
    token = await t.tokens.sign({ scope: SCOPES });
  });
  after(() => t.close());

  // Every URL the SDK asks for, in order.
  const urls: URL[] = [];
  const recording: typeof fetch = (input, init) => {
    urls.push(new URL(input instanceof Request ? input.url : String(input)));
    return fetch(input, init);
  };
  const versions: [string, (options: SdkOptions) => Clients][] = [
    [
      'v7',
      (options) => ({
        grants: new ClientGrantsClient(options),
        organizationGrants: new OrganizationClientGrantsClient(options),
        clients: new ClientsClient(options),
        BadRequestError: Management.BadRequestError,
      }),
    ],
    [
      'v6',
      (options) => {
        return {
          grants: new ClientGrantsClientV6(options) as unknown as ClientGrantsClient,
          organizationGrants: new OrganizationClientGrantsClientV6(options) as unknown as OrganizationClientGrantsClient,
          clients: new ClientsClientV6(options) as unknown as ClientsClient,
          BadRequestError: ManagementV6.BadRequestError,
        };
      },
    ],
  ];

  for (const [version, clientsOf] of versions) {
    it(`${version}: grants with organization settings, associated, filtered, and found through their clients`, async () => {
      const { grants, organizationGrants, clients, BadRequestError } = clientsOf({ baseUrl, token, maxRetries: 0, fetch: recording });
      const audience = (await t.factories.resourceServer({ scopes: ['read:things'] })).identifier;
      const [worker, reporter] = [(await t.factories.client()).client_id, (await t.factories.client()).client_id];

      const workerGrant = await grants.create({ client_id: worker, audience, scope: ['read:things'], organization_usage: 'require' });
      assert.deepEqual(workerGrant, {
        id: workerGrant.id,
        client_id: worker,
        audience,
        scope: ['read:things'],
        organization_usage: 'require',
        subject_type: 'client',
      });
      const anyGrant = await grants.create({ client_id: reporter, audience, organization_usage: 'allow', allow_any_organization: true });
      assert.equal(anyGrant.allow_any_organization, true);

      const changed = await grants.update(must(workerGrant.id), { organization_usage: 'allow', allow_any_organization: true });
      assert.deepEqual([changed.organization_usage, changed.allow_any_organization], ['allow', true]);
      const cleared = await grants.update(must(workerGrant.id), { organization_usage: 'require', allow_any_organization: null });
      assert.deepEqual([cleared.organization_usage, 'allow_any_organization' in cleared], ['require', false]);

      // GET /client-grants?allow_any_organization=true, with the SDK's checkpoint paging.
      urls.length = 0;
      const anyOrganization = await collect(await grants.list({ allow_any_organization: true, audience }));
      assert.deepEqual(
        anyOrganization.map((g) => g.id),
        [anyGrant.id],
      );
      assert.equal(urls[0].searchParams.get('allow_any_organization'), 'true');

      // A third-party client cannot allow any organization.
      const thirdParty = (await t.prisma.client.update({ where: { client_id: reporter }, data: { is_first_party: false } })).client_id;
      await assert.rejects(grants.update(must(anyGrant.id), { allow_any_organization: true }), BadRequestError);
      await t.prisma.client.update({ where: { client_id: thirdParty }, data: { is_first_party: true } });

      const organization = await t.factories.organization();
      for (const grant of [workerGrant, anyGrant]) {
        const associated = await organizationGrants.create(organization.id, { grant_id: must(grant.id) });
        // Auth0 names the grant grant_id only (recorded), though the SDK's type declares id.
        assert.deepEqual([(associated as { grant_id?: string }).grant_id, associated.id], [grant.id, undefined]);
      }
      // The client's default organization for the client credentials flow: create, read, update.
      const defaultFor = (organization_id: string) => ({ organization_id, flows: ['client_credentials' as const] });
      const created = await clients.create({
        name: `worker ${version}`,
        app_type: 'non_interactive',
        default_organization: defaultFor(organization.id),
      });
      assert.deepEqual(created.default_organization, defaultFor(organization.id));
      assert.deepEqual((await clients.get(must(created.client_id))).default_organization, defaultFor(organization.id));
      const next = await t.factories.organization();
      const moved = await clients.update(must(created.client_id), { default_organization: defaultFor(next.id) });
      assert.deepEqual(moved.default_organization, defaultFor(next.id));
      const unset = await clients.update(must(created.client_id), { default_organization: null });
      assert.equal(unset.default_organization, undefined);
      assert.equal((await clients.get(must(created.client_id))).default_organization, undefined);

      const listed = async (filter: Management.ListOrganizationClientGrantsRequestParameters) =>
        (await organizationGrants.list(organization.id, filter)).data.map((g) => g.id).sort();
      const both = [workerGrant.id, anyGrant.id].sort();
      assert.deepEqual(await listed({}), both);
      assert.deepEqual(await listed({ client_id: worker }), [workerGrant.id]);
      assert.deepEqual(await listed({ audience }), both);
      urls.length = 0;
      assert.deepEqual(await listed({ grant_ids: [must(anyGrant.id), 'cgr_notAssociated00'] }), [anyGrant.id]);
      assert.deepEqual(urls[0].searchParams.getAll('grant_ids'), [anyGrant.id, 'cgr_notAssociated00']);

      // GET /clients?q=...: the SDK sends its page defaults; checkpoint paging is asked for by query parameter.
      const byQuery = async (q: string) =>
        (await clients.list({ q }, { queryParams: { take: 50 } })).data
          .map((c) => c.client_id)
          .filter((id) => id === worker || id === reporter)
          .sort();
      assert.deepEqual(await byQuery(`client_grant.organization_id:${organization.id}`), [worker, reporter].sort());
      assert.deepEqual(await byQuery('client_grant.allow_any_organization:true'), [reporter]);

      await organizationGrants.delete(organization.id, must(workerGrant.id));
      assert.deepEqual(await listed({}), [anyGrant.id]);
    });
  }
});

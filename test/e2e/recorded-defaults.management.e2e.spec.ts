import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Management } from 'auth0';
import { ClientGrantsClient } from 'auth0/clientGrants';
import { ClientsClient } from 'auth0/clients';
import { ConnectionsClient } from 'auth0/connections';
import { LogStreamsClient } from 'auth0/logStreams';
import { OrganizationsClient } from 'auth0/organizations';
import { ResourceServersClient } from 'auth0/resourceServers';
import { TokenExchangeProfilesClient } from 'auth0/tokenExchangeProfiles';
import { ActionFactories } from '../support/action-factories.js';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = [
  'create:log_streams read:log_streams update:log_streams',
  'create:client_grants read:client_grants update:client_grants',
  'create:organizations read:organizations',
  'create:token_exchange_profiles read:token_exchange_profiles',
  'create:connections update:connections',
  'create:clients create:resource_servers update:resource_servers',
].join(' ');

const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * Freshly created objects read back through the official SDK (v7), compared with Auth0's answers to
 * the same bodies as terraform-provider-auth0's acceptance tests recorded them against a live tenant
 * (TestAccLogStreamHTTP, TestAccLogStreamSumo, go-auth0's TestLogStreamManager_Read, TestAccClientGrant,
 * TestAccOrganizationMember, TestAccTokenExchangeProfile, TestAccConnectionCrossAppAccessRequestingApp*).
 */
describe('the official auth0 SDK (v7): new log streams, grants, organizations and profiles, as Auth0 recorded them', () => {
  let t: TestApp;
  let options: { baseUrl: string; token: string; maxRetries: number };
  before(async () => {
    t = await startTestApp();
    const baseUrl = await Sdk.listen(t);
    options = { baseUrl, token: (await t.bearer(SCOPES)).slice('Bearer '.length), maxRetries: 0 };
  });
  after(() => t.close());

  it('log streams: no filters field unless some are set, security for a priority stream, isPriority kept on PATCH, a bare Sumo host', async () => {
    const streams = new LogStreamsClient(options);
    const sink = {
      httpContentFormat: 'JSONLINES',
      httpContentType: 'application/json',
      httpEndpoint: 'https://example.com/webhook/logs',
    } as const;
    const http = await streams.create({ name: 'recorded-http', type: 'http', sink: { ...sink, httpAuthorization: 'AKIAXXXX' } });
    const id = must(http.id);
    // Auth0 also answers httpAuthorization; ours never shows it (sealed at rest).
    assert.deepEqual(await streams.get(id), { id, name: 'recorded-http', type: 'http', status: 'active', sink, isPriority: false });

    const filters = [{ type: 'category', name: 'auth.login.fail' }] as const;
    assert.deepEqual((await streams.update(id, { filters: [...filters] })).filters, filters);
    // An emptied list is no list, as recorded.
    assert.equal('filters' in (await streams.update(id, { filters: [] })), false);

    const priority = await streams.create({
      name: 'recorded-priority',
      type: 'segment',
      isPriority: true,
      sink: { segmentWriteKey: 'key' },
    });
    assert.deepEqual(priority.filters, [{ type: 'category', name: 'security' }]);
    // Terraform sends isPriority back on every PATCH: taken, and the priority stays.
    const patched = await streams.update(must(priority.id), {
      isPriority: false,
      filters: [...filters],
    });
    assert.deepEqual([patched.isPriority, patched.filters], [true, filters]);
    // The security category an answer carries is taken back.
    assert.deepEqual((await streams.update(must(priority.id), { filters: [{ type: 'category', name: 'security' as never }] })).filters, [
      { type: 'category', name: 'security' },
    ]);

    const sumo = await streams.create({ name: 'recorded-sumo', type: 'sumo', sink: { sumoSourceAddress: 'prod.sumo.com' } });
    assert.deepEqual(sumo, {
      id: sumo.id,
      name: 'recorded-sumo',
      type: 'sumo',
      status: 'active',
      sink: { sumoSourceAddress: 'prod.sumo.com' },
      isPriority: false,
    });
  });

  it('a client grant for users with authorization details types, and one with organization settings', async () => {
    const client = await new ClientsClient(options).create({ name: `grantee-${unique()}`, app_type: 'non_interactive' });
    const audience = `https://uat.example.com/client-grant/${unique()}`;
    await new ResourceServersClient(options).create({ identifier: audience, scopes: [{ value: 'create:bar' }, { value: 'create:foo' }] });
    const grants = new ClientGrantsClient(options);
    const created = await grants.create({
      client_id: must(client.client_id),
      audience,
      scope: ['create:bar'],
      subject_type: 'user',
      authorization_details_types: ['payment', 'shipping'],
    });
    const recorded = {
      id: created.id,
      client_id: client.client_id,
      audience,
      scope: ['create:bar'],
      subject_type: 'user',
      authorization_details_types: ['payment', 'shipping'],
    };
    assert.deepEqual(created, recorded);
    const other = await new ClientsClient(options).create({ name: `grantee-${unique()}`, app_type: 'non_interactive' });
    const withOrganizations = await grants.create({
      client_id: must(other.client_id),
      audience,
      scope: ['create:foo'],
      allow_any_organization: true,
      organization_usage: 'allow',
    });
    assert.deepEqual(withOrganizations, {
      id: withOrganizations.id,
      client_id: other.client_id,
      audience,
      scope: ['create:foo'],
      organization_usage: 'allow',
      allow_any_organization: true,
      subject_type: 'client',
    });
  });

  it('allow_all_scopes: every scope the API has, those added later too; the answer then lists none (TestAccClientGrant)', async () => {
    const client = await new ClientsClient(options).create({ name: `grantee-${unique()}`, app_type: 'non_interactive' });
    const servers = new ResourceServersClient(options);
    const audience = `https://uat.example.com/all-scopes/${unique()}`;
    const api = await servers.create({ identifier: audience, scopes: [{ value: 'create:bar' }] });
    const grants = new ClientGrantsClient(options);
    const grant = await grants.create({ client_id: must(client.client_id), audience, scope: ['create:bar'] });
    const all = await grants.update(must(grant.id), { allow_all_scopes: true });
    assert.deepEqual(all, { id: grant.id, client_id: client.client_id, audience, subject_type: 'client', allow_all_scopes: true });
    await servers.update(must(api.id), { scopes: [{ value: 'create:bar' }, { value: 'create:foo' }] });
    const token = await t.api
      .post('/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret, audience });
    assert.equal(token.status, 200, token.text);
    assert.equal(token.body.scope, 'create:bar create:foo');
    const back = await grants.update(must(grant.id), { allow_all_scopes: false, scope: [] });
    assert.deepEqual([back.scope, back.allow_all_scopes], [[], false]);
  });

  it('a default grant for third-party clients names no client, and serves the third-party clients without a grant (TestAccClientGrant_DefaultFor)', async () => {
    const audience = `https://uat.example.com/default-for/${unique()}`;
    await new ResourceServersClient(options).create({ identifier: audience, scopes: [{ value: 'read:data' }] });
    const grants = new ClientGrantsClient(options);
    const created = await grants.create({ audience, scope: ['read:data'], default_for: 'third_party_clients' } as never);
    assert.deepEqual(created, {
      id: created.id,
      audience,
      scope: ['read:data'],
      subject_type: 'client',
      default_for: 'third_party_clients',
    });
    assert.deepEqual(await grants.get(must(created.id)), created);
    const token = async (is_first_party: boolean) => {
      const client = await new ClientsClient(options).create({ name: `party-${unique()}`, app_type: 'non_interactive', is_first_party });
      return t.api
        .post('/oauth/token')
        .send({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret, audience });
    };
    const thirdParty = await token(false);
    assert.deepEqual([thirdParty.status, thirdParty.body.scope], [200, 'read:data'], thirdParty.text);
    assert.equal((await token(true)).status, 403);
    // One default grant per API and group; a grant that is not a default one names its client.
    const again = await t.api
      .post('/api/v2/client-grants')
      .set('Authorization', `Bearer ${options.token}`)
      .send({ audience, default_for: 'third_party_clients' });
    assert.equal(again.status, 409, again.text);
    const noClient = await t.api
      .post('/api/v2/client-grants')
      .set('Authorization', `Bearer ${options.token}`)
      .send({ audience, scope: [] });
    assert.deepEqual([noClient.status, noClient.body.message], [400, "Payload validation error: 'Missing required property: client_id'."]);
  });

  it('an organization created with a name and a display name', async () => {
    const organizations = new OrganizationsClient(options);
    const name = `some-org-${unique()}`;
    const created = await organizations.create({ name, display_name: 'Some Org' });
    assert.deepEqual(created, { id: created.id, display_name: 'Some Org', name });
    assert.deepEqual(await organizations.get(must(created.id)), created);
  });

  it('a token exchange profile for a deployed custom token exchange action', async () => {
    const { action } = await new ActionFactories(t.prisma).deployed();
    const profiles = new TokenExchangeProfilesClient(options);
    const body = {
      name: `token-prof-${unique()}`,
      subject_token_type: `https://acme.com/cis-token/${unique()}`,
      action_id: action.id,
      type: 'custom_authentication',
    } as const;
    const created = await profiles.create(body);
    assert.deepEqual(Object.keys(created).sort(), ['action_id', 'created_at', 'id', 'name', 'subject_token_type', 'type', 'updated_at']);
    assert.deepEqual(
      { ...created, id: undefined, created_at: undefined, updated_at: undefined },
      { ...body, id: undefined, created_at: undefined, updated_at: undefined },
    );
    assert.equal(created.created_at, created.updated_at);
    assert.deepEqual(await profiles.get(must(created.id)), created);
  });

  it('a connection is a Cross App Access requesting app only where Auth0 lets it be one; turning it off is always taken', async () => {
    const connections = new ConnectionsClient(options);
    const refused = await connections
      .create({ name: `xaa-db-${unique()}`, strategy: 'auth0', cross_app_access_requesting_app: { active: true } })
      .then(
        () => assert.fail('expected a 400'),
        (e: unknown) => e,
      );
    assert.ok(refused instanceof Management.BadRequestError);
    assert.deepEqual(refused.body, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Cross App Access Requesting App is not supported for this connection.',
      errorCode: 'operation_not_supported',
    });
    const database = await connections.create({
      name: `xaa-db-${unique()}`,
      strategy: 'auth0',
      cross_app_access_requesting_app: { active: false },
    });
    const patch = await t.api
      .patch(`/api/v2/connections/${must(database.id)}`)
      .set('Authorization', `Bearer ${options.token}`)
      .send({ cross_app_access_requesting_app: { active: true } });
    assert.deepEqual([patch.status, patch.body.errorCode], [400, 'operation_not_supported']);
    const oidc = await connections.create({
      name: `xaa-oidc-${unique()}`,
      strategy: 'oidc',
      cross_app_access_requesting_app: { active: true },
      options: { client_id: '123456', issuer: 'https://idp.example.com', type: 'back_channel' },
    });
    assert.deepEqual(oidc.cross_app_access_requesting_app, { active: true });
  });
});

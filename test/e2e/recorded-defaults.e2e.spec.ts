import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResourceServersClient } from 'auth0/resourceServers';
import { ConnectionFactories, sdkV7 } from '../support/connection-factories.js';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = [
  'create:resource_servers read:resource_servers update:resource_servers',
  'create:connections read:connections update:connections',
  'create:organization_connections read:organization_connections update:organization_connections',
  'create:clients update:clients',
].join(' ');

// Auth0's answers to the same bodies, recorded by terraform-provider-auth0's acceptance tests against a
// live tenant (test/data/recordings: TestAccResourceServer, TestAccConnectionClient, TestAccOrganizationConnection),
// ids and names replaced by ours.
const RECORDED = {
  resourceServer: (id: string, identifier: string) => ({
    id,
    identifier,
    allow_offline_access: false,
    skip_consent_for_verifiable_first_party_clients: false,
    subject_type_authorization: { client: { policy: 'require_client_grant' }, user: { policy: 'allow_all' } },
    token_lifetime: 86400,
    token_lifetime_for_web: 7200,
    signing_alg: 'RS256',
  }),
  connectionFields: [
    'id',
    'options',
    'strategy',
    'name',
    'is_domain_connection',
    'authentication',
    'connected_accounts',
    'enabled_clients',
    'realms',
  ],
  organizationConnection: (connection_id: string, name: string) => ({
    connection_id,
    is_signup_enabled: false,
    assign_membership_on_login: false,
    show_as_button: true,
    is_enabled: true,
    organization_access_level: 'none',
    connection: { name, strategy: 'auth0' },
  }),
};

/** A freshly created object read back through the official SDK (v7) has Auth0's recorded fields and defaults. */
describe("the official auth0 SDK (v7): a new object's fields and defaults, as Auth0 recorded them", () => {
  let t: TestApp;
  let f: ConnectionFactories;
  let sdk: ReturnType<typeof sdkV7>;
  let servers: ResourceServersClient;
  before(async () => {
    t = await startTestApp();
    f = new ConnectionFactories(t.prisma);
    const baseUrl = await Sdk.listen(t);
    const token = (await t.bearer(SCOPES)).slice('Bearer '.length);
    sdk = sdkV7(baseUrl, token);
    servers = new ResourceServersClient({ baseUrl, token, maxRetries: 0 });
  });
  after(() => t.close());

  it('a resource server created with only its identifier', async () => {
    const identifier = 'https://uat.api.example.com/recorded';
    const id = must((await servers.create({ identifier })).id);
    // Ours also names it after its identifier and lists its (no) scopes: the recorder dropped empty fields.
    const { name, scopes, ...rest } = await servers.get(id);
    assert.deepEqual(rest, RECORDED.resourceServer(id, identifier));
    assert.deepEqual([name, scopes], [identifier, []]);
    // By its identifier, escaped once by the caller and again by the SDK, as Terraform's data source reads it.
    assert.equal((await servers.get(encodeURIComponent(identifier))).id, id);
    // A policy set for one subject type keeps the other's default.
    const updated = await servers.update(id, { subject_type_authorization: { user: { policy: 'deny_all' } } });
    assert.deepEqual(updated.subject_type_authorization, { client: { policy: 'require_client_grant' }, user: { policy: 'deny_all' } });
  });

  it('a database connection created with only its name and strategy', async () => {
    const created = await sdk.connections.create({ name: 'recorded-db', strategy: 'auth0' });
    const read = await sdk.connections.get(must(created.id));
    assert.deepEqual(Object.keys(read).sort(), [...RECORDED.connectionFields].sort());
    assert.deepEqual([read.authentication, read.connected_accounts], [{ active: true }, { active: false }]);
    // A value given replaces the default.
    const set = await sdk.connections.update(must(created.id), { authentication: { active: false } });
    assert.deepEqual(set.authentication, { active: false });
  });

  it('enterprise connections: a provisioning ticket URL for the strategies Auth0 gives one, a display_name for those it names', async () => {
    // [strategy, ticket length (none: 0), display_name given by default]; recorded by go-auth0 (2023-25) and Terraform (2026).
    const cases: [string, number, boolean][] = [
      ['ad', 32, false],
      ['adfs', 8, false],
      ['google-apps', 8, false],
      ['pingfederate', 8, false],
      ['samlp', 8, false],
      ['waad', 8, true],
      ['okta', 0, true],
      ['oidc', 0, true],
      ['auth0', 0, false],
      ['github', 0, false],
    ];
    for (const [strategy, ticket, named] of cases) {
      const name = `recorded-${strategy}-${Math.random().toString(36).slice(2, 8)}`;
      const created = await sdk.connections.create({ name, strategy: strategy as never });
      const read = await sdk.connections.get(must(created.id));
      assert.equal(read.display_name, named ? name : undefined, strategy);
      // Not in the SDK's types (Auth0's schema omits it), but in every recorded answer for these strategies.
      const ticketOf = (answer: object) => (answer as { provisioning_ticket_url?: string }).provisioning_ticket_url;
      const url = ticketOf(read);
      if (ticket === 0) assert.equal(url, undefined, strategy);
      else assert.match(String(url), new RegExp(`^https://tenant\\.test/p/${strategy}/[A-Za-z0-9]{${ticket}}$`), strategy);
      assert.equal(ticketOf(created), url, strategy);
      // The ticket is the connection's own: a later change leaves it as it was.
      const updated = await sdk.connections.update(must(created.id), { display_name: 'Renamed' });
      assert.deepEqual([ticketOf(updated), updated.display_name], [url, 'Renamed'], strategy);
    }
  });

  it("an organization's connection enabled with is_enabled only", async () => {
    const [org, connection] = [await f.organization(), await f.connection()];
    const link = await sdk.organizations.connections.create(org.id, { connection_id: connection.id, is_enabled: true });
    assert.deepEqual(link, RECORDED.organizationConnection(connection.id, connection.name));
    assert.deepEqual(await sdk.organizations.connections.get(org.id, connection.id), link);
  });

  it('a client PATCHed with null addons, signed_request_object and skip_non_verifiable_callback_uri_confirmation_prompt, as Terraform sends them', async () => {
    // TestAccClientAddons and TestAccClientAuthenticationMethodsSignedRequestObject: Auth0 answers 200 without them.
    const auth = await t.bearer(SCOPES);
    const created = await t.api
      .post('/api/v2/clients')
      .set('Authorization', auth)
      .send({ name: 'addons', addons: { wsfed: {} }, skip_non_verifiable_callback_uri_confirmation_prompt: true });
    assert.equal(created.status, 201, created.text);
    const nulls = { addons: null, signed_request_object: null, skip_non_verifiable_callback_uri_confirmation_prompt: null };
    const res = await t.api.patch(`/api/v2/clients/${created.body.client_id}`).set('Authorization', auth).send(nulls);
    assert.equal(res.status, 200, res.text);
    for (const name of Object.keys(nulls)) assert.equal(name in res.body, false, name);
  });
});

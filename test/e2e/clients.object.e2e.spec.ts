import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectOAuthError, Errors } from '../support/responses.js';
import { AUDIENCE, startTestApp, type TestApp } from '../support/test-app.js';

// An interactive client configured the way a0deploy exports one: every field Auth0 accepts here.
const FULL = {
  name: 'Storefront',
  description: 'the shop',
  app_type: 'regular_web',
  grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
  token_endpoint_auth_method: 'client_secret_basic',
  is_first_party: false,
  oidc_conformant: false,
  callbacks: ['https://shop.example/callback'],
  allowed_origins: ['https://shop.example'],
  web_origins: ['https://shop.example'],
  allowed_logout_urls: ['https://shop.example/bye'],
  allowed_clients: ['someOtherClientId'],
  jwt_configuration: { alg: 'HS256', lifetime_in_seconds: 600, secret_encoded: true },
  client_metadata: { team: 'web', tier: 'gold' },
  token_exchange: { allow_any_profile_of_type: ['custom_authentication'] },
  organization_usage: 'allow',
  organization_require_behavior: 'post_login_prompt',
  logo_uri: 'https://shop.example/logo.png',
  client_aliases: ['urn:shop'],
  sso: true,
  sso_disabled: true,
  cross_origin_authentication: true,
  cross_origin_loc: 'https://shop.example/co',
  custom_login_page_on: false,
  custom_login_page: '<html></html>',
  form_template: '<form></form>',
  initiate_login_uri: 'https://shop.example/login',
  is_token_endpoint_ip_header_trusted: true,
  require_pushed_authorization_requests: true,
  require_proof_of_possession: false,
  skip_non_verifiable_callback_uri_confirmation_prompt: true,
  par_request_expiry: 60,
  organization_discovery_methods: ['email'],
  mobile: {
    android: { app_package_name: 'com.shop', sha256_cert_fingerprints: ['AB:CD'] },
    ios: { team_id: 'T1', app_bundle_identifier: 'com.shop' },
  },
  native_social_login: { apple: { enabled: true }, facebook: { enabled: false }, google: { enabled: true } },
  refresh_token: {
    rotation_type: 'rotating',
    expiration_type: 'expiring',
    leeway: 3,
    token_lifetime: 3600,
    infinite_token_lifetime: false,
    idle_token_lifetime: 1800,
    infinite_idle_token_lifetime: false,
  },
  oidc_logout: {
    backchannel_logout_urls: ['https://shop.example/bcl'],
    backchannel_logout_initiators: { mode: 'custom', selected_initiators: ['rp-logout'] },
  },
};

// What Auth0 adds to that body: oidc_logout's URLs under their deprecated name (taken back on PATCH),
// and a third-party client's security mode.
const ADDED = {
  oidc_backchannel_logout: { backchannel_logout_urls: FULL.oidc_logout.backchannel_logout_urls },
  third_party_security_mode: 'permissive',
};

/** The answer without the tenant's signing certificate, which every client answer carries (clients.e2e checks it). */
function withoutKeys({ signing_keys: keys, ...client }: Record<string, unknown>): Record<string, unknown> {
  assert.ok(Array.isArray(keys) && keys.length === 1);
  return client;
}

describe("/api/v2/clients: Auth0's whole client object", () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const create = async (body: object) =>
    t.api
      .post('/api/v2/clients')
      .set('Authorization', await t.bearer('create:clients'))
      .send(body);
  const patch = async (id: string, body: object) =>
    t.api
      .patch(`/api/v2/clients/${id}`)
      .set('Authorization', await t.bearer('update:clients'))
      .send(body);
  const get = async (path: string) => t.api.get(`/api/v2/clients${path}`).set('Authorization', await t.bearer('read:clients'));

  it('stores and returns every accepted field as given', async () => {
    const res = await create(FULL);
    assert.equal(res.status, 201, res.text);
    const { client_id: id, client_secret: _secret, ...created } = res.body as Record<string, unknown>;
    assert.deepEqual(withoutKeys(created), { ...FULL, ...ADDED, global: false });
    assert.deepEqual(withoutKeys((await get(`/${String(id)}`)).body), { client_id: id, ...FULL, ...ADDED, global: false });
  });

  it("gives each app_type Auth0's default grant types and token endpoint auth method", async () => {
    const cases = [
      ['non_interactive', ['client_credentials'], 'client_secret_post'],
      ['spa', ['authorization_code', 'implicit', 'refresh_token'], 'none'],
      ['native', ['authorization_code', 'implicit', 'refresh_token'], 'none'],
      ['regular_web', ['authorization_code', 'implicit', 'refresh_token', 'client_credentials'], 'client_secret_post'],
    ] as const;
    for (const [appType, grantTypes, method] of cases) {
      const res = await create({ name: appType, app_type: appType });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual([res.body.grant_types, res.body.token_endpoint_auth_method], [grantTypes, method], appType);
    }
  });

  it('a client without client_credentials exists but gets no token here', async () => {
    const { body: spa } = await create({ name: 'browser app', app_type: 'spa' });
    await t.factories.clientGrant({ client_id: spa.client_id, audience: AUDIENCE, scope: ['read:clients'] });
    const res = await t.api
      .post('/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: spa.client_id, client_secret: spa.client_secret, audience: AUDIENCE });
    expectOAuthError(res, 403, 'unauthorized_client', "Grant type 'client_credentials' not allowed for the client.");
  });

  it('PATCH takes back its own answer unchanged (what a0deploy re-imports), merging jwt_configuration, refresh_token and client_metadata', async () => {
    const { body: created } = await create(FULL);
    const {
      client_id: id,
      client_secret: _secret,
      global: _global,
      signing_keys: _keys,
      ...exported
    } = created as Record<string, unknown> & { client_id: string };
    // a0deploy strips jwt_configuration.secret_encoded from its updates and expects it kept.
    const sent = { ...exported, jwt_configuration: { alg: 'HS256', lifetime_in_seconds: 600 } };
    const same = await patch(id, sent);
    assert.equal(same.status, 200, same.text);
    assert.deepEqual(withoutKeys(same.body), { client_id: id, ...FULL, ...ADDED, global: false });

    const changed = await patch(id, {
      client_metadata: { tier: 'silver', region: 'eu' },
      refresh_token: { rotation_type: 'non-rotating', expiration_type: 'non-expiring' },
      callbacks: [],
      organization_usage: null,
      organization_require_behavior: null,
      token_endpoint_auth_method: null,
      mobile: { ios: { team_id: 'T2' } },
    });
    assert.equal(changed.status, 200, changed.text);
    const { organization_usage: _usage, organization_require_behavior: _behavior, token_endpoint_auth_method: _method, ...kept } = FULL;
    assert.deepEqual(withoutKeys(changed.body), {
      client_id: id,
      ...kept,
      ...ADDED,
      global: false,
      client_metadata: { team: 'web', tier: 'silver', region: 'eu' },
      refresh_token: { ...FULL.refresh_token, rotation_type: 'non-rotating', expiration_type: 'non-expiring' },
      callbacks: [],
      mobile: { ios: { team_id: 'T2' } },
    });
  });

  it("PATCH refuses bad values with Auth0's messages", async () => {
    const { body: client } = await create({ name: 'patched badly' });
    const id = client.client_id as string;
    Errors.invalidBody(
      await patch(id, { organization_usage: 'sometimes' }),
      'Payload validation error: \'No enum match for: "sometimes"\' on property organization_usage (Defines how to proceed during an authentication transaction with regards an organization.).',
    );
    Errors.invalidBody(
      await patch(id, { token_endpoint_auth_method: 'private_key_jwt' }),
      'Payload validation error: \'No enum match for: "private_key_jwt"\' on property token_endpoint_auth_method (Defines the requested authentication method for the token endpoint.).',
    );
    Errors.invalidBody(
      await patch(id, { is_first_party: 'yes' }),
      "Payload validation error: 'Expected type boolean but found type string' on property is_first_party (Whether this client a first party client or not).",
    );
    Errors.invalidBody(
      await patch(id, { jwt_configuration: { alg: 'none' } }),
      'Payload validation error: \'No enum match for: "none"\' on property jwt_configuration (Configuration related to JWTs for the client.).',
    );
    Errors.invalidBody(
      await patch(id, { client_metadata: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v'])) }),
      "Payload validation error: 'Too many properties defined (11), maximum 10' on property client_metadata (Metadata associated with the client, in the form of an object with string values (max 255 chars). Maximum of 10 metadata properties allowed.).",
    );
    Errors.invalidBody(
      await patch(id, { global: false, signing_keys: [] }),
      "Payload validation error: 'Additional properties not allowed: global,signing_keys'.",
    );
    const { client_secret: _secret, ...unchanged } = client as Record<string, unknown>;
    assert.deepEqual((await get(`/${id}`)).body, unchanged);
  });
});

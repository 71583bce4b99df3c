import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Management } from 'auth0';
import { ClientsClient } from 'auth0/clients';
import { rsaKeyPair } from '../support/key-pairs.js';
import { must } from '../support/must.js';
import { Errors } from '../support/responses.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:clients read:clients update:clients create:client_credentials update:client_credentials';
const spki = () => rsaKeyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();

// The bodies terraform-provider-auth0 sent to live Auth0 for each field, and what Auth0 answered.
const STORED: Omit<Management.CreateClientRequestContent, 'name'> = {
  token_quota: { client_credentials: { enforce: true, per_day: 2000, per_hour: 100 } },
  identity_assertion_authorization_grant: { active: true },
  anonymous_sessions: { active: false },
  fedcm_login: { google: { is_enabled: true } },
  third_party_security_mode: 'strict',
  redirection_policy: 'open_redirect_protection',
  async_approval_notification_channels: ['email'],
  custom_login_page_preview: '<html>preview</html>',
  encryption_key: { pub: 'a public key', cert: 'a certificate', subject: '/CN=example.com' },
  my_organization_configuration: {
    connection_profile_id: 'cop_1',
    user_attribute_profile_id: 'uap_1',
    allowed_strategies: ['okta', 'samlp', 'oidc'],
    connection_deletion_behavior: 'allow',
  },
  express_configuration: {
    initiate_login_uri_template: 'https://example.com/login?org={organization_name}',
    user_attribute_profile_id: 'uap_1',
    connection_profile_id: 'cop_1',
    enable_client: true,
    enable_organization: true,
    okta_oin_client_id: 'oin-client',
    admin_login_domain: 'admin.example.com',
  },
};

/** Client fields of Auth0's current schema that Terraform sends, through the official SDK (v7): stored, returned, changed and unset. */
describe('the official auth0 SDK (v7): the client fields of token quotas, FedCM, express apps, Token Vault and the rest', () => {
  let t: TestApp;
  let clients: ClientsClient;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    const baseUrl = await Sdk.listen(t);
    auth = await t.bearer(SCOPES);
    clients = new ClientsClient({ baseUrl, token: auth.slice('Bearer '.length), maxRetries: 0 });
  });
  after(() => t.close());

  const pick = (client: object) => Object.fromEntries(Object.keys(STORED).map((key) => [key, (client as Record<string, unknown>)[key]]));

  it('keeps each on create, returns it on read, replaces it on update and removes it with null', async () => {
    const created = await clients.create({ name: 'every field', is_first_party: false, ...STORED });
    const id = must(created.client_id);
    assert.deepEqual(pick(created), STORED);
    assert.deepEqual(pick(await clients.get(id)), STORED);

    const changed = await clients.update(id, {
      token_quota: { client_credentials: { enforce: false, per_day: 1000, per_hour: 50 } },
      fedcm_login: { google: { is_enabled: false } },
      redirection_policy: 'allow_always',
      async_approval_notification_channels: ['email', 'guardian-push'],
    });
    assert.deepEqual(changed.token_quota, { client_credentials: { enforce: false, per_day: 1000, per_hour: 50 } });
    assert.deepEqual(changed.fedcm_login, { google: { is_enabled: false } });
    assert.equal(changed.redirection_policy, 'allow_always');
    assert.deepEqual(changed.async_approval_notification_channels, ['email', 'guardian-push']);

    const nulls = ['token_quota', 'identity_assertion_authorization_grant', 'anonymous_sessions', 'fedcm_login', 'encryption_key'] as const;
    const more = ['my_organization_configuration', 'express_configuration', 'async_approval_notification_channels'] as const;
    await clients.update(id, Object.fromEntries([...nulls, ...more].map((key) => [key, null])));
    const after = (await clients.get(id)) as Record<string, unknown>;
    for (const key of [...nulls, ...more]) assert.equal(key in after, false, key);
    assert.equal(after.third_party_security_mode, 'strict');
  });

  it("gives a third-party client Auth0's permissive mode, a resource server's client no grants, and an express app Okta's defaults", async () => {
    assert.equal((await clients.create({ name: '3p', is_first_party: false })).third_party_security_mode, 'permissive');
    assert.equal('third_party_security_mode' in (await clients.create({ name: '1p' })), false);

    const identifier = 'https://api.example.com/linked';
    const server = await clients.create({ name: 'api client', app_type: 'resource_server', resource_server_identifier: identifier });
    assert.deepEqual(
      [server.resource_server_identifier, server.grant_types, server.token_endpoint_auth_method],
      [identifier, [], undefined],
    );
    assert.equal((await clients.get(must(server.client_id))).resource_server_identifier, identifier);
    // Auth0's PATCH schema has no resource_server_identifier: it is set once.
    const moved = await t.api
      .patch(`/api/v2/clients/${must(server.client_id)}`)
      .set('Authorization', auth)
      .send({ resource_server_identifier: 'https://api.example.com/other' });
    Errors.invalidBody(moved, "Payload validation error: 'Additional properties not allowed: resource_server_identifier'.");

    const express = await clients.create({ name: 'okta app', app_type: 'express_configuration' });
    assert.deepEqual(
      [express.organization_usage, express.organization_require_behavior, express.client_authentication_methods, express.grant_types],
      ['require', 'pre_login_prompt', { private_key_jwt: { credentials: [] } }, ['authorization_code', 'client_credentials']],
    );
    assert.equal('token_endpoint_auth_method' in express, false);
  });

  it('answers oidc_logout also as the deprecated oidc_backchannel_logout, takes it back, and unsets both with its null', async () => {
    const oidc_logout = {
      backchannel_logout_urls: ['https://example.com/logout'],
      backchannel_logout_initiators: { mode: 'all' as const },
      backchannel_logout_session_metadata: { include: true },
    };
    const created = await clients.create({ name: 'logout app', oidc_logout });
    const id = must(created.client_id);
    for (const answer of [created, await clients.get(id)]) {
      assert.deepEqual(answer.oidc_logout, oidc_logout);
      assert.deepEqual(answer.oidc_backchannel_logout, { backchannel_logout_urls: ['https://example.com/logout'] });
    }
    const renamed = await clients.update(id, { oidc_backchannel_logout: { backchannel_logout_urls: ['https://example.com/bye'] } });
    assert.deepEqual(renamed.oidc_logout, { ...oidc_logout, backchannel_logout_urls: ['https://example.com/bye'] });
    // The SDK types it without null; Terraform sends null and Auth0 unsets both.
    const removed = await clients.update(id, { oidc_backchannel_logout: null as never });
    assert.equal('oidc_logout' in removed || 'oidc_backchannel_logout' in removed, false);
  });

  it('unsets initiate_login_uri given as "" on PATCH; session transfer delegation takes asn', async () => {
    const id = must((await clients.create({ name: 'login uri', initiate_login_uri: 'https://example.com/login' })).client_id);
    assert.equal('initiate_login_uri' in (await clients.update(id, { initiate_login_uri: '' })), false);
    // The SDK types the delegation's binding as 'ip' only; Auth0 took 'asn' from Terraform.
    const transfer = await clients.update(id, {
      session_transfer: {
        can_create_session_transfer_token: true,
        delegation: { allow_delegated_access: true, enforce_device_binding: 'asn' as 'ip' },
      },
    });
    assert.deepEqual(transfer.session_transfer?.delegation, { allow_delegated_access: true, enforce_device_binding: 'asn' });
  });

  it("names Token Vault's keys as credentials: defined on create, by id on PATCH, checked to be the client's", async () => {
    const created = await clients.create({
      name: 'vault worker',
      token_vault_privileged_access: {
        credentials: [{ credential_type: 'public_key', name: 'worker key', pem: spki() }],
        ip_allowlist: ['10.0.0.1'],
        grants: [{ connection: 'google-oauth2', scopes: ['https://www.googleapis.com/auth/calendar.readonly'] }],
      },
    });
    const id = must(created.client_id);
    const [credential] = must(created.token_vault_privileged_access).credentials as { id: string; name?: string }[];
    assert.equal(credential.name, 'worker key');
    const read = must((await clients.get(id)).token_vault_privileged_access);
    assert.deepEqual(read.credentials, [{ id: credential.id }]);
    assert.deepEqual(read.ip_allowlist, ['10.0.0.1']);

    const second = await clients.credentials.create(id, { credential_type: 'public_key', pem: spki() });
    const both = [{ id: credential.id }, { id: must(second.id) }];
    const updated = await clients.update(id, { token_vault_privileged_access: { credentials: both, grants: [], ip_allowlist: [] } });
    assert.deepEqual(updated.token_vault_privileged_access, { credentials: both, grants: [], ip_allowlist: [] });
    // A switch of authentication method leaves Token Vault's keys as they are.
    const switched = await clients.update(id, { client_authentication_methods: null, token_endpoint_auth_method: 'client_secret_post' });
    assert.deepEqual(switched.token_vault_privileged_access?.credentials, both);

    const patch = async (body: object) => t.api.patch(`/api/v2/clients/${id}`).set('Authorization', auth).send(body);
    Errors.invalidBody(
      await patch({ token_vault_privileged_access: { credentials: [{ id: 'cred_unknown' }] } }),
      "Payload validation error: 'The client has no credential cred_unknown' on property token_vault_privileged_access.credentials.",
    );
    assert.equal('token_vault_privileged_access' in (await clients.update(id, { token_vault_privileged_access: null as never })), false);
  });

  it('takes an empty key list for an authentication method on PATCH, as Auth0 does while Terraform swaps a key', async () => {
    const id = must((await clients.create({ name: 'key swap' })).client_id);
    const emptied = await clients.update(id, {
      client_authentication_methods: { private_key_jwt: { credentials: [] } },
      token_endpoint_auth_method: null,
    });
    assert.deepEqual(emptied.client_authentication_methods, { private_key_jwt: { credentials: [] } });
    assert.equal('token_endpoint_auth_method' in emptied, false);
  });

  it("refuses values outside Auth0's enums, with its wording", async () => {
    const post = (body: object) =>
      t.api
        .post('/api/v2/clients')
        .set('Authorization', auth)
        .send({ name: 'bad', ...body });
    const cases: [object, string][] = [
      [{ third_party_security_mode: 'lax' }, 'third_party_security_mode'],
      [{ redirection_policy: 'never' }, 'redirection_policy'],
      [{ async_approval_notification_channels: ['sms'] }, 'async_approval_notification_channels'],
    ];
    for (const [body, property] of cases) {
      const res = await post(body);
      assert.equal(res.status, 400, res.text);
      assert.match((res.body as { message: string }).message, new RegExp(`No enum match for: .* on property ${property}`));
    }
    const refused = async (body: object, pattern: RegExp) => {
      const res = await post(body);
      assert.equal(res.status, 400, res.text);
      assert.match((res.body as { message: string }).message, pattern);
    };
    await refused({ my_organization_configuration: { ...STORED.my_organization_configuration, allowed_strategies: ['auth0'] } }, /"auth0"/);
    await refused({ token_quota: { client_credentials: { per_day: 'many' } } }, /token_quota/);
    await refused({ identity_assertion_authorization_grant: {} }, /Missing required property: active/);
    await refused({ session_transfer: { delegation: { enforce_device_binding: 'none' } } }, /No enum match for: "none"/);
    await refused({ client_authentication_methods: { private_key_jwt: { credentials: [] } } }, /Array is too short \(0\), minimum 1/);
  });
});

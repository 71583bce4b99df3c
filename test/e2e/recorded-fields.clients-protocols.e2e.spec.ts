import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Management } from 'auth0';
import { ClientsClient } from 'auth0/clients';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SAMLP = { audience: 'urn:example', mappings: { email: 'http://schemas.example/email' }, signatureAlgorithm: 'rsa-sha256' };
const TRANSFER: Management.ClientSessionTransferConfiguration = {
  can_create_session_transfer_token: true,
  allowed_authentication_methods: ['cookie', 'query'],
  enforce_device_binding: 'asn',
  allow_refresh_token: true,
  delegation: { allow_delegated_access: true, enforce_device_binding: 'ip' },
};

/** Addons, Native to Web SSO and FAPI settings from Auth0's recorded traffic: stored and returned, through the official SDK (v7). */
describe('the official auth0 SDK (v7): addons, session_transfer and compliance_level', () => {
  let t: TestApp;
  let clients: ClientsClient;
  before(async () => {
    t = await startTestApp();
    const baseUrl = await Sdk.listen(t);
    const token = (await t.bearer('create:clients read:clients update:clients')).slice('Bearer '.length);
    clients = new ClientsClient({ baseUrl, token, maxRetries: 0 });
  });
  after(() => t.close());

  it('keeps them on create, returns them on read, changes them on update and removes them with null', async () => {
    const created = await clients.create({
      name: 'protocols app',
      addons: { samlp: SAMLP, wsfed: {} },
      session_transfer: TRANSFER,
      compliance_level: 'fapi1_adv_pkj_par',
    });
    const id = must(created.client_id);
    assert.deepEqual(created.addons, { samlp: SAMLP, wsfed: {} });
    assert.deepEqual(created.session_transfer, TRANSFER);
    assert.equal(created.compliance_level, 'fapi1_adv_pkj_par');
    const read = await clients.get(id);
    assert.deepEqual([read.addons, read.session_transfer, read.compliance_level], [created.addons, TRANSFER, 'fapi1_adv_pkj_par']);

    const changed = await clients.update(id, {
      session_transfer: { can_create_session_transfer_token: false, allowed_authentication_methods: null, delegation: null },
      compliance_level: 'none',
    });
    assert.deepEqual(changed.session_transfer, {
      can_create_session_transfer_token: false,
      allowed_authentication_methods: null,
      delegation: null,
    });
    assert.equal(changed.compliance_level, 'none');

    const removed = await clients.update(id, { session_transfer: null, compliance_level: null });
    assert.equal('session_transfer' in removed, false);
    assert.equal('compliance_level' in removed, false);
    const again = await clients.get(id);
    assert.equal('session_transfer' in again || 'compliance_level' in again, false);
    assert.deepEqual(again.addons, { samlp: SAMLP, wsfed: {} });
  });

  it('refuses values outside Auth0 enums and addons that are not objects', async () => {
    const auth = await t.bearer('create:clients');
    const refused = async (body: object): Promise<string> => {
      const res = await t.api.post('/api/v2/clients').set('Authorization', auth).send(body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      return (res.body as { message: string }).message;
    };
    assert.match(await refused({ name: 'x', compliance_level: 'fapi3' }), /compliance_level/);
    assert.match(
      await refused({ name: 'x', session_transfer: { enforce_device_binding: 'mac' } }),
      /No enum match for: "mac".* on property session_transfer/,
    );
    assert.match(
      await refused({ name: 'x', session_transfer: { allowed_authentication_methods: ['header'] } }),
      /No enum match for: "header".* on property session_transfer/,
    );
    assert.match(await refused({ name: 'x', addons: 'samlp' }), /addons/);
  });
});

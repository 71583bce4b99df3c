import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { associate, m2mClient, orgToken } from '../support/m2m.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface LogEvent {
  log_id: string;
  type: string;
  client_id?: string;
  organization_id?: string;
  organization_name?: string;
}

// Auth0's log event schema carries organization_id and organization_name as fields of the entry.
describe('seccft / feccft entries name the organization', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  /** The newest entry of `type` for the client, through GET /api/v2/logs (written beside the reply, so waited for). */
  async function entryOf(type: string, clientId: string): Promise<LogEvent> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const res = await t.api
        .get('/api/v2/logs')
        .query({ q: `type:${type} AND client_id:"${clientId}"` })
        .set('Authorization', await t.bearer('read:logs'));
      assert.equal(res.status, 200, res.text);
      const [entry] = res.body as (LogEvent | undefined)[];
      if (entry) return entry;
      await sleep(20);
    }
    assert.fail(`no ${type} entry for ${clientId}`);
  }

  it('seccft carries the organization of the token; feccft the one the refused request named', async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow' });
    const [org, other] = [await t.factories.organization(), await t.factories.organization()];
    await associate(t, org.id, setup.grantId);
    assert.equal((await orgToken(t, setup, org.id)).status, 200);
    const issued = await entryOf('seccft', setup.client.client_id);
    assert.equal(issued.organization_id, org.id);
    assert.equal(issued.organization_name, org.name);

    assert.equal((await orgToken(t, setup, other.id)).status, 403);
    const refused = await entryOf('feccft', setup.client.client_id);
    assert.equal(refused.organization_id, other.id);
    assert.equal(refused.organization_name, other.name);

    const read = await t.api.get(`/api/v2/logs/${refused.log_id}`).set('Authorization', await t.bearer('read:logs'));
    assert.equal(read.body.organization_name, other.name);
  });

  it("feccft of a request that named none names the client's default organization it was refused for", async () => {
    const org = await t.factories.organization();
    const setup = await m2mClient(
      t,
      { organization_usage: 'require' },
      { default_organization: { organization_id: org.id, flows: ['client_credentials'] } },
    );
    assert.equal((await orgToken(t, setup)).status, 403, 'the grant is not associated with the default organization');
    const refused = await entryOf('feccft', setup.client.client_id);
    assert.equal(refused.organization_id, org.id);
    assert.equal(refused.organization_name, org.name);
  });

  it('without an organization, or naming one that does not exist, the entry has neither field', async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow' });
    assert.equal((await orgToken(t, setup)).status, 200);
    const issued = await entryOf('seccft', setup.client.client_id);
    assert.equal('organization_id' in issued || 'organization_name' in issued, false);

    assert.equal((await orgToken(t, setup, 'org_doesnotexist123')).status, 400);
    const refused = await entryOf('feccft', setup.client.client_id);
    assert.equal('organization_id' in refused || 'organization_name' in refused, false);
  });
});

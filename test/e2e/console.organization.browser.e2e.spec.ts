// needs: chromium
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/common/free-port.js';
import { cspViolations, expectAccessible, launchChromium, signIn } from '../support/console-browser.js';
import { clientWithGrant } from '../support/issuer.js';
import { PROJECT_ROOT } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { UserFactories } from '../support/user-factories.js';

const READ_SCOPES = ['read:organizations', 'read:organization_members', 'read:organization_connections', 'read:organization_client_grants'];
const ADMIN_SCOPES = [
  ...READ_SCOPES,
  ...['create:organization_members', 'delete:organization_members', 'read:connections'],
  ...['create:organization_connections', 'delete:organization_connections'],
];
const WAIT = { timeout: 10_000 };

/** Waits until the page's tables hold `count` body rows (polled here: the page's CSP forbids evaluating strings in it). */
async function rowsReach(page: Page, count: number): Promise<void> {
  for (let i = 0; i < 100 && (await page.locator('tbody tr').count()) !== count; i++) await new Promise((done) => setTimeout(done, 100));
  assert.equal(await page.locator('tbody tr').count(), count);
}

// An organization's members and connections in headless Chromium against the real service and its database.
describe('the console: an organization’s members and connections', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let users: UserFactories;

  before(async () => {
    t = await startTestApp();
    const port = await freePort();
    await t.app.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
    users = new UserFactories(t.prisma);
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
    await t.close();
  });

  async function session(scopes: string[], screen: string): Promise<{ context: BrowserContext; page: Page; csp: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    const csp = cspViolations(page);
    await signIn(page, base, await clientWithGrant(t, scopes));
    await page.goto(`${base}/console#/${screen}`);
    return { context, page, csp };
  }

  const apiList = async (path: string, scope: string): Promise<unknown[]> => {
    const res = await t.api.get(`/api/v2${path}`).set('Authorization', await t.bearer(scope));
    assert.equal(res.status, 200, res.text);
    return res.body as unknown[];
  };

  it('adds a member from the keyboard, then removes it after a confirmation', async () => {
    const connection = await users.connection();
    const user = await users.user(connection.id, { email: 'ada@example.com' });
    const org = await t.factories.organization({ name: 'acme-people' });
    const { context, page, csp } = await session(ADMIN_SCOPES, `organizations/${org.id}`);
    await page.getByText('This organization has no member.').waitFor(WAIT);
    await page.getByLabel('User IDs to add').focus();
    await page.keyboard.type(user.user_id);
    await page.keyboard.press('Enter');
    await page.getByRole('cell', { name: 'ada@example.com' }).waitFor(WAIT);
    assert.deepEqual(
      (await apiList(`/organizations/${org.id}/members`, 'read:organization_members')).map((m) => (m as { user_id: string }).user_id),
      [user.user_id],
    );
    await page.screenshot({ path: join(PROJECT_ROOT, 'docs/console-organization-members.png'), fullPage: true });
    await expectAccessible(page, 'organization with a member');

    await page.getByRole('button', { name: `Remove member ${user.user_id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove member' });
    assert.match(await dialog.innerText(), /ada@example\.com/);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('This organization has no member.').waitFor(WAIT);
    assert.deepEqual(await apiList(`/organizations/${org.id}/members`, 'read:organization_members'), []);
    assert.deepEqual(csp, []);
    await context.close();
  });

  it("shows a member refused in the API's words", async () => {
    const org = await t.factories.organization({ name: 'acme-refusal' });
    const answer = await t.api
      .post(`/api/v2/organizations/${org.id}/members`)
      .set('Authorization', await t.bearer('create:organization_members'))
      .send({ members: ['auth0|nobody'] });
    assert.equal(answer.status >= 400, true);
    const { context, page } = await session(ADMIN_SCOPES, `organizations/${org.id}`);
    await page.getByLabel('User IDs to add').fill('auth0|nobody');
    await page.getByRole('button', { name: 'Add members' }).click();
    await page.getByText((answer.body as { message: string }).message, { exact: true }).waitFor(WAIT);
    await page.getByText(`Error ${answer.status}`).waitFor();
    await context.close();
  });

  it('enables a connection for the organization, then disables it after a confirmation', async () => {
    const connection = await users.connection({ name: 'acme-directory' });
    const org = await t.factories.organization({ name: 'acme-sso' });
    const { context, page, csp } = await session(ADMIN_SCOPES, `organizations/${org.id}`);
    await page.getByText('No connection is enabled for this organization.').waitFor(WAIT);
    await page.getByLabel('Connection to enable').selectOption(connection.id);
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByRole('cell', { name: 'acme-directory', exact: true }).waitFor(WAIT);
    const enabled = await apiList(`/organizations/${org.id}/enabled_connections`, 'read:organization_connections');
    assert.deepEqual(
      enabled.map((link) => (link as { connection_id: string }).connection_id),
      [connection.id],
    );
    await expectAccessible(page, 'organization with a connection');

    await page.getByRole('button', { name: 'Disable acme-directory' }).click();
    await page.getByRole('dialog', { name: 'Disable connection' }).getByRole('button', { name: 'Disable' }).click();
    await page.getByText('No connection is enabled for this organization.').waitFor(WAIT);
    assert.deepEqual(await apiList(`/organizations/${org.id}/enabled_connections`, 'read:organization_connections'), []);
    assert.deepEqual(csp, []);
    await context.close();
  });

  it('pages members from the server, 20 at a time', async () => {
    const connection = await users.connection();
    const ids = await users.users(connection.id, 23);
    const org = await t.factories.organization({ name: 'acme-crowd' });
    await t.prisma.organizationMember.createMany({ data: ids.map((user_id) => ({ organization_id: org.id, user_id })) });
    const { context, page } = await session(READ_SCOPES, `organizations/${org.id}`);
    await rowsReach(page, 20);
    await page.getByRole('button', { name: 'Members: page 2' }).click();
    // The only table on the page: no connection and no client grant is shown.
    await rowsReach(page, 3);
    await context.close();
  });

  it('shows a read-only client the members and connections without a button that changes them', async () => {
    const connection = await users.connection({ name: 'ro-directory' });
    const user = await users.user(connection.id, { email: 'ro@example.com' });
    const org = await t.factories.organization({ name: 'acme-read-only-people' });
    await t.prisma.organizationMember.create({ data: { organization_id: org.id, user_id: user.user_id } });
    await t.prisma.organizationConnection.create({ data: { organization_id: org.id, connection_id: connection.id } });
    const { context, page } = await session(READ_SCOPES, `organizations/${org.id}`);
    await page.getByRole('cell', { name: 'ro@example.com' }).waitFor(WAIT);
    await page.getByRole('cell', { name: 'ro-directory', exact: true }).waitFor(WAIT);
    assert.equal(await page.getByRole('button', { name: /Remove|Disable|Add|Enable/ }).count(), 0);
    assert.equal(await page.getByLabel(/User IDs to add|Connection to enable/).count(), 0);
    await context.close();
  });
});

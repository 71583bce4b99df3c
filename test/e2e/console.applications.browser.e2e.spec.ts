// needs: chromium
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/common/free-port.js';
import { cspViolations, expectAccessible, launchChromium, signIn } from '../support/console-browser.js';
import { clientWithGrant, requestToken, type IssuedClient } from '../support/issuer.js';
import { PROJECT_ROOT } from '../support/server-process.js';
import { AUDIENCE, startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN_SCOPES = [
  ...['read:clients', 'create:clients', 'update:client_keys', 'delete:clients'],
  ...['read:resource_servers', 'create:resource_servers', 'update:resource_servers'],
  ...['read:client_grants', 'create:client_grants', 'update:client_grants', 'delete:client_grants'],
];
const READ_ONLY_SCOPES = ['read:clients', 'read:resource_servers', 'read:client_grants'];
const WAIT = { timeout: 10_000 };

/** Waits until the page's tables hold `count` body rows (polled here: the page's CSP forbids evaluating strings in it). */
async function rowsReach(page: Page, count: number): Promise<void> {
  for (let i = 0; i < 100 && (await page.locator('tbody tr').count()) !== count; i++) await new Promise((done) => setTimeout(done, 100));
  assert.equal(await page.locator('tbody tr').count(), count);
}

// Applications, APIs and client grants in headless Chromium against the real service and its database.
describe('the console: applications, APIs and client grants', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let admin: IssuedClient;

  before(async () => {
    t = await startTestApp();
    const port = await freePort();
    await t.app.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
    admin = await clientWithGrant(t, ADMIN_SCOPES);
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
    await t.close();
  });

  async function session(client: IssuedClient, screen: string): Promise<{ context: BrowserContext; page: Page; csp: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const csp = cspViolations(page);
    await signIn(page, base, client);
    await page.goto(`${base}/console#/${screen}`);
    return { context, page, csp };
  }

  /** What the token endpoint answers these credentials: 401 for a wrong secret. */
  const tokenStatus = async (client_id: string, client_secret: string): Promise<number> =>
    (await requestToken(t, { client_id, client_secret })).status;

  it('creates an application and shows its secret once; rotates it after a confirmation; deletes it after another', async () => {
    const { context, page, csp } = await session(admin, 'applications');
    await page.getByRole('button', { name: 'Create application' }).click();
    const form = page.getByRole('dialog', { name: 'Create application' });
    await form.getByLabel('Name').fill('billing worker');
    await expectAccessible(page, 'create application');
    await form.getByRole('button', { name: 'Create' }).click();
    const shown = page.getByRole('dialog', { name: 'billing worker created' });
    const secret = await shown.getByTestId('secret-once').innerText();
    const row = await t.prisma.client.findFirstOrThrow({ where: { name: 'billing worker' } });
    await t.factories.clientGrant({ client_id: row.client_id, audience: AUDIENCE, scope: ['read:clients'] });
    assert.equal(await tokenStatus(row.client_id, secret), 200);
    assert.equal(await tokenStatus(row.client_id, `${secret}x`), 401);
    await page.screenshot({ path: join(PROJECT_ROOT, 'docs/console-application-secret.png') });
    await expectAccessible(page, 'secret shown once');
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'billing worker', exact: true }).waitFor(WAIT);
    assert.equal((await page.content()).includes(secret), false, 'the secret is gone from the page');
    await expectAccessible(page, 'applications');

    await page.getByRole('button', { name: 'Rotate secret of billing worker' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate secret' });
    assert.match(await confirm.innerText(), new RegExp(row.client_id));
    await confirm.getByRole('button', { name: 'Rotate' }).click();
    const rotated = await page.getByRole('dialog', { name: 'New secret of billing worker' }).getByTestId('secret-once').innerText();
    assert.notEqual(rotated, secret);
    assert.equal(await tokenStatus(row.client_id, secret), 401);
    assert.equal(await tokenStatus(row.client_id, rotated), 200);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Delete billing worker' }).click();
    await page.getByRole('dialog', { name: 'Delete application' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: 'billing worker', exact: true }).waitFor({ state: 'detached', ...WAIT });
    assert.equal(await t.prisma.client.count({ where: { client_id: row.client_id } }), 0);
    assert.deepEqual(csp, []);
    await context.close();
  });

  it('pages applications from the server, 20 at a time', async () => {
    for (let i = 0; i < 25; i++) await t.factories.client({ name: `paged app ${String(i).padStart(2, '0')}` });
    const total = await t.prisma.client.count();
    const { context, page } = await session(admin, 'apis');
    const [first] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/console/api/clients?')),
      page.goto(`${base}/console#/applications`),
    ]);
    assert.match(first.url(), /page=0&per_page=20&include_totals=true/);
    await rowsReach(page, 20);
    const last = Math.ceil(total / 20);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes(`page=${last - 1}&per_page=20`)),
      page.getByRole('button', { name: `Applications: page ${last}` }).click(),
    ]);
    await rowsReach(page, total - 20 * (last - 1));
    await context.close();
  });

  it('creates an API and adds a scope to it; shows a duplicate identifier refused in the API words', async () => {
    const { context, page } = await session(admin, 'apis');
    await page.getByRole('button', { name: 'Create API' }).click();
    const form = page.getByRole('dialog', { name: 'Create API' });
    await form.getByLabel('Name').fill('Invoices');
    await form.getByLabel('Identifier').fill('https://invoices.example.com/');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor(WAIT);
    await page.getByLabel('Scope', { exact: true }).fill('read:invoices');
    await page.getByLabel('Description').fill('Read invoices');
    await page.getByRole('button', { name: 'Add scope' }).click();
    await page.getByRole('cell', { name: 'read:invoices', exact: true }).waitFor(WAIT);
    await expectAccessible(page, 'API page');
    const stored = await t.prisma.resourceServer.findUniqueOrThrow({ where: { identifier: 'https://invoices.example.com/' } });
    assert.deepEqual(stored.scopes, [{ value: 'read:invoices', description: 'Read invoices' }]);

    const again = await t.api
      .post('/api/v2/resource-servers')
      .set('Authorization', await t.bearer('create:resource_servers'))
      .send({ name: 'Invoices', identifier: 'https://invoices.example.com/' });
    assert.equal(again.status, 409);
    await page.goto(`${base}/console#/apis`);
    await page.getByRole('button', { name: 'Create API' }).click();
    await form.getByLabel('Name').fill('Invoices again');
    await form.getByLabel('Identifier').fill('https://invoices.example.com/');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText((again.body as { message: string }).message, { exact: true }).waitFor(WAIT);
    await form.getByText('Error 409').waitFor();
    await context.close();
  });

  it("creates a client grant with an API's scope, edits its scopes, deletes it", async () => {
    const client = await t.factories.client({ name: 'grant target' });
    const rs = await t.factories.resourceServer({ identifier: 'https://ledger.example.com/', scopes: ['read:ledger', 'write:ledger'] });
    const { context, page, csp } = await session(admin, 'client-grants');
    await page.getByRole('button', { name: 'Create client grant' }).click();
    const form = page.getByRole('dialog', { name: 'Create client grant' });
    await form.getByLabel('Client').selectOption(client.client_id);
    await form.getByLabel('API').selectOption(rs.identifier);
    await form.getByLabel('read:ledger').check();
    await expectAccessible(page, 'create client grant');
    await form.getByRole('button', { name: 'Save' }).click();
    const edit = page.getByRole('button', { name: `Edit scopes of ${client.client_id} for ${rs.identifier}` });
    await edit.waitFor(WAIT);
    const grant = await t.prisma.clientGrant.findFirstOrThrow({ where: { client_id: client.client_id } });
    assert.deepEqual(grant.scope, ['read:ledger']);
    await expectAccessible(page, 'client grants');

    await edit.click();
    const scopes = page.getByRole('dialog', { name: `Scopes of ${client.client_id} for ${rs.identifier}` });
    await scopes.getByLabel('write:ledger').check();
    await scopes.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'read:ledger write:ledger' }).waitFor(WAIT);
    assert.deepEqual((await t.prisma.clientGrant.findUniqueOrThrow({ where: { id: grant.id } })).scope, ['read:ledger', 'write:ledger']);

    await page.getByRole('button', { name: `Delete grant of ${client.client_id} for ${rs.identifier}` }).click();
    await page.getByRole('dialog', { name: 'Delete client grant' }).getByRole('button', { name: 'Delete' }).click();
    await edit.waitFor({ state: 'detached', ...WAIT });
    assert.equal(await t.prisma.clientGrant.count({ where: { id: grant.id } }), 0);
    assert.deepEqual(csp, []);
    await context.close();
  });

  it('shows a read-only client no button that changes applications, APIs or grants', async () => {
    const readOnly = await clientWithGrant(t, READ_ONLY_SCOPES);
    const client = await t.factories.client({ name: 'read only app' });
    // Other tests made enough applications to fill the first page: any row will do.
    const rs = await t.factories.resourceServer({ scopes: ['read:ro'] });
    await t.factories.clientGrant({ client_id: client.client_id, audience: rs.identifier, scope: ['read:ro'] });
    const { context, page } = await session(readOnly, 'applications');
    await page.locator('tbody tr').first().waitFor(WAIT);
    const changing = /Create|Rotate|Delete|Edit|Add scope|Remove/;
    assert.equal(await page.getByRole('button', { name: changing }).count(), 0);
    await page.goto(`${base}/console#/apis/${rs.id}`);
    await page.getByRole('cell', { name: 'read:ro', exact: true }).first().waitFor(WAIT);
    assert.equal(await page.getByRole('button', { name: changing }).count(), 0);
    await page.goto(`${base}/console#/client-grants`);
    await page.getByRole('cell', { name: rs.identifier }).waitFor(WAIT);
    assert.equal(await page.getByRole('button', { name: changing }).count(), 0);
    await context.close();
  });
});

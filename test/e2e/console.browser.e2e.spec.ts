// needs: chromium
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/common/free-port.js';
import { cspViolations, expectAccessible, launchChromium, signIn } from '../support/console-browser.js';
import { clientWithGrant, requestToken, type IssuedClient } from '../support/issuer.js';
import { associate, m2mClient, orgToken } from '../support/m2m.js';
import { expectOAuthError } from '../support/responses.js';
import { PROJECT_ROOT } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN_SCOPES = [
  'read:organizations',
  'read:organization_client_grants',
  'create:organization_client_grants',
  'delete:organization_client_grants',
  'read:client_grants',
  'read:token_exchange_profiles',
  'create:token_exchange_profiles',
  'update:token_exchange_profiles',
  'delete:token_exchange_profiles',
  'read:actions',
  'read:logs',
];
const READ_ONLY_SCOPES = ['read:organizations', 'read:organization_client_grants', 'read:token_exchange_profiles', 'read:logs'];
const WAIT = { timeout: 10_000 };

// The console in headless Chromium against the real service (listening on a port) and its database.
describe('the tenant console in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let admin: IssuedClient;
  let readOnly: IssuedClient;

  before(async () => {
    t = await startTestApp();
    const port = await freePort();
    await t.app.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
    admin = await clientWithGrant(t, ADMIN_SCOPES);
    readOnly = await clientWithGrant(t, READ_ONLY_SCOPES);
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
    await t.close();
  });

  /** A fresh browser profile per test: no cookie carries over. */
  async function session(client: IssuedClient): Promise<{ context: BrowserContext; page: Page; csp: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const csp = cspViolations(page);
    await signIn(page, base, client);
    return { context, page, csp };
  }

  it('signs in, shows every screen without an accessibility violation or a CSP refusal', async () => {
    await t.factories.organization({ name: 'acme-screens', display_name: 'Acme screens' });
    const { context, page, csp } = await session(admin);
    await page.getByRole('heading', { name: 'Organizations' }).waitFor();
    await page.getByRole('link', { name: 'acme-screens' }).waitFor();
    await expectAccessible(page, 'organizations');
    await page.getByRole('link', { name: 'acme-screens' }).click();
    await page.getByRole('heading', { name: 'Machine-to-machine access' }).waitFor();
    await expectAccessible(page, 'organization');
    for (const [link, heading] of [
      ['Token exchange profiles', 'Token exchange profiles'],
      ['Logs', 'Logs'],
    ]) {
      await page.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expectAccessible(page, heading);
    }
    assert.deepEqual(csp, []);
    await context.close();
  });

  it('removes a client grant from an organization after a confirmation naming client and API; the next token for it is refused', async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow' });
    const org = await t.factories.organization({ name: 'acme-m2m', display_name: 'Acme M2M' });
    await associate(t, org.id, setup.grantId);
    assert.equal((await orgToken(t, setup, org.id)).status, 200);

    const { context, page, csp } = await session(admin);
    await page.goto(`${base}/console#/organizations/${org.id}`);
    const remove = page.getByRole('button', { name: `Remove ${setup.client.client_id} for ${setup.audience}` });
    await remove.waitFor(WAIT);
    await page.screenshot({ path: join(PROJECT_ROOT, 'docs/console-organization.png') });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Remove access' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    assert.ok(text.includes(setup.client.client_id) && text.includes(setup.audience), text);
    await expectAccessible(page, 'remove confirmation');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No client grant is associated with this organization.').waitFor(WAIT);

    expectOAuthError(
      await orgToken(t, setup, org.id),
      403,
      'access_denied',
      `The client grant for "${setup.audience}" is not associated with the organization ${org.id}.`,
    );
    assert.deepEqual(csp, []);
    await context.close();
  });

  it("adds access: associates one of the tenant's client grants, and the organization's token is then issued", async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow' });
    const org = await t.factories.organization({ name: 'acme-add' });
    assert.equal((await orgToken(t, setup, org.id)).status, 403);
    const { context, page, csp } = await session(admin);
    await page.goto(`${base}/console#/organizations/${org.id}`);
    await page.getByText('No client grant is associated with this organization.').waitFor(WAIT);
    await page.getByRole('button', { name: 'Add access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add access' });
    await dialog.getByLabel('Client grant').selectOption(setup.grantId);
    await expectAccessible(page, 'add access');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: `Remove ${setup.client.client_id} for ${setup.audience}` }).waitFor(WAIT);
    assert.equal((await orgToken(t, setup, org.id)).status, 200);
    assert.deepEqual(csp, []);
    await context.close();
  });

  it("renames a profile, and shows a wrong subject_token_type refused in the API's words next to the field", async () => {
    const profile = await t.factories.tokenExchangeProfile({ name: 'rename me' });
    const { context, page } = await session(admin);
    await page.goto(`${base}/console#/token-exchange-profiles`);
    await page.getByRole('button', { name: 'Edit rename me' }).click();
    const form = page.getByRole('dialog', { name: 'Edit rename me' });
    await form.getByLabel('Name').fill('renamed profile');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'renamed profile', exact: true }).waitFor(WAIT);
    assert.equal((await t.prisma.tokenExchangeProfile.findUniqueOrThrow({ where: { id: profile.id } })).name, 'renamed profile');

    // What the API itself answers for that value, to be shown as it is.
    const wrong = 'http://acme.example/t';
    const answer = await t.api
      .patch(`/api/v2/token-exchange-profiles/${profile.id}`)
      .set('Authorization', await t.bearer('update:token_exchange_profiles'))
      .send({ subject_token_type: wrong });
    assert.equal(answer.status, 400);
    const message = (answer.body as { message: string }).message;

    await page.getByRole('button', { name: 'Edit renamed profile' }).click();
    const again = page.getByRole('dialog', { name: 'Edit renamed profile' });
    const field = again.getByLabel('Subject token type');
    await field.fill(wrong);
    await again.getByRole('button', { name: 'Save' }).click();
    await again.getByText(message, { exact: true }).waitFor(WAIT);
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await page.screenshot({ path: join(PROJECT_ROOT, 'docs/console-profile-validation.png') });
    await expectAccessible(page, 'profile form with an error');
    assert.equal(
      (await t.prisma.tokenExchangeProfile.findUniqueOrThrow({ where: { id: profile.id } })).subject_token_type,
      profile.subject_token_type,
    );
    await context.close();
  });

  it('deletes a profile after a confirmation naming it', async () => {
    const profile = await t.factories.tokenExchangeProfile({ name: 'delete me' });
    const { context, page } = await session(admin);
    await page.goto(`${base}/console#/token-exchange-profiles`);
    await page.getByRole('button', { name: 'Delete delete me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete profile' });
    assert.match(await dialog.innerText(), /delete me/);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete delete me' }).waitFor({ state: 'detached', ...WAIT });
    assert.equal(await t.prisma.tokenExchangeProfile.count({ where: { id: profile.id } }), 0);
    await context.close();
  });

  it('follows the tenant log live: a new entry appears without reloading', async () => {
    const { context, page } = await session(admin);
    await page.goto(`${base}/console#/logs`);
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    // Live starts from the newest entry of the log; the write comes after it.
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/console/api/logs?sort=date:-1&per_page=1')),
      page.getByRole('switch', { name: 'Live' }).check(),
    ]);
    const created = await t.api
      .post('/api/v2/organizations')
      .set('Authorization', await t.bearer('create:organizations'))
      .send({ name: 'live-entry' });
    assert.equal(created.status, 201);
    const [entry] = (await t.api.get('/api/v2/logs?sort=date:-1&per_page=1').set('Authorization', await t.bearer('read:logs'))).body as {
      log_id: string;
      type: string;
    }[];
    assert.equal(entry.type, 'sapi');
    await page.getByRole('button', { name: `Details of ${entry.log_id}` }).waitFor(WAIT);
    await context.close();
  });

  it('filters the tenant log by type through the API search', async () => {
    // A client credentials token (seccft) beside the management writes (sapi) the other tests made.
    assert.equal((await requestToken(t, admin)).status, 200);
    const tokenEntries = async () =>
      (await t.api.get('/api/v2/logs?q=type:seccft').set('Authorization', await t.bearer('read:logs'))).body as unknown[];
    // The token endpoint writes its entry beside the reply, so it may land a moment later.
    for (let i = 0; i < 50 && (await tokenEntries()).length === 0; i++) await new Promise((done) => setTimeout(done, 100));
    const { context, page } = await session(admin);
    await page.goto(`${base}/console#/logs`);
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    await page.getByLabel('Type').selectOption('seccft');
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/console/api/logs?q=type%3Aseccft')),
      page.getByRole('button', { name: 'Apply' }).click(),
    ]);
    const types = await page.locator('tbody .mantine-Badge-root').allTextContents();
    assert.ok(types.length > 0);
    assert.deepEqual([...new Set(types)], ['seccft']);
    await context.close();
  });

  it('works with the keyboard: sign in, reach a screen, open a confirmation and close it', async () => {
    const profile = await t.factories.tokenExchangeProfile({ name: 'keyboard profile' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/console`);
    await page.getByLabel('Client ID').waitFor();
    // The focused element's text, or its name for a field (evaluated in the page, where document exists).
    const focused = () => page.evaluate<string>("document.activeElement.textContent || document.activeElement.getAttribute('name') || ''");
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'client_id');
    await page.keyboard.type(admin.client_id);
    await page.keyboard.press('Tab');
    await page.keyboard.type(admin.client_secret);
    await page.keyboard.press('Enter');
    await page.getByText('Signed in as').waitFor(WAIT);
    // Tab to the navigation link, then Enter.
    for (let i = 0; i < 20 && (await focused()) !== 'Token exchange profiles'; i++) await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Token exchange profiles');
    await page.keyboard.press('Enter');
    const remove = page.getByRole('button', { name: 'Delete keyboard profile' });
    await remove.waitFor(WAIT);
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Delete profile' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    assert.equal(await t.prisma.tokenExchangeProfile.count({ where: { id: profile.id } }), 1);
    await context.close();
  });

  it('shows a read-only client no destructive button', async () => {
    const setup = await m2mClient(t, { organization_usage: 'allow' });
    const org = await t.factories.organization({ name: 'acme-read-only' });
    await associate(t, org.id, setup.grantId);
    await t.factories.tokenExchangeProfile({ name: 'read only profile' });
    const { context, page } = await session(readOnly);
    await page.goto(`${base}/console#/organizations/${org.id}`);
    await page.getByRole('cell', { name: setup.audience }).waitFor(WAIT);
    assert.equal(await page.getByRole('button', { name: /Remove|Add access/ }).count(), 0);
    await page.goto(`${base}/console#/token-exchange-profiles`);
    await page.getByRole('cell', { name: 'read only profile', exact: true }).waitFor(WAIT);
    assert.equal(await page.getByRole('button', { name: /Delete|Edit|Create/ }).count(), 0);
    await context.close();
  });

  it('signs out: the session ends on the server, not only in the page', async () => {
    const { context, page } = await session(admin);
    const [cookie] = await context.cookies();
    assert.equal(cookie.name, 'console_session');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
    const replayed = await t.api.get('/console/api/organizations').set('Cookie', `console_session=${cookie.value}`);
    assert.equal(replayed.status, 401);
    await context.close();
  });
});

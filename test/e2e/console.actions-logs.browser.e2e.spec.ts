// needs: chromium
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, expectAccessible, launchChromium, signIn } from '../support/console-browser.js';
import { clientWithGrant } from '../support/issuer.js';
import { PROJECT_ROOT } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit } from '../support/token-exchange.js';

const READ_SCOPES = ['read:token_exchange_profiles', 'read:actions', 'read:logs', 'read:log_streams'];
const ADMIN_SCOPES = [...READ_SCOPES, 'update:actions', 'create:actions'];
const WAIT = { timeout: 10_000 };
const utcDay = (offsetDays = 0): string => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

// An action's code, deploys and executions; the log's filters and entries; log streams: in headless Chromium.
describe('the console: actions, logs and log streams', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let kit: ExchangeKit;

  before(async () => {
    t = await startTestApp({ LOG_STREAM_POLL_MS: '100' });
    // The kit makes the app listen (its SDK needs a URL); the browser uses the same server.
    kit = await ExchangeKit.start(t);
    base = new URL(kit.baseUrl).origin;
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

  it("reaches a profile's action, edits its code, deploys it, and sees the execution the new code logged", async () => {
    const actionId = await kit.deployedAction(
      "exports.onExecuteCustomTokenExchange = async (event, api) => { console.log('version one'); };",
    );
    const profile = (await kit.profile(actionId)) as { id: string; subject_token_type: string; name?: string };
    const client = await kit.client();
    const { context, page, csp } = await session(ADMIN_SCOPES, 'token-exchange-profiles');
    await page.getByRole('link', { name: `Action of ${profile.name}` }).click();
    await page.getByText('Version 1 deployed').waitFor(WAIT);
    await page.getByText('No execution in the last 10 days.').waitFor(WAIT);
    await expectAccessible(page, 'action');

    const code = "exports.onExecuteCustomTokenExchange = async (event, api) => { console.log('edited in the console'); };";
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Saved the draft.').waitFor(WAIT);
    await page.getByText('the draft has changes not deployed').waitFor(WAIT);
    await page.getByRole('button', { name: 'Deploy' }).click();
    await page.getByText('Deployed version 2.').waitFor(WAIT);
    assert.equal((await t.prisma.actionVersion.findFirstOrThrow({ where: { action_id: actionId, deployed: true } })).code, code);

    await exchange(t, client, { subject_token_type: profile.subject_token_type });
    await page.getByRole('button', { name: 'Refresh executions' }).click();
    const [execution] = await t.prisma.actionExecution.findMany({ orderBy: { created_at: 'desc' }, take: 1 });
    await page.getByRole('button', { name: `Logs of execution ${execution.id}` }).click();
    await page.getByText('edited in the console', { exact: true }).waitFor(WAIT);
    await page.screenshot({ path: join(PROJECT_ROOT, 'docs/console-action.png'), fullPage: true });
    await expectAccessible(page, 'action with an execution');
    assert.deepEqual(csp, []);
    await context.close();
  });

  it("filters the log by type and date and opens a management write's before and after values", async () => {
    const org = await t.factories.organization({ name: 'acme-audit', display_name: 'Before name' });
    const patched = await t.api
      .patch(`/api/v2/organizations/${org.id}`)
      .set('Authorization', await t.bearer('update:organizations'))
      .send({ display_name: 'After name' });
    assert.equal(patched.status, 200);
    const [entry] = (await t.api.get('/api/v2/logs?q=type:sapi&sort=date:-1&per_page=1').set('Authorization', await t.bearer('read:logs')))
      .body as { log_id: string }[];
    const { context, page } = await session(ADMIN_SCOPES, 'logs');
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    await page.getByLabel('Type').selectOption('sapi');
    await page.getByLabel('From (UTC day)').fill(utcDay());
    await page.getByLabel('To (UTC day)').fill(utcDay());
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/console/api/logs?q=type%3Asapi')),
      page.getByRole('button', { name: 'Apply' }).click(),
    ]);
    assert.equal(new URL(answer.url()).searchParams.get('q'), `type:sapi AND date:[${utcDay()} TO ${utcDay(1)}}`);
    await page.getByRole('button', { name: `Details of ${entry.log_id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Log entry ${entry.log_id}` });
    const change = dialog.getByRole('table', { name: 'Changes to organizations' }).getByRole('row', { name: /display_name/ });
    assert.deepEqual(await change.getByRole('cell').allInnerTexts(), ['display_name', '"Before name"', '"After name"']);
    await page.screenshot({ path: join(PROJECT_ROOT, 'docs/console-log-entry.png') });
    await expectAccessible(page, 'log entry');
    await page.keyboard.press('Escape');

    // Up to yesterday: today's entries are outside the range.
    await page.getByLabel('From (UTC day)').fill('');
    await page.getByLabel('To (UTC day)').fill(utcDay(-1));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: `Details of ${entry.log_id}` }).waitFor({ state: 'detached', ...WAIT });
    await context.close();
  });

  it('lists log streams with their status and the last delivery error', async () => {
    const created = await t.api
      .post('/api/v2/log-streams')
      .set('Authorization', await t.bearer('create:log_streams'))
      .send({ name: 'siem', type: 'http', sink: { httpEndpoint: 'http://127.0.0.1:9/nothing-listens-here' } });
    assert.equal(created.status, 200, created.text);
    const id = (created.body as { id: string }).id;
    // A management write: an entry for the stream to deliver.
    await t.api
      .post('/api/v2/organizations')
      .set('Authorization', await t.bearer('create:organizations'))
      .send({ name: 'stream-entry' });
    let stream = await t.prisma.logStream.findUniqueOrThrow({ where: { id } });
    for (let i = 0; i < 200 && !stream.last_error; i++) {
      await new Promise((done) => setTimeout(done, 50));
      stream = await t.prisma.logStream.findUniqueOrThrow({ where: { id } });
    }
    assert.match(stream.last_error ?? '', /could not be reached/);
    const { context, page } = await session(READ_SCOPES, 'log-streams');
    const row = page.getByRole('row', { name: /siem/ });
    await row.getByText(stream.last_error ?? '', { exact: false }).waitFor(WAIT);
    assert.match(await row.innerText(), /active/i);
    await expectAccessible(page, 'log streams');
    await context.close();
  });

  it('refuses the log streams read to a session without read:log_streams, in the scopes guard words', async () => {
    const { context, page } = await session(['read:logs'], 'log-streams');
    await page.getByText('Insufficient scope, expected any of: read:log_streams').first().waitFor(WAIT);
    await context.close();
  });

  it('shows a read-only client the action without a button that changes or deploys it', async () => {
    const actionId = await kit.deployedAction("exports.onExecuteCustomTokenExchange = async (event, api) => { console.log('ro'); };");
    const { context, page } = await session(READ_SCOPES, `actions/${actionId}`);
    await page.getByText('Version 1 deployed').waitFor(WAIT);
    assert.equal(await page.getByRole('button', { name: /Save|Deploy/ }).count(), 0);
    assert.equal(await page.getByLabel('Code').getAttribute('readonly'), '');
    await context.close();
  });
});

// needs: chromium
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort } from '../../src/common/free-port.js';
import { expectAccessible, launchChromium, signIn } from '../support/console-browser.js';
import { clientWithGrant } from '../support/issuer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A 429 as the console shows it: the API's words and when to try again (one request a minute refills a bucket;
// the page and sign-in draw from the address's bucket, the session's API calls from its client's).
describe('the console under the rate limit', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  before(async () => {
    t = await startTestApp({ RATE_LIMIT_BURST: '10', RATE_LIMIT_PER_MINUTE: '1', REDIS_URL: '' });
    const port = await freePort();
    await t.app.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
    await t.close();
  });

  it("shows a refused read in the API's words with the seconds to wait", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, base, await clientWithGrant(t, ['read:clients', 'read:organizations']));
    const [cookie] = await context.cookies();
    // The client's bucket, emptied beside the page; the next screen's read (a hash change, no page load) is refused.
    let refused;
    for (let i = 0; i < 15 && !refused; i++) {
      const answer = await t.api.get('/console/api/clients').set('Cookie', `${cookie.name}=${cookie.value}`);
      if (answer.status === 429) refused = answer;
    }
    assert.ok(refused, 'no 429');
    const message = (refused.body as { message: string }).message;
    await page.goto(`${base}/console#/applications`);
    const alert = page.getByRole('alert');
    await alert.getByText('Error 429').waitFor({ timeout: 10_000 });
    const text = await alert.innerText();
    const seconds = Number(/Try again in (\d+) s\./.exec(text)?.[1]);
    assert.ok(text.includes(message), text);
    assert.ok(seconds > 0 && seconds <= 60, text);
    await expectAccessible(page, '429');
    await context.close();
  });
});

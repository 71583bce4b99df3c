import assert from 'node:assert/strict';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { IssuedClient } from './issuer.js';

// Debian's chromium package (CI installs it as .ci/run does HAProxy); playwright-core brings no browser of its own.
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** axe-core's checks on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's script-src 'self' does not govern.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const inPage = (globalThis as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await inPage.run()).violations;
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} at ${JSON.stringify(v.nodes.map((n) => [n.target, n.failureSummary]))}`);
  assert.deepEqual(serious, [], `${what}: accessibility violations`);
}

/** Every Content-Security-Policy refusal the page reports, so a test can require there was none. */
export function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(message.text());
  });
  return seen;
}

export async function signIn(page: Page, base: string, client: IssuedClient): Promise<void> {
  await page.goto(`${base}/console`);
  await page.getByLabel('Client ID').fill(client.client_id);
  await page.getByLabel('Client secret').fill(client.client_secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as').waitFor();
}

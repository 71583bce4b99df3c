import { ActionRuntime, type ActionRunResult, type CustomTokenExchangeEvent } from '../../src/action-runtime/action-run.js';
import type { Prisma } from '../../src/generated/prisma/client.js';
import { ActionFactories } from './action-factories.js';
import type { TestApp } from './test-app.js';

/** An event as the token endpoint would build it. */
export function exchangeEvent(overrides: Partial<CustomTokenExchangeEvent['transaction']> = {}): CustomTokenExchangeEvent {
  return {
    client: { client_id: 'client-1', name: 'Client', metadata: {} },
    request: {
      body: { grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange' },
      ip: '203.0.113.7',
      hostname: 'tenant.test',
      method: 'POST',
    },
    resource_server: { identifier: 'https://api.example.com' },
    tenant: { id: 'tenant' },
    transaction: {
      subject_token: 'subject-token',
      subject_token_type: 'urn:example:token',
      requested_scopes: ['openid'],
      ...overrides,
    },
  };
}

/** A deployed custom-token-exchange action running `code`; its id. */
export async function deployAction(t: TestApp, code: string, overrides: Partial<Prisma.ActionUncheckedCreateInput> = {}): Promise<string> {
  return (await new ActionFactories(t.prisma).deployed({ code, ...overrides })).action.id;
}

/** Runs the action through the runtime the token endpoint uses (the ActionRuntime provider). */
export function runAction(t: TestApp, actionId: string, event = exchangeEvent()): Promise<ActionRunResult> {
  return t.app.get(ActionRuntime).runCustomTokenExchange(actionId, event);
}

/** Live action processes forked by this process (their command line names the runner). */
export async function runnerProcesses(parent = process.pid): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) !== parent || state === 'Z') continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('action-runtime/child/runner.js')) pids.push(Number(entry));
  }
  return pids;
}

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { deployAction, runAction } from '../support/action-runtime.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// An app of its own: pruning runs on the first execution of a runtime, then at most hourly.
describe('action runtime: execution records', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('keeps executions 10 days, as Auth0: older ones are deleted by a later execution', async () => {
    const day = 24 * 60 * 60_000;
    const row = (id: string, age: number) => ({
      id,
      trigger_id: 'custom-token-exchange',
      status: 'final',
      created_at: new Date(Date.now() - age),
    });
    const [old, recent] = [randomUUID(), randomUUID()];
    await t.prisma.actionExecution.createMany({ data: [row(old, 10 * day + 60_000), row(recent, 10 * day - 60_000)] });
    const result = await runAction(t, await deployAction(t, 'exports.onExecuteCustomTokenExchange = async () => {};'));
    for (let i = 0; i < 100 && (await t.prisma.actionExecution.count({ where: { id: old } })) > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    const left = await t.prisma.actionExecution.findMany({
      where: { id: { in: [old, recent, result.executionId] } },
      select: { id: true },
    });
    assert.deepEqual(left.map((r) => r.id).sort(), [recent, result.executionId].sort());
    assert.match(result.executionId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LogStreamDelivery } from '../../src/log-streams/delivery/log-stream-delivery.service.js';
import { logId } from '../../src/logs/log-id.js';
import { LogReceiver } from '../support/log-stream-receiver.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const POLL_MS = 100;
const ENTRIES = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How many combined signals AbortSignal.any() has recorded on `signal`. Node keeps them in a set
 * of the source that nothing public exposes, and that set is what grows: read by its symbol's name.
 */
function recordedDependants(signal: AbortSignal): number {
  const key = Object.getOwnPropertySymbols(signal).find((symbol) => symbol.description === 'kDependantSignals');
  return key === undefined ? 0 : (signal as unknown as Record<symbol, Set<unknown>>)[key].size;
}

describe('log streams: what deliveries leave behind in the instance', () => {
  let t: TestApp;
  let receiver: LogReceiver;
  before(async () => {
    t = await startTestApp({ LOG_STREAM_POLL_MS: String(POLL_MS), LOG_STREAM_BATCH_SIZE: '5' });
    receiver = await LogReceiver.start();
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  it('keeps no signal that records every request it has sent to a sink', async () => {
    const res = await t.api
      .post('/api/v2/log-streams')
      .set('Authorization', await t.bearer('create:log_streams'))
      // One request per entry.
      .send({ type: 'http', sink: { httpEndpoint: receiver.url, httpContentFormat: 'JSONOBJECT' } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const ids: string[] = [];
    for (let i = 0; i < ENTRIES; i++) {
      const row = await t.prisma.tenantLog.create({ data: { type: 'sapi', description: `entry ${i}`, client_id: 'cli_1' } });
      ids.push(logId(row.tx_id, row.seq));
    }
    assert.deepEqual(await receiver.untilAll(ids), ids);
    // Polls with nothing to send follow the one that delivered the last entry.
    await sleep(POLL_MS * 4);
    const delivery = t.app.get(LogStreamDelivery);
    const kept = Object.values(delivery).flatMap((value: unknown) =>
      value instanceof AbortController ? [value.signal] : value instanceof AbortSignal ? [value] : [],
    );
    const recorded = kept.reduce((sum, signal) => sum + recordedDependants(signal), 0);
    assert.ok(recorded < ENTRIES, `the instance's signals record ${recorded} requests after ${ENTRIES} were delivered`);
  });
});

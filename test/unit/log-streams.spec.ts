import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backoffMs, LEASE_MS, SINK_TIMEOUT_MS, SUSPEND_AFTER_FAILURES } from '../../src/log-streams/delivery/delivery-policy.js';
import { streamedLogJson, type LogEntryRow } from '../../src/log-streams/delivery/log-event.js';
import { passesFilters } from '../../src/log-streams/log-categories.js';

describe('log streams: delivery rules', () => {
  it('backs off from the poll interval, doubling, capped at 60 s', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 7, 8, 100, 10_000].map((failures) => backoffMs(failures, 1000)),
      [1000, 2000, 4000, 8000, 60_000, 60_000, 60_000, 60_000],
    );
    assert.equal(backoffMs(1, 100), 100);
  });

  it('suspends after about 7 days of failures at the cap; a lease outlasts a sink request', () => {
    assert.equal(SUSPEND_AFTER_FAILURES, 10_080);
    assert.ok(LEASE_MS > 2 * SINK_TIMEOUT_MS);
  });

  it("filters by Auth0's categories; no filter delivers everything, unknown codes are 'other'", () => {
    const only = (...names: string[]) => new Set(names);
    assert.equal(passesFilters('sapi', undefined), true);
    assert.equal(passesFilters('sapi', only()), true);
    assert.equal(passesFilters('sapi', only('management.success')), true);
    assert.equal(passesFilters('fapi', only('management.success')), false);
    assert.equal(passesFilters('fapi', only('management.fail')), true);
    assert.equal(passesFilters('seccft', only('auth.token_exchange.success')), true);
    assert.equal(passesFilters('feccft', only('auth.token_exchange.fail')), true);
    assert.equal(passesFilters('secte', only('auth.token_exchange.success')), true);
    assert.equal(passesFilters('fecte', only('auth.token_exchange.success')), false);
    assert.equal(passesFilters('something_new', only('other')), true);
    assert.equal(passesFilters('something_new', only('management.success')), false);
    // A priority stream's `security` category: Auth0's prioritized events only.
    assert.equal(passesFilters('limit_wc', only('security')), true);
    assert.equal(passesFilters('sapi', only('security')), false);
  });

  it("shapes an entry as Auth0's {log_id, data}, leaving out the fields never set, details as stored", () => {
    // As jsonb renders it: the stored text goes out as it is, not parsed and serialized again.
    const details = '{"request": {"method": "POST", "body": {"name": "x\\u00e9"}}}';
    const row = {
      seq: '7',
      tx_id: '42',
      log_id: 'log_1',
      date: new Date('2026-11-23T10:00:00.000Z'),
      type: 'sapi',
      description: 'Create a log stream',
      client_id: 'cli_1',
      client_name: null,
      ip: '127.0.0.1',
      user_agent: null,
      hostname: null,
      user_id: null,
      user_name: null,
      audience: null,
      scope: null,
      organization_id: null,
      organization_name: null,
      details,
    } satisfies LogEntryRow;
    const json = streamedLogJson(row);
    assert.deepEqual(JSON.parse(json), {
      log_id: 'log_1',
      data: {
        log_id: 'log_1',
        date: '2026-11-23T10:00:00.000Z',
        type: 'sapi',
        description: 'Create a log stream',
        client_id: 'cli_1',
        ip: '127.0.0.1',
        details: { request: { method: 'POST', body: { name: 'x\u00e9' } } },
      },
    });
    assert.ok(json.endsWith(`,"details":${details}}}`), json);
    const withoutDetails = JSON.parse(streamedLogJson({ ...row, details: null })) as { data: Record<string, unknown> };
    assert.deepEqual(Object.keys(withoutDetails.data), ['log_id', 'date', 'type', 'description', 'client_id', 'ip']);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDatabaseUnavailable } from '../../src/common/database-unavailable.js';

describe('isDatabaseUnavailable', () => {
  it("Prisma's interactive transaction that could not start, or expired, in time is the database not answering", () => {
    const start = Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' });
    const expired = Object.assign(
      new Error(
        'Transaction API error: A query cannot be executed on an expired transaction. The timeout for this transaction was 40000 ms, however 40012 ms passed since the start of the transaction.',
      ),
      { code: 'P2028' },
    );
    assert.equal(isDatabaseUnavailable(start), true);
    assert.equal(isDatabaseUnavailable(expired), true);
  });

  it('a driver timeout under Prisma, and nothing else', () => {
    const wrapped = Object.assign(new Error('raw query failed'), {
      code: 'P2010',
      meta: { driverAdapterError: new Error('Query read timeout') },
    });
    assert.equal(isDatabaseUnavailable(wrapped), true);
    assert.equal(
      isDatabaseUnavailable(Object.assign(new Error('Transaction API error: Transaction not found.'), { code: 'P2028' })),
      false,
    );
    assert.equal(isDatabaseUnavailable(Object.assign(new Error('Unique constraint failed'), { code: 'P2002' })), false);
  });
});

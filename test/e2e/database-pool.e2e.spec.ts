import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type pg from 'pg';
import { DatabasePool } from '../../src/database/database-pool.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('the database pool', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp();
  });

  after(async () => {
    await t.close();
  });

  // At shutdown the embedded server stops right after the pool has ended: a connection still
  // ending then would be ended from the server's side, and logged as lost.
  it('ends the pool once its connections have ended, not once they were asked to', async () => {
    const pool = new DatabasePool({ connectionString: t.databaseUrl, max: 3 });
    const clients = await Promise.all([1, 2, 3].map((): Promise<pg.PoolClient> => pool.connect()));
    for (const client of clients) client.release();
    let removed = 0;
    pool.on('remove', () => removed++);
    await pool.end();
    assert.equal(removed, 3, 'each connection had said its end was complete');
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type pg from 'pg';
import { TransactionAwarePool } from '../../src/database/request-transaction.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Backend {
  pid: number;
  xid: string;
}

/**
 * The request transaction's scope is switched off whenever no transaction is in flight (Node 20's
 * AsyncLocalStorage otherwise taxes every promise of the process for good). These check that
 * switching it off never cuts a transaction still running, and that it does go off. The last one
 * checks the same pool's end(), which shutdown relies on.
 */
describe('request transactions', () => {
  let t: TestApp;
  const backend = async (): Promise<Backend> =>
    (await t.prisma.sql<Backend>('SELECT pg_backend_pid() AS pid, txid_current()::text AS xid', []))[0];

  before(async () => {
    t = await startTestApp();
  });

  after(async () => {
    await t.close();
  });

  it("keeps a transaction's statements, its own and Prisma's, on its connection after another one beside it commits", async () => {
    let started!: () => void;
    const secondStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const firstCommitted = new Promise<void>((resolve) => (release = resolve));
    const seen: Partial<Record<'atStart' | 'afterwards' | 'viaPrisma', Backend>> = {};

    const second = t.prisma
      .inRequestTransaction(
        async () => {
          seen.atStart = await backend();
          started();
          await firstCommitted;
          seen.afterwards = await backend();
          [seen.viaPrisma] = await t.prisma.$queryRaw<Backend[]>`SELECT pg_backend_pid() AS pid, txid_current()::text AS xid`;
          await t.prisma.sql('INSERT INTO organizations (id, name) VALUES ($1, $2)', ['org_tx_second_sql', 'tx-second-sql']);
          await t.prisma.organization.create({ data: { id: 'org_tx_second_prisma', name: 'tx-second-prisma' } });
        },
        // Its last statement fails: everything it wrote must roll back with it.
        () => 'SELECT 1/0',
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await secondStarted;
    const first = await t.prisma.inRequestTransaction(backend, () => 'SELECT 1');
    release();

    assert.match(String(await second), /division by zero/);
    assert.notEqual(first.xid, seen.atStart?.xid, 'two transactions');
    assert.deepEqual(seen.afterwards, seen.atStart, 'the same connection and transaction after the other committed');
    assert.deepEqual(seen.viaPrisma, seen.atStart, "Prisma's statement joined it too");
    const [{ count }] = await t.prisma.sql<{ count: number }>(
      "SELECT count(*)::int AS count FROM organizations WHERE id IN ('org_tx_second_sql', 'org_tx_second_prisma')",
      [],
    );
    assert.equal(count, 0, 'both its writes rolled back');
  });

  it('leaves no async context on the promises made once no transaction is in flight', async () => {
    await t.prisma.inRequestTransaction(backend, () => 'SELECT 1');
    // Node turns its promise hook off on the next microtask.
    await new Promise((resolve) => setImmediate(resolve));
    const made = Promise.resolve();
    // Node 20 and 22 keep an AsyncLocalStorage's store on each promise under this symbol while its hook
    // is on; Node 24's AsyncContextFrame keeps none (it has no such hook to switch off).
    const symbols = Object.getOwnPropertySymbols(made).map(String);
    assert.ok(!symbols.includes('Symbol(kResourceStore)'), `a promise made now carries no async context: ${symbols.join(', ')}`);
  });

  // At shutdown the embedded server stops right after the pool has ended: a connection still
  // ending then would be ended from the server's side, and logged as lost.
  it('ends the pool once its connections have ended, not once they were asked to', async () => {
    const pool = new TransactionAwarePool({ connectionString: t.databaseUrl, max: 3 });
    const clients = await Promise.all([1, 2, 3].map((): Promise<pg.PoolClient> => pool.connect()));
    for (const client of clients) client.release();
    let removed = 0;
    pool.on('remove', () => removed++);
    await pool.end();
    assert.equal(removed, 3, 'each connection had said its end was complete');
  });
});

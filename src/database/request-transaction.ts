import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { isDatabaseUnavailable } from './database-errors.js';

/** The connection a management write runs on, from BEGIN to COMMIT or ROLLBACK. */
interface BoundTransaction {
  readonly client: pg.PoolClient;
  /** False once COMMIT or ROLLBACK is under way: late statements (background work started by the request) go to the pool. */
  open: boolean;
  savepoints: number;
}

// The transaction a request's statements join. On Node 20 the first run() of an AsyncLocalStorage
// turns on an init hook that every promise of the process then pays (~10% of a hot request's CPU,
// bench/NOTES.md), until disable(): so the scope is disabled whenever no transaction is in flight
// (counted for the process, as the scope is), and the hot paths, which never open one, stop paying.
const scope = new AsyncLocalStorage<{ readonly tx: BoundTransaction }>();
let transactionsInFlight = 0;

// One round trip: the simple-query protocol takes both statements. The setting turns on the
// before/after capture triggers (prisma/migrations/20261123040000_tenant_log_capture).
const BEGIN_SQL = "BEGIN; SET LOCAL tenant_log.capture = 'on'";

type Query = (...args: unknown[]) => unknown;

// How long end() waits for a connection's end to complete: one still connecting never says it.
const CONNECTIONS_END_WAIT_MS = 2_000;

/**
 * The pool under PrismaService. Inside a request transaction (runInTransaction) every statement,
 * from PrismaService.sql() or from Prisma's adapter, goes to the transaction's connection; a
 * Prisma `$transaction` becomes a savepoint of it. A subclass, because @prisma/adapter-pg only
 * takes an external pool that is `instanceof pg.Pool`.
 */
export class TransactionAwarePool extends pg.Pool {
  // Typed `never` to satisfy every overload of pg's query()/connect(); the bound client answers with the same shapes.
  override query(...args: unknown[]): never {
    const tx = current();
    return (tx ? (tx.client.query as Query).apply(tx.client, args) : (super.query as Query).apply(this, args)) as never;
  }

  // Prisma's startTransaction() calls connect(), sends BEGIN, then COMMIT or ROLLBACK, and releases.
  override connect(...args: unknown[]): never {
    const tx = current();
    if (tx) return Promise.resolve(savepointClient(tx)) as never;
    return (super.connect as Query).apply(this, args) as never;
  }

  /**
   * pg-pool's end() resolves once its connections are asked to end, not once they have: a caller
   * that stops the database right after (the embedded server, at shutdown) could still have one
   * ended from the server's side, which the pool reports as a lost idle connection. The pool says
   * `remove` when a connection's end completes; this end() resolves on the last one, or after
   * CONNECTIONS_END_WAIT_MS. Prisma's adapter ends the pool through it too (disposeExternalPool).
   */
  override async end(): Promise<void> {
    let open = this.totalCount;
    let onRemove!: () => void;
    let timer: NodeJS.Timeout | undefined;
    const ended = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CONNECTIONS_END_WAIT_MS);
      onRemove = () => {
        if (--open === 0) resolve();
      };
    });
    this.on('remove', onRemove);
    try {
      await super.end();
      if (open > 0) await ended;
    } finally {
      clearTimeout(timer);
      this.off('remove', onRemove);
    }
  }

  /**
   * Runs `work` inside one transaction on one connection, then `lastStatement` (the log entry, a
   * statement without parameters) and COMMIT in one round trip. Any error rolls everything back
   * and is rethrown.
   */
  async runInTransaction<T>(work: () => Promise<T>, lastStatement: (client: pg.PoolClient, result: T) => string): Promise<T> {
    const client = await super.connect();
    const tx: BoundTransaction = { client, open: true, savepoints: 0 };
    let broken: Error | undefined;
    transactionsInFlight++;
    try {
      await client.query(BEGIN_SQL);
      const result = await scope.run({ tx }, work);
      tx.open = false;
      // The simple-query protocol runs both; if the first fails, COMMIT is skipped and we roll back.
      await client.query(`${lastStatement(client, result)}; COMMIT`);
      return result;
    } catch (error) {
      tx.open = false;
      if (isDatabaseUnavailable(error)) {
        // A server that stopped answering would make ROLLBACK wait out another statement timeout:
        // the connection is destroyed instead, and PostgreSQL aborts the transaction when it closes.
        broken = error as Error;
      } else {
        // A connection that cannot even roll back is destroyed rather than returned to the pool.
        await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError as Error));
      }
      throw error;
    } finally {
      client.release(broken);
      // Statements still to come from this request's context find tx.open false either way.
      if (--transactionsInFlight === 0) scope.disable();
    }
  }
}

function current(): BoundTransaction | undefined {
  const tx = scope.getStore()?.tx;
  return tx?.open ? tx : undefined;
}

/**
 * What Prisma's adapter gets from connect() inside a request transaction: the same connection,
 * its BEGIN/COMMIT/ROLLBACK turned into a savepoint, and a release that keeps the connection.
 * Two `$transaction`s of one request running at once would interleave their savepoints; no
 * repository does that (each awaits its own).
 */
function savepointClient(tx: BoundTransaction): pg.PoolClient {
  const name = `prisma_tx_${++tx.savepoints}`;
  const rewrites: Record<string, string> = {
    BEGIN: `SAVEPOINT ${name}`,
    COMMIT: `RELEASE SAVEPOINT ${name}`,
    ROLLBACK: `ROLLBACK TO SAVEPOINT ${name}`,
  };
  const wrapper = {
    query(config: unknown, ...rest: unknown[]): unknown {
      const text = typeof config === 'object' && config !== null ? (config as pg.QueryConfig).text : undefined;
      const rewritten = text === undefined ? undefined : rewrites[text];
      const client = tx.client as unknown as { query: Query };
      return client.query(rewritten ? { ...(config as pg.QueryConfig), text: rewritten } : config, ...rest);
    },
    on: () => wrapper,
    removeListener: () => wrapper,
    release: () => undefined,
  };
  return wrapper as unknown as pg.PoolClient;
}

import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { PrismaPg } from '@prisma/adapter-pg';
import { JsonLogger } from '../common/json-logger.js';
import pg from 'pg';
import { AppConfig } from '../config/app-config.js';
import { PrismaClient } from '../generated/prisma/client.js';
import { DATABASE_URL } from './database-url.js';
import { DatabasePool } from './database-pool.js';
import type { PrismaTx } from './transactions.js';

// Statement text -> prepared statement name, the same on every connection (pg prepares it there on
// first use): PostgreSQL then parses and plans a statement once per connection instead of on every
// request, which was most of a small statement's database time (docs/performance.md, "Prepared
// statements and raw SQL on hot paths"). Prisma's own statements are named the same way, through its adapter's option. Texts
// built per request (the log search's filters, a list of n values) would pile up on every
// connection, so past the cap they go unnamed.
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 512;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) statementNames.set(text, (name = `hot_${statementNames.size}`));
  return name;
}

/** Prisma reads int8 as bigint, pg as its text: the pool's form, so a row is the same whichever way it came. */
function asPgReads(row: Record<string, unknown>): Record<string, unknown> {
  for (const [column, value] of Object.entries(row)) if (typeof value === 'bigint') row[column] = String(value);
  return row;
}

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  // The pool under Prisma's driver adapter, kept so the token endpoint's reads can skip Prisma's
  // per-query work on the same connections (docs/performance.md, "Prepared statements and raw SQL on hot paths").
  private readonly pool: pg.Pool;

  constructor(
    @Inject(DATABASE_URL) url: string,
    config: AppConfig,
    private readonly appLogger: JsonLogger,
  ) {
    const pool = new DatabasePool({
      connectionString: url,
      max: config.databasePoolSize,
      // Bounded waits, so a database that stops answering gives 503s (common/database-unavailable.ts), not hung requests:
      // for a connection (from the pool or a new one), and for each statement on both sides.
      connectionTimeoutMillis: config.databaseConnectTimeoutMs,
      statement_timeout: config.databaseStatementTimeoutMs,
      query_timeout: config.databaseStatementTimeoutMs,
      // The tenant's tables are read from memory, so a page read through an index costs about what
      // a sequential one does, not PostgreSQL's default four times as much. With the default, a
      // client looked up by id (every token request, every log entry's client_name) read all
      // clients until a tenant had about a hundred (docs/performance.md, "random_page_cost"). An `options` in DATABASE_URL
      // replaces this one.
      options: '-c random_page_cost=1.1',
    });
    // Statements with parameters only: one without may be several commands (a raw script), which a
    // prepared statement cannot hold, and BEGIN or COMMIT cost nothing to parse. pg sends a statement
    // with an empty name unprepared.
    const statementNameGenerator = ({ sql, args }: { sql: string; args: unknown[] }) =>
      (args.length > 0 ? statementName(sql) : undefined) ?? '';
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator }) });
    // Prisma's adapter listens for an idle connection's error (the database restarting, or ending
    // sessions) only once Prisma connects, at the first query it builds; until then such an error
    // would be thrown, and end the process.
    pool.on('error', (error) => appLogger.write('warn', `idle database connection lost: ${error.message}`, { context: 'PrismaService' }));
    this.pool = pool;
  }

  /**
   * One parameterised statement, rows as objects, on the one connection a request may hold: inside
   * a write's transaction on that transaction's connection (through Prisma's raw query, as its other
   * statements), outside one straight to the pool, prepared once per connection. So no caller chooses,
   * and a request that holds a connection never waits for a second one (with every connection held
   * by a write, that wait would never end). Rows read the same either way: int8 as pg's text.
   * Errors are pg's or Prisma's wrapping them, both read by database-errors.ts.
   * `types`: the driver's parsers for this statement's columns, for the reads no write makes.
   */
  async sql<Row>(text: string, values: unknown[], types?: pg.CustomTypesConfig): Promise<Row[]> {
    const transactions = TransactionHost.getInstance<PrismaTx>();
    if (transactions.isTransactionActive()) {
      if (types) throw new Error('custom column parsers apply to reads outside a transaction only');
      const rows = await transactions.tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values);
      return rows.map(asPgReads) as Row[];
    }
    return (await this.pool.query({ name: statementName(text), text, values, types })).rows as Row[];
  }

  /** A statement whose rows, if any, are not read (a function returning void among them), on the same connection sql() would use. */
  async execute(text: string, values: unknown[]): Promise<void> {
    const transactions = TransactionHost.getInstance<PrismaTx>();
    if (transactions.isTransactionActive()) await transactions.tx.$executeRawUnsafe(text, ...values);
    else await this.pool.query({ name: statementName(text), text, values });
  }

  /**
   * Readiness: `SELECT 1` answered within `timeoutMs`, whatever the failure (refused, frozen, pool
   * exhausted). The timeout error carries ETIMEDOUT, which common/database-unavailable.ts reads as "unavailable".
   */
  async ping(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error(`database did not answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
        timeoutMs,
      );
    });
    try {
      await Promise.race([this.pool.query({ text: 'SELECT 1', query_timeout: timeoutMs } as pg.QueryConfig), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Fails the boot, not the first request, when the database cannot be reached. Through the pool,
   * so Prisma's query compiler (WebAssembly, tens of ms to compile) loads on first use, after the start.
   */
  async onModuleInit(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  // On shutdown, not on module destroy: Nest runs onModuleDestroy BEFORE it closes the HTTP
  // server, and in-flight requests still need the pool until the server has drained. Nest
  // calls this before DatabaseLifecycle's hook (deeper dependents first), so the embedded
  // server stops only after the pool is closed.
  async onApplicationShutdown(): Promise<void> {
    // Both resolve once the connections have ended (DatabasePool.end).
    await this.$disconnect();
    // $disconnect ends the pool (disposeExternalPool) only if Prisma had connected.
    if (!this.pool.ending) await this.pool.end();
    this.appLogger.write('info', 'database pool closed', { context: 'PrismaService' });
  }
}

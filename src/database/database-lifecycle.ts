import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '../config/app-config.js';
import { JsonLogger } from '../common/json-logger.js';
import { isDatabaseUnavailable } from '../common/database-unavailable.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { applyMigrations } from './migrator.js';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5000;

/**
 * Decides which database the service uses (DATABASE_URL, else an embedded server under
 * DATA_DIR), waits for it to answer, migrates it before anything connects, and stops the
 * embedded server last.
 */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  private embedded?: EmbeddedPostgres;

  constructor(
    private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {}

  async prepare(): Promise<string> {
    let url = this.config.databaseUrl;
    if (!url) {
      const log = (msg: string): void => this.logger.write('info', msg, { context: 'EmbeddedPostgres' });
      this.embedded = new EmbeddedPostgres(this.config.dataDir, log, { besides: this.config.port });
      url = await this.embedded.start();
    }
    await this.waitUntilReachable(url);
    const applied = await applyMigrations({ connectionString: url, connectionTimeoutMillis: this.config.databaseConnectTimeoutMs });
    const message = applied.length ? `applied migrations: ${applied.join(', ')}` : 'database is up to date';
    this.logger.write('info', message, { context: 'Migrations' });
    return url;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.embedded?.stop();
  }

  /**
   * A database that is still starting (compose, a restart, a failover) is waited for, with
   * backoff, for DATABASE_BOOT_TIMEOUT_MS: one line per failed attempt, then one error that
   * fails the boot. Any other failure (a wrong password) fails it at once.
   */
  private async waitUntilReachable(url: string): Promise<void> {
    const started = Date.now();
    const deadline = started + this.config.databaseBootTimeoutMs;
    for (let attempt = 1; ; attempt++) {
      const error = await connectOnce(url, this.config.databaseConnectTimeoutMs);
      if (!error) return;
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = describe(error);
      const delay = Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS, deadline - Date.now());
      if (delay <= 0) {
        this.logger.write('warn', `database unreachable (attempt ${attempt}): ${reason}; giving up`, { context: 'Database' });
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        throw new Error(
          `database unreachable after ${attempt} attempts in ${seconds} s (DATABASE_BOOT_TIMEOUT_MS=${this.config.databaseBootTimeoutMs}): ${reason}`,
        );
      }
      this.logger.write('warn', `database unreachable (attempt ${attempt}): ${reason}; retrying in ${delay} ms`, { context: 'Database' });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Opens and closes one connection; the error, if any. */
async function connectOnce(connectionString: string, connectionTimeoutMillis: number): Promise<Error | undefined> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    await client.end().catch(() => undefined);
    // pg rejects with Error objects; anything else is wrapped so the caller can rethrow it.
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A connection error in a few words: Node's AggregateError (IPv4 and IPv6 refused) has no message, only a code. */
function describe(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  return [message, code].find(Boolean) ?? String(error);
}

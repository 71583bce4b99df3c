import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { JsonLogger } from '../common/json-logger.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { applyMigrations } from './migrator.js';

/**
 * Decides which database the service uses (DATABASE_URL, else an embedded server under
 * DATA_DIR), migrates it before anything connects, and stops the embedded server last.
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
      this.embedded = new EmbeddedPostgres(this.config.dataDir, (msg) => this.logger.write('info', msg, { context: 'EmbeddedPostgres' }));
      url = await this.embedded.start();
    }
    const applied = await applyMigrations(url);
    const message = applied.length ? `applied migrations: ${applied.join(', ')}` : 'database is up to date';
    this.logger.write('info', message, { context: 'Migrations' });
    return url;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.embedded?.stop();
  }
}

// `npm run db:migrate`: apply prisma/migrations to DATABASE_URL (or the embedded database) and exit.
import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { JsonLogger } from '../common/json-logger.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { applyMigrations } from './migrator.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = new JsonLogger(config.logLevel);
  const embedded = config.databaseUrl ? undefined : new EmbeddedPostgres(config.dataDir, (msg) => logger.write('info', msg));
  try {
    const url = config.databaseUrl ?? (await embedded!.start());
    const applied = await applyMigrations(url);
    logger.write('info', applied.length ? `applied migrations: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `migration failed: ${(error as Error).message}`}\n`);
  process.exit(1);
});

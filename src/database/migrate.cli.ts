// `npm run db:migrate`: apply prisma/migrations to DATABASE_URL (or the embedded database) and exit,
// through the same DatabaseLifecycle the service boots with.
import 'reflect-metadata';
import { JsonLogger } from '../common/json-logger.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { DatabaseLifecycle } from './database-lifecycle.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = new DatabaseLifecycle(config, new JsonLogger(config.logLevel));
  try {
    await database.prepare();
  } finally {
    await database.onApplicationShutdown();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `migration failed: ${(error as Error).message}`}\n`);
  process.exit(1);
});

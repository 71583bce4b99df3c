import { randomBytes } from 'node:crypto';
import { withDatabase } from './database-url.js';
import { query } from './scratch-database.js';

/** A new database cloned from the run's migrated template; its URL. */
export async function createTestDatabase(): Promise<string> {
  const server = required('TEST_DATABASE_SERVER');
  const name = `${required('TEST_DATABASE_PREFIX')}_${randomBytes(4).toString('hex')}`;
  // Two files cloning the template at the same instant can collide; the loser retries.
  for (let attempt = 0; ; attempt++) {
    try {
      await query(server, `CREATE DATABASE "${name}" TEMPLATE "${required('TEST_DATABASE_TEMPLATE')}"`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return withDatabase(server, name);
}

export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await query(required('TEST_DATABASE_SERVER'), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with \`npm test\``);
  return value;
}

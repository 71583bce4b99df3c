import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from './database-url.js';

/** A new database cloned from the run's migrated template; its URL. */
export async function createTestDatabase(): Promise<string> {
  const server = required('TEST_DATABASE_SERVER');
  const name = `${required('TEST_DATABASE_PREFIX')}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    // Two files cloning the template at the same instant can collide; the loser retries.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${required('TEST_DATABASE_TEMPLATE')}"`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
  return withDatabase(server, name);
}

export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: required('TEST_DATABASE_SERVER') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with \`npm test\``);
  return value;
}

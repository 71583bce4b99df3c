import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from './database-url.js';

/** An EMPTY database on the test server (not cloned from the migrated template), for migration tests. */
export async function createEmptyDatabase(): Promise<string> {
  const server = process.env.TEST_DATABASE_SERVER;
  const prefix = process.env.TEST_DATABASE_PREFIX;
  if (!server || !prefix) throw new Error('TEST_DATABASE_SERVER is not set: run the tests with `npm test`');
  const name = `${prefix}_m${randomBytes(4).toString('hex')}`;
  await query(server, `CREATE DATABASE "${name}"`);
  return withDatabase(server, name);
}

/** One statement on a fresh connection; the rows. */
export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

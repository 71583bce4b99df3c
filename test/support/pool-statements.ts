import type pg from 'pg';
import { TransactionAwarePool } from '../../src/database/request-transaction.js';

export interface SentStatement {
  text: string;
  values: unknown[];
}

/**
 * Appends to `sent` every statement sent through the service's pool, where both its own SQL and
 * Prisma's adapter send theirs, until the returned function is called: what a request really asks
 * PostgreSQL, for the plans tests.
 */
export function recordPoolStatements(sent: SentStatement[]): () => void {
  const prototype = TransactionAwarePool.prototype as unknown as { query: (this: pg.Pool, ...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const [first, second] = args;
    const config = typeof first === 'string' ? { text: first, values: second } : (first as { text?: string; values?: unknown } | undefined);
    if (config?.text) sent.push({ text: config.text, values: (config.values ?? []) as unknown[] });
    return original.apply(this, args);
  };
  return () => {
    prototype.query = original;
  };
}

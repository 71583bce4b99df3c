import pg from 'pg';

export interface SentStatement {
  text: string;
  values: unknown[];
}

/**
 * Appends to `sent` every statement any pg connection of this process sends (the service's own
 * SQL and Prisma's, inside transactions or not) until the returned function is called: what a
 * request really asks PostgreSQL, for the plans tests.
 */
export function recordPoolStatements(sent: SentStatement[]): () => void {
  const prototype = pg.Client.prototype as unknown as { query: (this: pg.Client, ...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const config = typeof first === 'string' ? { text: first, values: second } : (first as { text?: string; values?: unknown } | undefined);
    if (config?.text) sent.push({ text: config.text, values: (config.values ?? []) as unknown[] });
    return original.apply(this, args);
  };
  return () => {
    prototype.query = original;
  };
}

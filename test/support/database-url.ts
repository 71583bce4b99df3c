/** The same server as `url`, with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The server's maintenance database, for CREATE/DROP DATABASE. */
export function serverUrl(url: string): string {
  return withDatabase(url, 'postgres');
}

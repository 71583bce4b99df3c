/** Injection token: the connection string in use, after migrations ran on it. */
export const DATABASE_URL = Symbol('DATABASE_URL');

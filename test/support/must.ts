/**
 * The value, or the test fails here: for results whose type makes every field optional (the auth0
 * SDK's models, parsed JSON) where the test expects the field to be there.
 */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}

/** What a redacted value reads as in a log entry. */
export const REDACTED = '[REDACTED]';

// client_secret, signing_secret, sink_secret, secrets, password, httpAuthorization, ...: any key
// naming a secret. The same rule as tenant_log_redact() (src/database/schema/functions.ts), so a request
// body and the row it wrote are redacted alike.
const SECRET_KEY = /secret|password|private_key|authorization/i;

/**
 * A copy of a request or response body with every secret-named value replaced, at any depth.
 * An action's `secrets` keep their names: only each `value` is hidden.
 */
export function redact(value: unknown, secretParent = false): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, secretParent));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => {
      if (secretParent && key === 'value') return [key, REDACTED];
      if (!SECRET_KEY.test(key) || item === null || item === undefined) return [key, redact(item)];
      // A list of named secrets shows which names were set; anything else is hidden whole.
      return [key, Array.isArray(item) && item.every(isNamed) ? redact(item, true) : REDACTED];
    }),
  );
}

function isNamed(item: unknown): boolean {
  return item !== null && typeof item === 'object' && 'name' in item;
}

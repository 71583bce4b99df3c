// PostgreSQL's text refuses NUL, and its jsonb refuses \u0000 and lone surrogates, all of which a
// request may carry (and a NUL refused by the NUL hook is still logged): they are stored as U+FFFD.
export function storable(value: string): string {
  return value.replaceAll('\0', '\uFFFD');
}

// JSON.stringify escapes NUL and lone surrogates (paired ones stay characters); an escape is one
// preceded by an even number of backslashes.
const UNSTORABLE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi;

export function storableJson(value: unknown): string {
  const json = JSON.stringify(value);
  // Most entries have no escape at all: the regex (a lookbehind over the whole text) is skipped.
  return json.includes('\\u') ? json.replace(UNSTORABLE_ESCAPE, '$1\\ufffd') : json;
}

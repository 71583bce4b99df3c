import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from './api-error.js';

// Same prefixes and codes as the validation pipe, so unstorable text is reported like any other bad value.
const SOURCES = [
  ['params', 'Path', 'invalid_uri'],
  ['query', 'Query', 'invalid_query_string'],
  ['body', 'Payload', 'invalid_body'],
] as const;
// The parts the first walk looks at: those of SOURCES, so a part added there is never skipped.
const FIELDS = SOURCES.map(([field]) => field);

/**
 * Text PostgreSQL cannot store: U+0000 (error 22021 in a text column) and a lone UTF-16 surrogate
 * (a JSON escape such as "\ud800" that pairs with nothing). A lone surrogate has no UTF-8 form, so a
 * json/jsonb column refuses it ("invalid input syntax for type json") while a text column silently
 * stores U+FFFD instead: one field would fail with a 500 and another change what the caller sent.
 * A paired surrogate (an emoji) is one code point and fine; `u` makes \p{Cs} match only lone ones.
 */
const UNSTORABLE = /\0|\p{Cs}/u;

/** The reason a refusal gives, for a value or a key; NUL first, as it was the first rule. */
function reasonFor(text: string, inKey: boolean): string {
  const what = inKey ? 'Property name' : 'String';
  return text.includes('\0') ? `${what} contains a NUL character` : `${what} contains an unpaired UTF-16 surrogate`;
}

/**
 * Every route refuses unstorable text here, before guards, pipes and services: path parameters,
 * query string and parsed body, keys included, at any depth, whatever column the field ends in.
 * A callback hook: nothing to await, so no promise per request.
 */
export function rejectUnstorableText(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // Nearly every request holds none: that answer is reached without building the paths a refusal names.
  if (!FIELDS.some((field) => holdsUnstorable(request[field]))) {
    done();
    return;
  }
  for (const [field, prefix, errorCode] of SOURCES) {
    const found = findUnstorable(request[field]);
    if (found === undefined) continue;
    done(badRequest(errorCode, `${prefix} validation error: '${found.reason}'${found.path ? ` on property ${found.path}` : ''}.`));
    return;
  }
  done();
}

interface Found {
  /** Dotted path of the offending value; empty when the value is the whole input or a key is at fault. */
  path: string;
  reason: string;
}

/**
 * Whether `input` holds unstorable text, in a string or a key at any depth. Iterative, so a deeply nested body
 * cannot exhaust the stack; keeps only the objects still to look into, where findUnstorable keeps a path for each value.
 */
function holdsUnstorable(input: unknown): boolean {
  if (typeof input === 'string') return UNSTORABLE.test(input);
  if (input === null || typeof input !== 'object') return false;
  const pending: object[] = [input];
  for (let value = pending.pop(); value; value = pending.pop()) {
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      if (UNSTORABLE.test(key) || (typeof child === 'string' && UNSTORABLE.test(child))) return true;
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
  return false;
}

/** Where the unstorable text is, for the refusal's message. Iterative, so a deeply nested body cannot exhaust the stack. */
function findUnstorable(input: unknown): Found | undefined {
  const pending: [unknown, string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return { path, reason: reasonFor(value, false) };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return { path: '', reason: reasonFor(key, true) };
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

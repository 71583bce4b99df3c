import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from './api-error.js';

// Same prefixes and codes as the validation pipe, so a NUL is reported like any other bad value.
const SOURCES = [
  ['params', 'Path', 'invalid_uri'],
  ['query', 'Query', 'invalid_query_string'],
  ['body', 'Payload', 'invalid_body'],
] as const;
// The parts the first walk looks at: those of SOURCES, so a part added there is never skipped.
const FIELDS = SOURCES.map(([field]) => field);

/**
 * PostgreSQL cannot store U+0000 in text (error 22021), so a NUL anywhere in a request would
 * reach the database and fail there. Every route refuses it here instead, before guards, pipes
 * and services: path parameters, query string and parsed body, keys included, at any depth.
 * A callback hook: nothing to await, so no promise per request.
 */
export function rejectNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // Nearly every request holds none: that answer is reached without building the paths a refusal names.
  if (!FIELDS.some((field) => holdsNul(request[field]))) {
    done();
    return;
  }
  for (const [field, prefix, errorCode] of SOURCES) {
    const found = findNul(request[field]);
    if (found === undefined) continue;
    const reason = found.inKey ? 'Property name contains a NUL character' : 'String contains a NUL character';
    done(badRequest(errorCode, `${prefix} validation error: '${reason}'${found.path ? ` on property ${found.path}` : ''}.`));
    return;
  }
  done();
}

interface Found {
  /** Dotted path of the offending value; empty when the value is the whole input or a key is at fault. */
  path: string;
  inKey: boolean;
}

/**
 * Whether `input` holds a NUL, in a string or a key at any depth. Iterative, so a deeply nested body
 * cannot exhaust the stack; keeps only the objects still to look into, where findNul keeps a path for each value.
 */
function holdsNul(input: unknown): boolean {
  if (typeof input === 'string') return input.includes('\0');
  if (input === null || typeof input !== 'object') return false;
  const pending: object[] = [input];
  for (let value = pending.pop(); value; value = pending.pop()) {
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      if (key.includes('\0') || (typeof child === 'string' && child.includes('\0'))) return true;
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
  return false;
}

/** Where the NUL is, for the refusal's message. Iterative, so a deeply nested body cannot exhaust the stack. */
function findNul(input: unknown): Found | undefined {
  const pending: [unknown, string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\0')) return { path, inKey: false };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0')) return { path: '', inKey: true };
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

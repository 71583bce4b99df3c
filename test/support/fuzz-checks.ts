import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import fc from 'fast-check';
import type { Response } from 'supertest';

/** What an error body may never show: stack frames, source paths, SQL, driver names. */
const INTERNAL_DETAIL = [
  // A stack frame (`at fn (file:line:col)` or `at /path`), not the word 'at' in a documented description.
  /\bat\s+(\S+\s+\(\S*:\d+:\d+\)|(file:|node:|\/)\S+)/,
  /node_modules/,
  /\/(work|src|dist|home|root|usr)\//,
  /\.(ts|js|mjs):\d+/,
  /\bstack\b/i,
  /\b(select|insert|update|delete)\b.*\b(from|into|set|where)\b/i,
  /prisma|postgres|\bpg\b|P2\d{3}|\b22021\b|\bSQLSTATE\b/i,
];

/** Percent-encodes every byte outside the unreserved set, lone surrogates included (as U+FFFD). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Text a request may carry: any, binary, and the characters and strings that broke servers before. */
export const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '', ' ', "'; DROP TABLE x; --", '%00', '../..'),
);

/** The string values and keys inside a JSON or form body, for the echo allowance. */
export function stringsIn(text: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') found.push(value);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        found.push(k);
        walk(v);
      }
  };
  try {
    walk(JSON.parse(text));
  } catch {
    for (const pair of text.split('&')) for (const part of pair.split('=')) found.push(safeDecode(part));
  }
  return found;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** What a fuzzed request needs for its answer to be judged: where it went and every string it sent. */
interface SentCase {
  method: string;
  path: string;
  /** Every string the case sends, so an error message quoting the input is not mistaken for a leak. */
  inputs: string[];
}

/** The assertions every response must pass, whatever was sent. */
export function check(c: SentCase, res: Response): void {
  const where = `${c.method.toUpperCase()} ${c.path.slice(0, 200)} -> ${res.status} ${res.text.slice(0, 300)}`;
  assert.ok(res.status < 500, `no 5xx: ${where}`);
  if (res.status < 400) return;
  assert.match(res.headers['content-type'], /^application\/json; charset=utf-8$/, where);
  const body = JSON.parse(res.text) as Record<string, unknown>;
  if (c.path === '/oauth/token') {
    assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description'], `OAuth error shape: ${where}`);
    assert.match(String(body.error), /^[a-z_]+$/, where);
    assert.equal(typeof body.error_description, 'string', where);
  } else {
    assert.deepEqual(Object.keys(body).sort(), ['error', 'errorCode', 'message', 'statusCode'], `error shape: ${where}`);
    assert.equal(body.statusCode, res.status, where);
    assert.equal(body.error, STATUS_CODES[res.status], where);
    assert.equal(typeof body.message, 'string', where);
    assert.match(String(body.errorCode), /^[a-z_]+$/, where);
  }
  // Input quoted back in a message (a property name, a value) is the client's own text, not a leak.
  let shown = Object.values(body).map(String).join('\n');
  for (const input of [...c.inputs].filter(Boolean).sort((a, b) => b.length - a.length)) shown = shown.split(input).join('');
  for (const pattern of INTERNAL_DETAIL) assert.doesNotMatch(shown, pattern, `internal detail: ${where}`);
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../src/common/api-error.js';
import { rejectUnstorableText } from '../../src/common/unstorable-text.hook.js';

/** What the hook hands `done`: undefined to go on, or the refusal's code and message. */
function check(parts: { params?: unknown; query?: unknown; body?: unknown }): { errorCode: string; message: string } | undefined {
  let outcome: unknown = 'not called';
  const request = { params: {}, query: {}, ...parts } as unknown as FastifyRequest;
  rejectUnstorableText(request, {} as FastifyReply, (error?: Error) => {
    assert.equal(outcome, 'not called', 'done is called once');
    outcome = error;
  });
  if (outcome === undefined) return undefined;
  assert.ok(outcome instanceof ApiError, 'done got an error that is not an ApiError');
  return { errorCode: outcome.errorCode, message: outcome.message };
}

/** `depth` arrays one inside the other, `leaf` in the innermost: deeper than a recursive walk could go. */
function nested(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('rejectUnstorableText', () => {
  it('lets through a request with none, however its values are shaped', () => {
    assert.equal(check({ params: { id: 'tep_1' }, query: { take: '5' }, body: { name: 'ok' } }), undefined);
    assert.equal(check({ body: { a: [1, true, null, { b: ['c', { d: 'e' }] }], f: '' } }), undefined);
    assert.equal(check({ body: 'plain text' }), undefined);
    assert.equal(check({ body: undefined, query: Object.assign(Object.create(null) as object, { q: 'x' }) }), undefined);
    assert.equal(check({ body: nested(200_000, 'fine') }), undefined);
  });

  it('refuses a NUL in a value or a key at any depth, naming the first source in order: path, query, body', () => {
    assert.deepEqual(check({ params: { id: 'a\0b' }, body: { name: 'x\0' } }), {
      errorCode: 'invalid_uri',
      message: "Path validation error: 'String contains a NUL character' on property id.",
    });
    assert.deepEqual(check({ query: { ['au\0dience']: 'x' } }), {
      errorCode: 'invalid_query_string',
      message: "Query validation error: 'Property name contains a NUL character'.",
    });
    assert.deepEqual(check({ body: { name: 'ok', x: { y: ['a', 'b\0'] } } }), {
      errorCode: 'invalid_body',
      message: "Payload validation error: 'String contains a NUL character' on property x.y.1.",
    });
    assert.deepEqual(check({ body: { list: [{ ['k\0']: 1 }] } }), {
      errorCode: 'invalid_body',
      message: "Payload validation error: 'Property name contains a NUL character'.",
    });
    assert.deepEqual(check({ body: 'text\0' }), {
      errorCode: 'invalid_body',
      message: "Payload validation error: 'String contains a NUL character'.",
    });
    assert.equal(check({ body: nested(200_000, 'deep\0') })?.errorCode, 'invalid_body');
  });

  it('refuses a lone UTF-16 surrogate in a value or a key, and lets a paired one (an emoji) through', () => {
    assert.equal(check({ body: { name: 'smile \ud83d\ude00', [`k\ud83d\ude00`]: 'x' } }), undefined);
    assert.deepEqual(check({ body: { realms: ['ok', '\ud800'] } }), {
      errorCode: 'invalid_body',
      message: "Payload validation error: 'String contains an unpaired UTF-16 surrogate' on property realms.1.",
    });
    assert.deepEqual(check({ body: { sink: { httpContentType: 'a\udfffb' } } }), {
      errorCode: 'invalid_body',
      message: "Payload validation error: 'String contains an unpaired UTF-16 surrogate' on property sink.httpContentType.",
    });
    assert.deepEqual(check({ query: { q: '\ude00\ud83d' } }), {
      errorCode: 'invalid_query_string',
      message: "Query validation error: 'String contains an unpaired UTF-16 surrogate' on property q.",
    });
    assert.deepEqual(check({ params: { id: 'x\ud800' } }), {
      errorCode: 'invalid_uri',
      message: "Path validation error: 'String contains an unpaired UTF-16 surrogate' on property id.",
    });
    assert.deepEqual(check({ body: { metadata: { ['\udbff']: 'v' } } }), {
      errorCode: 'invalid_body',
      message: "Payload validation error: 'Property name contains an unpaired UTF-16 surrogate'.",
    });
    assert.equal(check({ body: nested(200_000, '\ud800') })?.errorCode, 'invalid_body');
  });
});

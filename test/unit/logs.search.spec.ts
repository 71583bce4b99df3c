import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../../src/common/api-error.js';
import { parseLogSearch } from '../../src/logs/log-search.js';
import { redact } from '../../src/logs/redaction.js';

describe('parseLogSearch', () => {
  it('no query matches everything', () => {
    assert.deepEqual(parseLogSearch(undefined), { sql: 'TRUE', values: [] });
    assert.deepEqual(parseLogSearch('  '), { sql: 'TRUE', values: [] });
  });

  it('binds every value as a parameter, never into the SQL', () => {
    const filter = parseLogSearch(`type:"x' OR 1=1 --" OR client_id:a%b*`);
    assert.equal(filter.sql, '(type = $1 OR client_id ILIKE $2)');
    assert.deepEqual(filter.values, ["x' OR 1=1 --", 'a\\%b%']);
  });

  it('AND binds tighter than OR; side-by-side terms are ANDed; NOT and - negate', () => {
    assert.equal(parseLogSearch('type:a OR type:b client_id:c').sql, '(type = $1 OR (type = $2 AND client_id = $3))');
    assert.equal(parseLogSearch('NOT type:a -type:b').sql, '(NOT type = $1 AND NOT type = $2)');
  });

  it('refuses what it does not understand with a 400', () => {
    for (const q of ['user_email:x', 'type:', '(type:a', 'date:[2026-01-01 2026-01-02]', 'date:[2026-01-01 TO 2026-01-02', ')']) {
      assert.throws(
        () => parseLogSearch(q),
        (e: unknown) => e instanceof ApiError && e.status === HttpStatus.BAD_REQUEST && e.errorCode === 'invalid_query_string',
        q,
      );
    }
    assert.throws(() => parseLogSearch(Array.from({ length: 51 }, () => 'type:a').join(' ')), ApiError);
  });
});

describe('redact', () => {
  it('hides every secret-named value at any depth, and keeps the names of action secrets', () => {
    assert.deepEqual(
      redact({
        name: 'app',
        client_secret: 's1',
        password: 'p',
        sink: { httpEndpoint: 'https://x', httpAuthorization: 'Bearer t' },
        secrets: [{ name: 'API_KEY', value: 'k' }],
        signing_secret: null,
        nested: [{ deep: { private_key: 'pem' } }],
      }),
      {
        name: 'app',
        client_secret: '[REDACTED]',
        password: '[REDACTED]',
        sink: { httpEndpoint: 'https://x', httpAuthorization: '[REDACTED]' },
        secrets: [{ name: 'API_KEY', value: '[REDACTED]' }],
        signing_secret: null,
        nested: [{ deep: { private_key: '[REDACTED]' } }],
      },
    );
  });
});

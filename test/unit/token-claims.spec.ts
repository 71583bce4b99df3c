import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AuthMessage, AuthRejection } from '../../src/auth/auth-messages.js';
import { decodeJws } from '../../src/auth/bearer-credentials.js';
import { CLOCK_SKEW_SECONDS, checkClaims } from '../../src/auth/token-claims.js';

const NOW = 1_800_000_000;
const base = { sub: 'app@clients', azp: 'app', scope: 'read:clients', iat: NOW, exp: NOW + 3600 };

function refused(payload: unknown, message: string = AuthMessage.invalid): void {
  assert.throws(
    () => checkClaims(payload, NOW),
    (error: unknown) => error instanceof AuthRejection && error.message === message,
    JSON.stringify(payload),
  );
}

describe('checkClaims: the one check of a verified claim set', () => {
  it('returns the claims we act on, and only those', () => {
    assert.deepEqual(checkClaims({ ...base, permissions: ['a'], gty: 'client-credentials', jti: 'x' }, NOW), {
      sub: 'app@clients',
      azp: 'app',
      scope: 'read:clients',
      permissions: ['a'],
    });
    const minimal = checkClaims({ sub: 'app@clients', exp: NOW + 1 }, NOW);
    assert.deepEqual(minimal, { sub: 'app@clients', azp: undefined, scope: undefined, permissions: undefined });
  });

  it('exp is required and finite; a token is expired from its exp second on, with no skew', () => {
    refused({ ...base, exp: undefined });
    refused({ ...base, exp: '1900000000' });
    refused({ ...base, exp: Infinity });
    refused({ ...base, exp: NaN });
    refused({ ...base, exp: NOW }, AuthMessage.expired);
    assert.equal(checkClaims({ ...base, exp: NOW + 1 }, NOW).sub, 'app@clients');
  });

  it(`iat and nbf may be up to ${CLOCK_SKEW_SECONDS} s ahead, not one second more`, () => {
    for (const claim of ['iat', 'nbf']) {
      assert.equal(checkClaims({ ...base, [claim]: NOW + CLOCK_SKEW_SECONDS }, NOW).sub, 'app@clients', claim);
      refused({ ...base, [claim]: NOW + CLOCK_SKEW_SECONDS + 1 });
      refused({ ...base, [claim]: String(NOW) });
      refused({ ...base, [claim]: null });
    }
  });

  it('a token from the future is refused as invalid even when it is also expired', () => {
    refused({ ...base, iat: NOW + 3600, exp: NOW - 1 });
  });

  it('every claim we read has its JSON type', () => {
    for (const bad of [
      { sub: undefined },
      { sub: '' },
      { sub: 7 },
      { azp: '' },
      { azp: 7 },
      { scope: 7 },
      { scope: ['read:clients'] },
      { scope: null },
      { permissions: 'read:clients' },
      { permissions: { 0: 'read:clients' } },
      { permissions: [1] },
      { permissions: [null] },
    ]) {
      refused({ ...base, ...bad });
    }
  });

  it('a payload that is not a JSON object is invalid', () => {
    for (const payload of [null, undefined, 'x', 1, [base]]) refused(payload);
  });
});

describe('decodeJws: the compact serialisation, before any library reads it', () => {
  const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const token = `${segment({ alg: 'RS256', kid: 'k' })}.${segment(base)}.c2ln`;

  it('decodes header and payload', () => {
    assert.deepEqual(decodeJws(token), { header: { alg: 'RS256', kid: 'k' }, payload: base });
  });

  it('refuses anything but three non-empty base64url segments of JSON objects', () => {
    const [h, p, s] = token.split('.');
    for (const bad of [
      `${h}.${p}`,
      `${token}.${s}`,
      `${h}.${p}.`,
      `${token}=`,
      `${h}.${p}.a+b/`,
      `${h}.${segment(null)}.${s}`,
      `${h}.${segment([base])}.${s}`,
      `${segment('x')}.${p}.${s}`,
      `${Buffer.from('{').toString('base64url')}.${p}.${s}`,
    ]) {
      assert.equal(decodeJws(bad), undefined, bad);
    }
  });
});

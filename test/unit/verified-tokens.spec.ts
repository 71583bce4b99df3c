import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { VerifiedTokens, type VerifiedToken } from '../../src/auth/verified-tokens.js';

const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const entry = (sub: string): VerifiedToken => ({
  payload: { sub },
  kid: 'k1',
  key: publicKey,
  issuedHere: true,
  principal: { sub, clientId: sub, scopes: new Set() },
});

describe('verified tokens', () => {
  it('answers by exact token text only', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', entry('a'));
    assert.equal(tokens.get('a.b.c')?.principal.sub, 'a');
    assert.equal(tokens.get('a.b.d'), undefined);
    assert.equal(tokens.get('a.b.c '), undefined);
  });

  it('stays within its capacity, the oldest going first', () => {
    const tokens = new VerifiedTokens(3);
    for (const t of ['t1', 't2', 't3', 't4']) tokens.remember(t, entry(t));
    assert.equal(tokens.get('t1'), undefined);
    assert.deepEqual(
      ['t2', 't3', 't4'].map((t) => tokens.get(t)?.principal.sub),
      ['t2', 't3', 't4'],
    );
    // Remembering a known token again evicts nothing.
    tokens.remember('t3', entry('t3'));
    assert.equal(tokens.get('t2')?.principal.sub, 't2');
  });

  it('forgets a token on demand', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('t', entry('t'));
    tokens.forget('t');
    assert.equal(tokens.get('t'), undefined);
  });
});

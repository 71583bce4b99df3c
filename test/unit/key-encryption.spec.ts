import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { decryptPrivateKey, encryptPrivateKey } from '../../src/common/key-encryption.js';

const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

describe('signing key encryption at rest', () => {
  it('round-trips, and the envelope holds no PEM', () => {
    const sealed = encryptPrivateKey(pem, 'a long enough secret');
    assert.doesNotMatch(sealed, /PRIVATE KEY/);
    assert.equal(decryptPrivateKey(sealed, 'a long enough secret'), pem);
  });

  it('uses a fresh salt and IV each time', () => {
    assert.notEqual(encryptPrivateKey(pem, 'a long enough secret'), encryptPrivateKey(pem, 'a long enough secret'));
  });

  it('refuses a wrong secret and a missing one with a message naming the variable', () => {
    const sealed = encryptPrivateKey(pem, 'a long enough secret');
    assert.throws(() => decryptPrivateKey(sealed, 'another secret!!'), /KEY_ENCRYPTION_SECRET is not the one it was encrypted with/);
    assert.throws(() => decryptPrivateKey(sealed, undefined), /KEY_ENCRYPTION_SECRET is not set/);
  });

  it('a tampered envelope does not decrypt (GCM authenticates it)', () => {
    const parts = encryptPrivateKey(pem, 'a long enough secret').split('.');
    const body = Buffer.from(parts[4], 'base64url');
    body[0] ^= 1;
    parts[4] = body.toString('base64url');
    assert.throws(() => decryptPrivateKey(parts.join('.'), 'a long enough secret'));
  });

  it('a key stored before a secret was configured is read as it is', () => {
    assert.equal(decryptPrivateKey(pem, 'a long enough secret'), pem);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashSecret, newClientSecret, verifySecret } from '../../src/clients/client-secret.js';

describe('client secrets', () => {
  it('verifies the right secret only', async () => {
    const secret = newClientSecret();
    const stored = await hashSecret(secret);
    assert.equal(await verifySecret(secret, stored), true);
    assert.equal(await verifySecret(`${secret}x`, stored), false);
    assert.equal(await verifySecret('', stored), false);
  });

  it('salts each hash, and records its parameters', async () => {
    const [a, b] = [await hashSecret('same secret'), await hashSecret('same secret')];
    assert.notEqual(a, b);
    assert.match(a, /^scrypt\$16384\$8\$1\$/);
  });

  it('an unknown client (no stored hash) never verifies, even against the decoy', async () => {
    assert.equal(await verifySecret('anything', undefined), false);
  });

  it('a malformed stored value does not verify', async () => {
    assert.equal(await verifySecret('x', 'plain-text-secret'), false);
  });
});

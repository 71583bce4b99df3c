import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DECOY, hashSecret, newClientSecret, ProvenSecrets, verifySecret } from '../../src/clients/client-secret.js';

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

  it('the decoy an unknown client is checked against costs what a real hash does: same parameters, salt and key lengths', async () => {
    const shape = (stored: string) => stored.split('$').map((part, i) => (i < 4 ? part : Buffer.from(part, 'base64url').length));
    assert.deepEqual(shape(DECOY), shape(await hashSecret(newClientSecret())));
    assert.deepEqual(shape(DECOY), ['scrypt', '16384', '8', '1', 16, 32]);
  });

  it('a malformed stored value does not verify', async () => {
    assert.equal(await verifySecret('x', 'plain-text-secret'), false);
  });

  describe('secrets proven once are remembered (no scrypt on the next token request)', () => {
    it('a proven secret is remembered for its stored hash only, and a wrong one never is', async () => {
      const proven = new ProvenSecrets();
      const secret = newClientSecret();
      const stored = await hashSecret(secret);
      assert.equal(proven.matches(stored, secret), false);
      assert.equal(await verifySecret(`${secret}x`, stored, proven), false);
      assert.equal(proven.matches(stored, `${secret}x`), false);
      assert.equal(await verifySecret(secret, stored, proven), true);
      assert.equal(proven.matches(stored, secret), true);
      assert.equal(proven.matches(stored, `${secret}x`), false);
      assert.equal(await verifySecret(secret, stored, proven), true);
      assert.equal(await verifySecret(`${secret}x`, stored, proven), false);
    });

    it('after a rotation (a new stored hash) the old secret fails at once and the new one is proven anew', async () => {
      const proven = new ProvenSecrets();
      const [oldSecret, newSecret] = [newClientSecret(), newClientSecret()];
      const oldStored = await hashSecret(oldSecret);
      assert.equal(await verifySecret(oldSecret, oldStored, proven), true);
      const newStored = await hashSecret(newSecret);
      assert.equal(await verifySecret(oldSecret, newStored, proven), false);
      assert.equal(await verifySecret(newSecret, newStored, proven), true);
      assert.equal(proven.matches(newStored, oldSecret), false);
    });

    it('stays bounded: past its capacity the oldest proof is forgotten', () => {
      const proven = new ProvenSecrets(2);
      proven.remember('stored-a', 'a');
      proven.remember('stored-b', 'b');
      proven.remember('stored-c', 'c');
      assert.deepEqual(
        [proven.matches('stored-a', 'a'), proven.matches('stored-b', 'b'), proven.matches('stored-c', 'c')],
        [false, true, true],
      );
    });

    it('an unknown client is never answered from memory', async () => {
      const proven = new ProvenSecrets();
      assert.equal(await verifySecret('anything', undefined, proven), false);
      assert.equal(await verifySecret('anything', undefined, proven), false);
    });
  });
});

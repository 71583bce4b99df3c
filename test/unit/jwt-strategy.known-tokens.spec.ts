import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, it } from 'node:test';
import { AuthRejection } from '../../src/auth/auth-messages.js';
import { JwtStrategy } from '../../src/auth/jwt.strategy.js';
import type { KeyResolver } from '../../src/auth/key.resolver.js';
import type { AuthenticatedRequest } from '../../src/auth/principal.js';
import type { GlobalClients } from '../../src/clients/global-clients.js';
import { loadConfig } from '../../src/config/app-config.js';

// Only the key objects' identity matters to the rule under test, not their algorithm.
const newKey = (): KeyObject => generateKeyPairSync('ed25519').publicKey;
type ResolvedKey = Awaited<ReturnType<KeyResolver['resolve']>>;

/**
 * The strategy's rule for a token it verified before (admitKnown, asked by JwtAuthGuard before
 * passport): it stands only while the key resolver returns the very key object that verified it.
 * The e2e suites cover what a caller sees (expiry, altered claims, scopes, retired keys); a key
 * replaced under the same kid needs an issuer that reuses a kid, which they cannot arrange.
 */
describe('JwtStrategy: tokens verified before', () => {
  const setup = () => {
    const verifiedWith = newKey();
    let current: ResolvedKey = { key: verifiedWith, issuedHere: false };
    const resolver = { resolve: () => Promise.resolve(current) } as unknown as KeyResolver;
    const clients = { isGlobal: () => Promise.resolve(true) } as unknown as GlobalClients;
    const strategy = new JwtStrategy(loadConfig({}), resolver, clients);
    const token = 'header.payload.signature';
    const request = (): AuthenticatedRequest => ({ headers: { authorization: `Bearer ${token}` } });
    const verify = async (payload: Record<string, unknown>) => {
      const first = { ...request(), verifying: { token, kid: 'kid-1', key: verifiedWith } };
      return strategy.validate(first, payload);
    };
    const exp = Math.floor(Date.now() / 1000) + 3600;
    return { strategy, request, verify, exp, verifiedWith, setKey: (key: ResolvedKey) => (current = key) };
  };

  it('admits a token seen before, under the key that verified it, as the caller it was', async () => {
    const { strategy, request, verify, exp } = setup();
    assert.equal(await strategy.admitKnown(request()), undefined, 'never verified: passport-jwt verifies it');
    await verify({ sub: 'app@clients', scope: 'read:x write:y', exp });
    const caller = await strategy.admitKnown(request());
    assert.ok(caller);
    assert.equal(caller.clientId, 'app');
    assert.deepEqual([...caller.scopes], ['read:x', 'write:y']);
  });

  it('sends it back to full verification once its kid resolves to another key, and forgets it', async () => {
    const { strategy, request, verify, exp, verifiedWith, setKey } = setup();
    await verify({ sub: 'app@clients', exp });
    setKey({ key: newKey(), issuedHere: false });
    assert.equal(await strategy.admitKnown(request()), undefined);
    setKey({ key: verifiedWith, issuedHere: false });
    assert.equal(await strategy.admitKnown(request()), undefined, 'the entry is gone: only a new verification restores it');
  });

  it('sends it back to full verification once its kid no longer resolves', async () => {
    const { strategy, request, verify, exp, setKey } = setup();
    await verify({ sub: 'app@clients', exp });
    setKey(undefined);
    assert.equal(await strategy.admitKnown(request()), undefined);
  });

  it('refuses it once expired, as a new token would be, and forgets it', async () => {
    const { strategy, request, verify } = setup();
    await verify({ sub: 'app@clients', exp: Math.floor(Date.now() / 1000) + 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await assert.rejects(strategy.admitKnown(request()), AuthRejection);
    assert.equal(await strategy.admitKnown(request()), undefined);
  });
});

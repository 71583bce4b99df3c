import assert from 'node:assert/strict';
import type { KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { JwksClient } from '../../src/auth/jwks.client.js';
import { ecKeyPair, rsaKeyPair } from '../support/key-pairs.js';

const newKey = (): KeyObject => rsaKeyPair().publicKey;
const jwk = (kid: string, key: KeyObject) => ({ ...key.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' });

/** A real JWKS endpoint on loopback whose document and health the test controls. */
class JwksServer {
  requests = 0;
  keys: Record<string, unknown>[] = [];
  down = false;
  /** Held responses, to make fetches overlap. */
  delayMs = 0;
  private readonly server: Server = createServer((_req, res) => {
    this.requests++;
    setTimeout(() => {
      if (this.down) return void res.writeHead(503).end('down');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: this.keys }));
    }, this.delayMs);
  });
  uri = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.uri = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/.well-known/jwks.json`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('JwksClient', () => {
  const server = new JwksServer();
  const [keyA, keyB] = [newKey(), newKey()];
  let clock = 1_000_000;
  const client = (interval = 10_000) => new JwksClient(server.uri, { minRefetchIntervalMs: interval, now: () => clock });

  before(() => server.start());
  after(() => server.stop());
  beforeEach(() => {
    server.requests = 0;
    server.keys = [jwk('a', keyA)];
    server.down = false;
    server.delayMs = 0;
    clock = 1_000_000;
  });

  it('fetches once and then answers known kids from the cache', async () => {
    const jwks = client();
    for (let i = 0; i < 5; i++) assert.ok((await jwks.getKey('a'))?.equals(keyA));
    assert.equal(server.requests, 1);
  });

  it('refetches for an unknown kid at most once per interval', async () => {
    const jwks = client(10_000);
    assert.equal(await jwks.getKey('b'), undefined);
    assert.equal(server.requests, 1);
    clock += 9_999;
    assert.equal(await jwks.getKey('b'), undefined);
    assert.equal(await jwks.getKey('c'), undefined);
    assert.equal(server.requests, 1, 'no refetch inside the interval');
    server.keys = [jwk('a', keyA), jwk('b', keyB)];
    clock += 1;
    assert.ok((await jwks.getKey('b'))?.equals(keyB), 'a rotated-in key is found once the interval has passed');
    assert.equal(server.requests, 2);
  });

  it('honours a configured interval', async () => {
    const jwks = client(500);
    await jwks.getKey('x');
    clock += 499;
    await jwks.getKey('x');
    assert.equal(server.requests, 1);
    clock += 1;
    await jwks.getKey('x');
    assert.equal(server.requests, 2);
  });

  it('shares one fetch between concurrent misses, which all get the key it brings', async () => {
    const jwks = client();
    server.delayMs = 50;
    const found = await Promise.all(Array.from({ length: 10 }, () => jwks.getKey('a')));
    assert.equal(server.requests, 1);
    for (const key of found) assert.ok(key?.equals(keyA));
  });

  it('keeps the keys it has through a JWKS outage', async () => {
    const jwks = client();
    assert.ok(await jwks.getKey('a'));
    server.down = true;
    clock += 60_000;
    assert.equal(await jwks.getKey('unknown'), undefined);
    assert.equal(server.requests, 2, 'the outage was seen');
    assert.ok((await jwks.getKey('a'))?.equals(keyA));
  });

  it('replaces the key set on a successful refetch (a removed key is gone)', async () => {
    const jwks = client();
    assert.ok(await jwks.getKey('a'));
    server.keys = [jwk('b', keyB)];
    clock += 10_000;
    assert.ok(await jwks.getKey('b'));
    assert.equal(await jwks.getKey('a'), undefined);
  });

  it('ignores non-signing, non-RSA and malformed keys but keeps the good ones', async () => {
    const ec = ecKeyPair().publicKey;
    server.keys = [
      { ...jwk('enc', keyB), use: 'enc' },
      { ...ec.export({ format: 'jwk' }), kid: 'ec' },
      { kty: 'RSA', kid: 'broken', e: 'AQAB' },
      jwk('a', keyA),
    ];
    const jwks = client();
    assert.ok((await jwks.getKey('a'))?.equals(keyA));
    for (const kid of ['enc', 'ec', 'broken']) assert.equal(await jwks.getKey(kid), undefined, kid);
  });
});

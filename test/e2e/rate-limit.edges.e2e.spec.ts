import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { expectTooManyRequests, rateLimitHeaders } from '../support/rate-limit.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The edges of rate limiting: requests answered before routing, Redis down, tokens without azp.
const LIMIT = 3;

describe('rate limits on requests answered before routing', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_MINUTE: '60', REDIS_URL: '' })));
  after(() => t.close());

  it('unknown routes and unreadable bodies under /api/v2 count by address and carry the headers', async () => {
    const auth = await t.bearer('update:token_exchange_profiles');
    const unknown = await t.api.get('/api/v2/no-such-thing');
    assert.equal(unknown.status, 404);
    assert.equal(rateLimitHeaders(unknown, LIMIT).remaining, 2);
    const badJson = await t.api
      .patch('/api/v2/token-exchange-profiles/tep_x')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send('{oops');
    assert.equal(badJson.status, 400);
    assert.equal(rateLimitHeaders(badJson, LIMIT).remaining, 1);
    const plain = await t.api
      .patch('/api/v2/token-exchange-profiles/tep_x')
      .set('Authorization', auth)
      .set('Content-Type', 'text/plain')
      .send('x');
    assert.equal(plain.status, 415);
    assert.equal(rateLimitHeaders(plain, LIMIT).remaining, 0);
    expectTooManyRequests(await t.api.get('/api/v2/no-such-thing'), LIMIT);
    // The same address is limited on routed requests too: one bucket per address.
    expectTooManyRequests(await t.api.delete('/api/v2/token-exchange-profiles/tep_x'), LIMIT);
  });

  it('outside /api/v2 nothing is counted or labelled', async () => {
    const res = await t.api.get('/no-such-thing');
    assert.equal(res.status, 404);
    assert.equal(res.headers['x-ratelimit-limit'], undefined);
  });
});

describe('rate limits when Redis is configured but unreachable', () => {
  let t: TestApp;
  // Port 1 refuses connections: the instance must keep limiting from memory, neither failing open nor erroring.
  before(async () => (t = await startTestApp({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_MINUTE: '60', REDIS_URL: 'redis://127.0.0.1:1' })));
  after(() => t.close());

  it('still limits, from memory', async () => {
    const auth = await t.bearer('delete:token_exchange_profiles', { azp: 'no-redis' });
    const statuses = [];
    for (let i = 0; i < LIMIT; i++)
      statuses.push((await t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth)).status);
    assert.deepEqual(statuses, [204, 204, 204]);
    expectTooManyRequests(await t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth), LIMIT);
  });
});

describe('rate limits when Redis stops answering', () => {
  let t: TestApp;
  let stalled: Server;
  const sockets: Socket[] = [];
  // Completes ioredis' handshake (HELLO refused: RESP2; CLIENT SETINFO; the INFO ready check),
  // then never answers a command: a frozen Redis.
  const replies: Record<string, string> = {
    hello: "-ERR unknown command 'hello'\r\n",
    client: '+OK\r\n',
    info: '$32\r\nredis_version:7.0.0\r\nloading:0\r\n\r\n',
  };
  before(async () => {
    stalled = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (data) => {
        for (const [, command] of data.toString().matchAll(/\*\d+\r\n\$\d+\r\n(\w+)/g)) socket.write(replies[command.toLowerCase()] ?? '');
      });
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as { port: number };
    // One token a minute: the half-second waits must not refill the bucket during the test.
    t = await startTestApp({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_MINUTE: '1', REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  after(async () => {
    await t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => stalled.close(resolve));
  });

  // Without a command timeout these requests would wait forever: fail instead of hanging the run.
  it('still limits, from memory, only the first request waiting for Redis (the command timeout, 500 ms)', { timeout: 20_000 }, async () => {
    const auth = await t.bearer('delete:token_exchange_profiles', { azp: 'stalled-redis' });
    const remove = () => t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth);
    const started = Date.now();
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await remove()).status);
    assert.deepEqual(statuses, [204, 204, 204]);
    expectTooManyRequests(await remove(), LIMIT);
    const elapsed = Date.now() - started;
    // The timeout once (Redis was asked, and was ready), then memory without asking it again.
    assert.ok(elapsed >= 450 && elapsed < 1_500, `${elapsed} ms for 4 requests`);
  });
});

describe('rate-limit identity without azp', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_MINUTE: '60', REDIS_URL: '' })));
  after(() => t.close());

  it('falls back to the client in `sub` ("<client>@clients")', async () => {
    const token = async (sub: string) =>
      `Bearer ${await t.tokens.sign({ scope: 'delete:token_exchange_profiles', sub, claims: { azp: undefined } })}`;
    const call = (auth: string) => t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth);
    for (let i = 0; i < LIMIT; i++) assert.equal((await call(await token('alpha@clients'))).status, 204);
    expectTooManyRequests(await call(await token('alpha@clients')), LIMIT);
    const beta = await call(await token('beta@clients'));
    assert.equal(beta.status, 204);
    assert.equal(rateLimitHeaders(beta, LIMIT).remaining, 2);
  });
});

// needs: redis-server
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { captureLogLines } from '../support/capture-stdout.js';
import { freePort } from '../support/server-process.js';
import { OwnRedis } from '../support/own-redis.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Redis of the test's own (frozen with SIGSTOP, then killed); the app logs warnings, so the
// storage's lines can be counted.
const ENV = { LOG_LEVEL: 'warn' };
const DOWN = /^Redis unavailable \(.+\): rate limits are counted in this instance's memory until it is back$/;
const PREFIX = 'tma-outage:';
const BACK = 'Redis is back: rate limits are shared again';

function storageLines(lines: Record<string, unknown>[]): string[] {
  return lines.filter((line) => line.context === 'RateLimitStorage').map((line) => String(line.msg));
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = Date.now();
  const value = await fn();
  return { ms: Date.now() - started, value };
}

describe('rate limits while Redis hangs, comes back and dies', () => {
  let redis: OwnRedis;
  let t: TestApp;

  before(async () => {
    redis = await OwnRedis.start();
    t = await startTestApp({ ...ENV, REDIS_URL: redis.url, RATE_LIMIT_KEY_PREFIX: PREFIX });
  });
  after(async () => {
    // Either is unset when before() failed part way.
    const started: { t?: TestApp; redis?: OwnRedis } = { t, redis };
    await started.t?.close();
    await started.redis?.stop();
  });

  it(
    'a hung Redis holds requests at most 500 ms, once; then memory; one line when it hangs, one when it is back, one when it dies',
    { timeout: 30_000 },
    async () => {
      const auth = await t.bearer('delete:token_exchange_profiles', { azp: 'outage' });
      const remove = () => t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth);
      const badSecret = () =>
        t.api
          .post('/oauth/token')
          .send({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x', audience: 'https://tenant.test/api/v2/' });

      const lines = await captureLogLines(async () => {
        assert.equal((await remove()).status, 204);

        redis.freeze();
        try {
          // Requests already waiting on Redis when it hangs: each waits the command timeout, no more.
          const first = await Promise.all(Array.from({ length: 5 }, () => timed(remove)));
          for (const { ms, value } of first) {
            assert.equal(value.status, 204);
            assert.ok(ms < 1_000, `${ms} ms`);
          }
          // Then Redis is skipped: neither the API nor /oauth/token's failed-attempt limits wait on it.
          // A request that waited on the hung Redis would take the whole command timeout (500 ms); the
          // bound is that, not a speed, so a loaded machine (a failed secret costs a scrypt hash) passes.
          for (let i = 0; i < 20; i++) {
            const api = await timed(remove);
            assert.equal(api.value.status, 204);
            assert.ok(api.ms < 500, `request ${i} waited ${api.ms} ms`);
            const token = await timed(badSecret);
            // Refused (401), then limited (429) from memory after 10 failures.
            assert.ok([401, 429].includes(token.value.status), String(token.value.status));
            assert.ok(token.ms < 500, `token request ${i} waited ${token.ms} ms`);
          }
        } finally {
          redis.thaw();
        }

        // Back within the probe interval (1 s) plus its command: the bucket is in Redis again.
        const thawed = Date.now();
        const client = new Redis(redis.url);
        try {
          await client.del(`${PREFIX}client:outage`);
          do {
            assert.ok(Date.now() - thawed < 5_000, 'Redis is used again within 5 s');
            assert.equal((await remove()).status, 204);
            await sleep(100);
          } while ((await client.exists(`${PREFIX}client:outage`)) === 0);
        } finally {
          client.disconnect();
        }

        await redis.stop();
        for (let i = 0; i < 10; i++) {
          const api = await timed(remove);
          assert.equal(api.value.status, 204);
          assert.ok(api.ms < 500, `request ${i} after Redis died waited ${api.ms} ms`);
        }
      });
      const messages = storageLines(lines);
      assert.equal(messages.length, 3, messages.join('\n'));
      assert.match(messages[0], DOWN);
      assert.equal(messages[1], BACK);
      assert.match(messages[2], DOWN);
    },
  );
});

describe('boot with Redis unreachable: one bounded wait, one line', () => {
  const sockets: Socket[] = [];
  let silent: Server;

  before(async () => {
    // Accepts connections and never answers a byte: a hung Redis, as its clients see it.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  async function bootTime(url: string): Promise<{ ms: number; lines: string[] }> {
    let ms = 0;
    let app: TestApp | undefined;
    const lines = await captureLogLines(async () => {
      const started = Date.now();
      app = await startTestApp({ ...ENV, REDIS_URL: url });
      ms = Date.now() - started;
      // Still serving, from memory.
      assert.equal(
        (
          await app.api
            .delete('/api/v2/token-exchange-profiles/tep_x')
            .set('Authorization', await app.bearer('delete:token_exchange_profiles'))
        ).status,
        204,
      );
      await app.close();
    });
    return { ms, lines: storageLines(lines) };
  }

  // The bound is relative to a boot with a healthy Redis on the same (possibly loaded) machine: a
  // boot used to stall 12 s, the promise is one wait of 1 s at most. A stolen second on a busy CI
  // machine can land in either boot of a pair, so up to three pairs are timed, alternating, and the
  // bound must hold in one of them: a boot that really waits 2 s longer misses it in every pair.
  const healthyBoot = async (): Promise<number> => {
    const redis = await OwnRedis.start();
    try {
      return (await bootTime(redis.url)).ms;
    } finally {
      await redis.stop();
    }
  };

  async function assertBoundedBoot(url: () => Promise<string>): Promise<void> {
    const pairs: string[] = [];
    for (let pair = 0; pair < 3; pair++) {
      const baseline = await healthyBoot();
      const { ms, lines } = await bootTime(await url());
      assert.equal(lines.length, 1, lines.join('\n'));
      assert.match(lines[0], DOWN);
      pairs.push(`${ms} ms (${baseline} ms with Redis up)`);
      if (ms < baseline + 2_000) return;
    }
    assert.fail(`every boot waited over 2 s more than one with Redis up: ${pairs.join(', ')}`);
  }

  it('a refused connection does not hold the boot', { timeout: 60_000 }, async () => {
    await assertBoundedBoot(async () => `redis://127.0.0.1:${await freePort()}`);
  });

  it('a server that never answers holds the boot 1 s at most', { timeout: 60_000 }, async () => {
    const { port } = silent.address() as { port: number };
    await assertBoundedBoot(() => Promise.resolve(`redis://127.0.0.1:${port}`));
  });
});

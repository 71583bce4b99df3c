import 'reflect-metadata';
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../../src/common/oauth-error.js';
import { loadConfig } from '../../src/config/app-config.js';
import { FailedAttemptsLimiter } from '../../src/oauth/failed-attempts.limiter.js';
import { RateLimitStorage } from '../../src/rate-limit/rate-limit.storage.js';

// The limiter on the in-memory buckets, with an instant check in place of scrypt: each outcome
// below is decided by the buckets alone, not by how fast the machine hashes.
describe('FailedAttemptsLimiter', () => {
  let storage: RateLimitStorage;
  let limiter: FailedAttemptsLimiter;
  beforeEach(() => {
    storage = new RateLimitStorage(loadConfig({}));
    limiter = new FailedAttemptsLimiter(storage);
  });
  afterEach(() => storage.onApplicationShutdown());

  type Outcome = 'authenticated' | 'failed' | 429;
  async function attempt(clientId: string, ip: string, rightSecret = false): Promise<Outcome> {
    try {
      const result = await limiter.attempt(clientId, ip, () => Promise.resolve(rightSecret ? clientId : undefined));
      return result === undefined ? 'failed' : 'authenticated';
    } catch (error) {
      assert.ok(error instanceof OAuthError && error.status === HttpStatus.TOO_MANY_REQUESTS, String(error));
      assert.deepEqual(error.body, {
        error: 'too_many_requests',
        error_description: 'Too many failed authentication attempts, retry later.',
      });
      assert.match(error.headers['Retry-After'], /^[1-9]\d*$/);
      return 429;
    }
  }
  async function failures(count: number, clientId: (i: number) => string, ip: string): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < count; i++) outcomes.push(await attempt(clientId(i), ip));
    return outcomes;
  }
  const times = (n: number, outcome: Outcome): Outcome[] => Array<Outcome>(n).fill(outcome);

  it('10 failures per client and address, then even the right secret waits there', async () => {
    assert.deepEqual(await failures(12, () => 'victim', '10.0.0.1'), [...times(10, 'failed'), ...times(2, 429)]);
    assert.equal(await attempt('victim', '10.0.0.1', true), 429);
    assert.equal(await attempt('victim', '10.0.0.2', true), 'authenticated');
  });

  it('20 failures per address, whatever the client_id, then every client waits there', async () => {
    assert.deepEqual(await failures(22, (i) => `rotated-${i}`, '10.0.0.1'), [...times(20, 'failed'), ...times(2, 429)]);
    assert.equal(await attempt('legit', '10.0.0.1', true), 429);
  });

  it('an attacker hammering other client_ids, or this one, from another address does not lock a client out', async () => {
    await failures(10, () => 'legit', '10.0.0.66');
    await failures(30, (i) => `other-${i}`, '10.0.0.66');
    assert.equal(await attempt('legit', '10.0.0.1', true), 'authenticated');
    assert.deepEqual(await failures(10, () => 'legit', '10.0.0.1'), times(10, 'failed'), 'nothing of its own allowance was spent');
  });

  it('50 failures per client from all addresses: five busy addresses make its right secret wait everywhere', async () => {
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'])
      assert.deepEqual(await failures(10, () => 'victim', ip), times(10, 'failed'));
    assert.equal(await attempt('victim', '10.0.0.9', true), 'authenticated', 'four addresses are not enough');
    assert.deepEqual(await failures(11, () => 'victim', '10.0.0.5'), [...times(10, 'failed'), 429]);
    assert.equal(await attempt('victim', '10.0.0.6'), 429);
    assert.equal(await attempt('victim', '10.0.0.9', true), 429);
  });

  it('a refused attempt spends nothing: the address keeps its allowance for other clients', async () => {
    await failures(10, () => 'one', '10.0.0.1');
    assert.deepEqual(await failures(15, () => 'one', '10.0.0.1'), times(15, 429));
    assert.deepEqual(await failures(11, (i) => `two-${i}`, '10.0.0.1'), [...times(10, 'failed'), 429]);
  });

  it('attempts at once cannot overshoot: of 40 slow checks, exactly 10 run', async () => {
    let checks = 0;
    const slowFailure = async (): Promise<undefined> => {
      checks++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return undefined;
    };
    const settled = await Promise.allSettled(Array.from({ length: 40 }, () => limiter.attempt('victim', '10.0.0.1', slowFailure)));
    assert.equal(checks, 10);
    assert.equal(settled.filter((s) => s.status === 'rejected').length, 30);
  });

  it('a check that throws (the database is down) is not a failure', async () => {
    for (let i = 0; i < 15; i++) {
      await assert.rejects(
        limiter.attempt('victim', '10.0.0.1', () => Promise.reject(new Error('database down'))),
        /database down/,
      );
    }
    assert.deepEqual(await failures(11, () => 'victim', '10.0.0.1'), [...times(10, 'failed'), 429]);
  });

  it('IPv4-mapped IPv6 and plain IPv4 are one address', async () => {
    await failures(10, () => 'victim', '::ffff:10.0.0.1');
    assert.equal(await attempt('victim', '10.0.0.1'), 429);
  });
});

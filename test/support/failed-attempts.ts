import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import type { Response } from 'supertest';
import type { IssuedClient } from './issuer.js';
import { expectOAuthError } from './responses.js';
import { AUDIENCE, type TestApp } from './test-app.js';

// Loopback answers from any 127.x.y.z, so a test can be several callers on one machine.
const agents = new Map<string, Agent>();

/** POST /oauth/token with the client credentials grant, sent from `address` (a 127.0.0.0/8 address). */
export function requestTokenFrom(t: TestApp, address: string, client: IssuedClient): Promise<Response> {
  let agent = agents.get(address);
  if (!agent) agents.set(address, (agent = new Agent({ localAddress: address })));
  return t.api
    .post('/oauth/token')
    .agent(agent)
    .send({ grant_type: 'client_credentials', ...client, audience: AUDIENCE })
    .then((res) => res);
}

/** `count` wrong secrets at once, for `client(i)`, from `address`; to the instances in turn when given several. */
export function wrongSecretsAtOnce(
  t: TestApp | TestApp[],
  address: string,
  count: number,
  client: (i: number) => string,
): Promise<Response[]> {
  const apps = Array.isArray(t) ? t : [t];
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      requestTokenFrom(apps[i % apps.length], address, { client_id: client(i), client_secret: `wrong-${i}` }),
    ),
  );
}

/** Exactly `failed` × 401 invalid_client; every other response the limit's 429, with Retry-After. */
export function expectLimitedAfter(responses: Response[], failed: number): void {
  const statuses = responses.map((res) => res.status).sort();
  assert.deepEqual(statuses, [...Array<number>(failed).fill(401), ...Array<number>(responses.length - failed).fill(429)]);
  for (const res of responses) {
    if (res.status === 401) expectOAuthError(res, 401, 'invalid_client', 'Client authentication failed.');
    else expectTooManyFailures(res);
  }
}

/**
 * Attempts spread over instances: each checks at most `perInstance` at once, and the failures
 * they record are what the buckets count, so between `least` and `most` are 401, the rest 429.
 */
export function expectLimitedWithin(responses: Response[], least: number, most: number): number {
  const failed = responses.filter((res) => res.status === 401).length;
  assert.ok(failed >= least && failed <= most, `${failed} × 401, expected ${least} to ${most}`);
  expectLimitedAfter(responses, failed);
  return failed;
}

export function expectTooManyFailures(res: Response): void {
  expectOAuthError(res, 429, 'too_many_requests', 'Too many failed authentication attempts, retry later.');
  assert.match(res.headers['retry-after'], /^[1-9]\d*$/, 'Retry-After in whole seconds');
}

import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Management, ManagementError } from 'auth0';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ALL = 'delete:organization_client_grants update:token_exchange_profiles delete:token_exchange_profiles';

/** The SDK's own error class, carrying our status and our error body unchanged. */
async function rejectsWith(
  call: Promise<unknown>,
  type: new (...args: never[]) => ManagementError,
  status: number,
  errorCode: string,
  message: string,
) {
  const error = await call.then(
    () => assert.fail(`expected ${type.name}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof type, `expected ${type.name}, got ${(error as Error).name}: ${(error as Error).message}`);
  assert.equal(error.statusCode, status);
  assert.deepEqual(error.body, { statusCode: status, error: STATUS_CODES[status], message, errorCode });
  assert.ok(error.message.includes(message));
}

describe('the official auth0 SDK (v7) against the service', () => {
  let t: TestApp;
  let baseUrl: string;
  let sdk: Sdk;
  before(async () => {
    t = await startTestApp();
    baseUrl = await Sdk.listen(t);
    sdk = Sdk.for(baseUrl, (await t.bearer(ALL)).slice('Bearer '.length));
  });
  after(() => t.close());

  it('removes a client grant from an organization (organizations.clientGrants.delete)', async () => {
    const [organization, grant] = [await t.factories.organization(), await t.factories.clientGrant()];
    await t.factories.associate(organization.id, grant.id);
    const { data, rawResponse } = await sdk.organizationClientGrants.delete(organization.id, grant.id).withRawResponse();
    assert.equal(data, undefined);
    assert.equal(rawResponse.status, 204);
    assert.equal(await t.prisma.organizationClientGrant.count({ where: { organization_id: organization.id } }), 0);
    assert.ok(await t.prisma.clientGrant.findUnique({ where: { id: grant.id } }));
  });

  it('updates a token exchange profile (tokenExchangeProfiles.update)', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const { rawResponse } = await sdk.tokenExchangeProfiles
      .update(profile.id, { name: 'Renamed by the SDK', subject_token_type: 'urn:acme:sdk-token' })
      .withRawResponse();
    assert.equal(rawResponse.status, 200);
    const stored = await t.prisma.tokenExchangeProfile.findUniqueOrThrow({ where: { id: profile.id } });
    assert.deepEqual([stored.name, stored.subject_token_type], ['Renamed by the SDK', 'urn:acme:sdk-token']);
  });

  it('deletes a token exchange profile (tokenExchangeProfiles.delete), idempotently', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    await sdk.tokenExchangeProfiles.delete(profile.id);
    await sdk.tokenExchangeProfiles.delete(profile.id);
    assert.equal(await t.prisma.tokenExchangeProfile.count({ where: { id: profile.id } }), 0);
  });

  it('raises NotFoundError with our message for an unknown organization', async () => {
    await rejectsWith(
      sdk.organizationClientGrants.delete('org_doesNotExist0001', 'cgr_x'),
      Management.NotFoundError,
      404,
      'inexistent_organization',
      'No organization found by that id or name',
    );
    await rejectsWith(
      sdk.tokenExchangeProfiles.update('tep_doesNotExist0001', { name: 'whatever' }),
      Management.NotFoundError,
      404,
      'inexistent_token_exchange_profile',
      'Token exchange profile not found.',
    );
  });

  it('raises ForbiddenError with our message when the token lacks the scope', async () => {
    const reader = Sdk.for(baseUrl, await t.tokens.sign({ scope: 'read:organizations' }));
    await rejectsWith(
      reader.organizationClientGrants.delete('org_any', 'cgr_any'),
      Management.ForbiddenError,
      403,
      'insufficient_scope',
      'Insufficient scope, expected any of: delete:organization_client_grants',
    );
  });

  it('raises UnauthorizedError with our message for a bad token', async () => {
    const stranger = Sdk.for(baseUrl, await t.tokens.sign({ scope: ALL, foreignKey: true }));
    await rejectsWith(
      stranger.tokenExchangeProfiles.delete('tep_any'),
      Management.UnauthorizedError,
      401,
      'invalid_token',
      'Invalid signature received for JSON Web Token validation',
    );
  });

  it('raises BadRequestError with our message for a too-long id and an invalid PATCH body', async () => {
    await rejectsWith(
      sdk.organizationClientGrants.delete('o'.repeat(51), 'cgr_any'),
      Management.BadRequestError,
      400,
      'invalid_uri',
      "Path validation error: 'String is too long (51 chars), maximum 50' on property id (ID of the organization).",
    );
    const profile = await t.factories.tokenExchangeProfile();
    await rejectsWith(
      sdk.tokenExchangeProfiles.update(profile.id, { name: 'ab' }),
      Management.BadRequestError,
      400,
      'invalid_body',
      "Payload validation error: 'String is too short (2 chars), minimum 3' on property name (Friendly name of this profile).",
    );
  });

  it('raises ConflictError with our message for a subject_token_type another profile has', async () => {
    const [a, b] = [await t.factories.tokenExchangeProfile(), await t.factories.tokenExchangeProfile()];
    await rejectsWith(
      sdk.tokenExchangeProfiles.update(b.id, { subject_token_type: a.subject_token_type }),
      Management.ConflictError,
      409,
      'token_exchange_profile_conflict',
      'Token exchange profile with the same subject_token_type already exists',
    );
  });
});

// One token of burst per client, refilled every 2 s: long enough to tell Retry-After from the SDK's own 1 s backoff.
describe('the official auth0 SDK (v7) under our rate limit', () => {
  let t: TestApp;
  let baseUrl: string;
  const client = async (azp: string, maxRetries: number) => Sdk.for(baseUrl, await t.tokens.sign({ scope: ALL, azp }), { maxRetries });
  before(async () => {
    t = await startTestApp({ RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_MINUTE: '30' });
    baseUrl = await Sdk.listen(t);
  });
  after(() => t.close());

  it('raises TooManyRequestsError with our message when retries are off', async () => {
    const sdk = await client('client-no-retries', 0);
    await sdk.tokenExchangeProfiles.delete('tep_any');
    await rejectsWith(
      sdk.tokenExchangeProfiles.delete('tep_any'),
      Management.TooManyRequestsError,
      429,
      'too_many_requests',
      'Global limit has been reached',
    );
    assert.deepEqual(
      sdk.calls.map((c) => c.status),
      [204, 429],
    );
  });

  it('retries a 429 after the Retry-After our answer carries, and then succeeds', async () => {
    const sdk = await client('client-with-retries', 2);
    await sdk.tokenExchangeProfiles.delete('tep_any');
    await sdk.tokenExchangeProfiles.delete('tep_any');
    const [first, throttled, retried] = sdk.calls;
    assert.deepEqual([first.status, throttled.status, retried.status, sdk.calls.length], [204, 429, 204, 3]);
    assert.equal(throttled.headers.get('retry-after'), '2');
    assert.equal(throttled.headers.get('x-ratelimit-remaining'), '0');
    assert.ok(Number(throttled.headers.get('x-ratelimit-reset')) >= Math.floor(throttled.at / 1000) + 1);
    // The SDK waits Retry-After (2 s), not its default first backoff (1 s ± 10%).
    assert.ok(retried.at - throttled.at >= 1900, `retried after ${retried.at - throttled.at} ms`);
  });
});

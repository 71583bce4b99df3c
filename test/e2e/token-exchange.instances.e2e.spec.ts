import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, unique, VALIDATING, type ExchangeClient } from '../support/token-exchange.js';
import { UserFactories } from '../support/user-factories.js';

// Two instances of the service (each its own Nest application, module graph and caches) on one database.
describe('POST /oauth/token (custom token exchange): a second instance follows profile changes made on the first', () => {
  let a: TestApp;
  let b: TestApp;
  let kit: ExchangeKit;
  let client: ExchangeClient;
  let good: string;
  before(async () => {
    a = await startTestApp();
    b = await startTestApp({}, { tokens: a.tokens, databaseUrl: a.databaseUrl });
    kit = await ExchangeKit.start(a);
    client = await kit.client();
    const users = new UserFactories(a.prisma);
    good = `good:${(await users.user((await users.connection()).id)).user_id}`;
  });
  after(async () => {
    const started: (TestApp | undefined)[] = [b, a];
    for (const app of started) await app?.close();
  });

  /** The exchange on instance b, retried until `done` holds or 2 s have passed; how long it took. */
  async function onBWithin2s(subjectTokenType: string, done: (status: number) => boolean): Promise<{ status: number; elapsed: number }> {
    const started = Date.now();
    for (;;) {
      const res = await exchange(b, client, { subject_token_type: subjectTokenType, subject_token: good });
      const elapsed = Date.now() - started;
      if (done(res.status) || elapsed > 2000) return { status: res.status, elapsed };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('PATCH on a: on b the old type is refused and the new one works within 2 s; DELETE on a: refused on b within 2 s', async () => {
    const profile = await kit.profile(await kit.deployedAction(VALIDATING));
    assert.equal(
      (await exchange(b, client, { subject_token_type: profile.subject_token_type, subject_token: good })).status,
      200,
      'b runs the profile',
    );
    const renamed = `urn:acme:${unique()}`;
    const patched = await a.api
      .patch(`/api/v2/token-exchange-profiles/${profile.id}`)
      .set('Authorization', kit.auth)
      .send({ subject_token_type: renamed });
    assert.equal(patched.status, 200, patched.text);
    const old = await onBWithin2s(profile.subject_token_type, (status) => status === 400);
    assert.equal(old.status, 400);
    assert.ok(old.elapsed <= 2000, `${old.elapsed} ms`);
    const renamedOnB = await onBWithin2s(renamed, (status) => status === 200);
    assert.equal(renamedOnB.status, 200);
    assert.ok(renamedOnB.elapsed <= 2000, `${renamedOnB.elapsed} ms`);

    assert.equal((await a.api.delete(`/api/v2/token-exchange-profiles/${profile.id}`).set('Authorization', kit.auth)).status, 204);
    const deleted = await onBWithin2s(renamed, (status) => status === 400);
    assert.ok(deleted.elapsed <= 2000, `${deleted.elapsed} ms`);
    expectOAuthError(
      await exchange(b, client, { subject_token_type: renamed, subject_token: good }),
      400,
      'invalid_request',
      `Unsupported subject_token_type: ${renamed}`,
    );
  });
});

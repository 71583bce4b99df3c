import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, expectTooManyAttempts, VALIDATING, type ExchangeClient } from '../support/token-exchange.js';
import { UserFactories } from '../support/user-factories.js';

describe('POST /oauth/token (custom token exchange): rejectInvalidSubjectToken counts per address (memory)', () => {
  let t: TestApp;
  let kit: ExchangeKit;
  let client: ExchangeClient;
  let type: string;
  let good: string;
  before(async () => {
    t = await startTestApp({
      TOKEN_EXCHANGE_INVALID_TOKEN_LIMIT: '3',
      TOKEN_EXCHANGE_INVALID_TOKEN_WINDOW_MS: '600000',
      ACTIONS_TIMEOUT_MS: '1000',
      ACTIONS_MEMORY_MB: '64',
    });
    kit = await ExchangeKit.start(t);
    client = await kit.client();
    type = await kit.profileRunning(VALIDATING);
    const users = new UserFactories(t.prisma);
    good = `good:${(await users.user((await users.connection()).id)).user_id}`;
  });
  after(() => t.close());

  it('400 invalid_request with the reason for 3 invalid tokens, then 429 too_many_attempts even for a valid one; other addresses go on', async () => {
    for (let i = 0; i < 3; i++) {
      expectOAuthError(
        await exchange(t, client, { subject_token_type: type, subject_token: `bad-${i}` }, { address: '127.0.0.21' }),
        400,
        'invalid_request',
        'Invalid subject_token',
      );
    }
    expectTooManyAttempts(await exchange(t, client, { subject_token_type: type, subject_token: 'bad-4' }, { address: '127.0.0.21' }));
    expectTooManyAttempts(await exchange(t, client, { subject_token_type: type, subject_token: good }, { address: '127.0.0.21' }));
    assert.equal((await exchange(t, client, { subject_token_type: type, subject_token: good }, { address: '127.0.0.22' })).status, 200);
  });

  it('valid tokens spend nothing: 10 successes, then still 3 rejections before the 429', async () => {
    for (let i = 0; i < 10; i++) {
      assert.equal((await exchange(t, client, { subject_token_type: type, subject_token: good }, { address: '127.0.0.23' })).status, 200);
    }
    for (let i = 0; i < 3; i++) {
      assert.equal((await exchange(t, client, { subject_token_type: type, subject_token: 'bad' }, { address: '127.0.0.23' })).status, 400);
    }
    expectTooManyAttempts(await exchange(t, client, { subject_token_type: type, subject_token: 'bad' }, { address: '127.0.0.23' }));
  });

  it('deny() does not count as an invalid subject token', async () => {
    const denying = await kit.profileRunning(
      "exports.onExecuteCustomTokenExchange = async (event, api) => { api.access.deny('access_denied', 'no'); };",
    );
    for (let i = 0; i < 5; i++) {
      expectOAuthError(await exchange(t, client, { subject_token_type: denying }, { address: '127.0.0.24' }), 400, 'access_denied', 'no');
    }
    assert.equal((await exchange(t, client, { subject_token_type: type, subject_token: good }, { address: '127.0.0.24' })).status, 200);
  });

  it('an action past its time limit is a 500 server_error with Auth0 wording, and the next exchange succeeds', async () => {
    const looping = await kit.profileRunning('exports.onExecuteCustomTokenExchange = async () => { for (;;) {} };');
    const started = Date.now();
    expectOAuthError(
      await exchange(t, client, { subject_token_type: looping }, { address: '127.0.0.25' }),
      500,
      'server_error',
      'Script execution time exceeded',
    );
    assert.ok(Date.now() - started < 5000, 'refused at the 1 s limit, not later');
    assert.equal((await exchange(t, client, { subject_token_type: type, subject_token: good }, { address: '127.0.0.25' })).status, 200);
  });

  it('an action past its memory limit is a 500 server_error; a request meanwhile is served; the next exchange succeeds', async () => {
    const hog = await kit.profileRunning(
      'exports.onExecuteCustomTokenExchange = async () => { const a = []; for (;;) a.push(new Array(1e6).fill(1)); };',
    );
    const refused = exchange(t, client, { subject_token_type: hog }, { address: '127.0.0.26' });
    const meanwhile = await exchange(t, client, { subject_token_type: type, subject_token: good }, { address: '127.0.0.27' });
    assert.equal(meanwhile.status, 200, 'served while the other action fills its memory');
    expectOAuthError(await refused, 500, 'server_error', 'The custom token exchange action exceeded its memory limit');
    assert.equal((await exchange(t, client, { subject_token_type: type, subject_token: good }, { address: '127.0.0.26' })).status, 200);
  });
});

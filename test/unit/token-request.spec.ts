import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OAuthError } from '../../src/common/oauth-error.js';
import { parseTokenRequest, TOKEN_EXCHANGE_GRANT, type TokenExchangeRequest } from '../../src/oauth/token-request.js';

const basic = (raw: string) => `Basic ${Buffer.from(raw).toString('base64')}`;
const exchange = { grant_type: TOKEN_EXCHANGE_GRANT, subject_token: 'st', subject_token_type: 'urn:acme:t', audience: 'https://api/' };

function refuses(call: () => unknown, description: string): void {
  assert.throws(call, (error: unknown) => {
    assert.ok(error instanceof OAuthError);
    assert.deepEqual(error.body, { error: 'invalid_request', error_description: description });
    return true;
  });
}

describe('parseTokenRequest', () => {
  it('reads HTTP Basic credentials, form-URL-decoding each part (RFC 6749 §2.3.1)', () => {
    const request = parseTokenRequest(exchange, basic('my%3Aclient:s%2Bcret+with+spaces%25'));
    assert.equal(request.client_id, 'my:client');
    assert.ok('client_secret' in request);
    assert.equal(request.client_secret, 's+cret with spaces%');
  });

  it('takes a body client_id equal to the Basic one, and refuses a different one or a second secret', () => {
    assert.equal(parseTokenRequest({ ...exchange, client_id: 'c' }, basic('c:s')).client_id, 'c');
    refuses(
      () => parseTokenRequest({ ...exchange, client_id: 'other' }, basic('c:s')),
      'The client_id in the body does not match the Authorization header.',
    );
    refuses(
      () => parseTokenRequest({ ...exchange, client_secret: 's' }, basic('c:s')),
      'Multiple client authentication methods are not allowed.',
    );
  });

  it('refuses malformed Basic credentials in OAuth terms', () => {
    refuses(
      () => parseTokenRequest(exchange, basic('no-colon')),
      'Invalid Authorization header: Basic credentials must be client_id:client_secret.',
    );
    refuses(() => parseTokenRequest(exchange, basic('c:%E0%A4%A')), 'Invalid Authorization header: malformed percent-encoding.');
    refuses(() => parseTokenRequest(exchange, basic(':s')), 'Missing required parameter: client_id');
    refuses(() => parseTokenRequest(exchange, basic('c:')), 'Missing required parameter: client_secret');
  });

  it('ignores an Authorization header that is not Basic (the body must then authenticate)', () => {
    refuses(() => parseTokenRequest(exchange, 'Bearer abc'), 'Missing required parameter: client_id');
  });

  it('reads the token exchange parameters; scopes deduplicated; the body kept for the action', () => {
    const body = {
      ...exchange,
      client_id: 'c',
      client_secret: 's',
      scope: 'openid  read read',
      organization: 'org_1',
      requested_token_type: 'urn:x',
      actor_token: 'at',
      actor_token_type: 'https://acme.example/agent',
      extra: 'e',
    };
    const request = parseTokenRequest(body);
    assert.deepEqual(request, {
      grant_type: TOKEN_EXCHANGE_GRANT,
      client_id: 'c',
      client_secret: 's',
      subject_token: 'st',
      subject_token_type: 'urn:acme:t',
      audience: 'https://api/',
      scopes: ['openid', 'read'],
      organization: 'org_1',
      requested_token_type: 'urn:x',
      actor: { token: 'at', type: 'https://acme.example/agent' },
      body,
    });
  });

  it('takes actor_token and actor_token_type together only, the type outside the reserved namespaces or Auth0’s ID token type', () => {
    const withActor = (fields: Record<string, string>) => () =>
      parseTokenRequest({ ...exchange, client_id: 'c', client_secret: 's', ...fields }) as TokenExchangeRequest;
    const idToken = 'urn:ietf:params:oauth:token-type:id_token';
    assert.deepEqual(withActor({ actor_token: 'a', actor_token_type: idToken })().actor, { token: 'a', type: idToken });
    assert.equal(withActor({})().actor, undefined);
    assert.throws(withActor({ actor_token: 'a' }), { message: 'Missing required parameter: actor_token_type' });
    assert.throws(withActor({ actor_token_type: 'urn:acme:a' }), { message: 'Missing required parameter: actor_token' });
    for (const type of ['URN:IETF:params:oauth:token-type:jwt', 'https://okta.com/x', 'http://acme.example/a'])
      assert.throws(withActor({ actor_token: 'a', actor_token_type: type }), {
        message: `Invalid actor_token_type: ${type}. It must be an https:// or urn: URI outside the reserved namespaces.`,
      });
  });
});

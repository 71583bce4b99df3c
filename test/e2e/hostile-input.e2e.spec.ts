import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { captureLogLines } from '../support/capture-stdout.js';
import { expectRawError, rawRequest } from '../support/raw-http.js';
import { expectError, expectOAuthError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const NUL_VALUE = "'String contains a NUL character'";
const NUL_KEY = "'Property name contains a NUL character'";
const ORG_ID_TOO_LONG = (n: number) =>
  `Path validation error: 'String is too long (${n} chars), maximum 50' on property id (ID of the organization).`;

describe('hostile input: NUL characters, odd URLs and broken HTTP get 4xx in the error shape', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  after(() => t.close());

  it('a NUL in a path id is 400 invalid_uri on every core route, and nothing fails in the database (no error logged)', async () => {
    const auth = await t.bearer('delete:token_exchange_profiles update:token_exchange_profiles delete:organization_client_grants');
    const lines = await captureLogLines(async () => {
      const profile = await t.api.delete('/api/v2/token-exchange-profiles/%00').set('Authorization', auth);
      expectError(profile, 400, 'invalid_uri', `Path validation error: ${NUL_VALUE} on property id.`);
      expectError(
        await t.api.patch('/api/v2/token-exchange-profiles/tep_%00x').set('Authorization', auth).send({ name: 'x' }),
        400,
        'invalid_uri',
        `Path validation error: ${NUL_VALUE} on property id.`,
      );
      expectError(
        await t.api.delete('/api/v2/organizations/org_1/client-grants/cgr%00').set('Authorization', auth),
        400,
        'invalid_uri',
        `Path validation error: ${NUL_VALUE} on property grant_id.`,
      );
      // Answered before routing reaches the guards, it still counts against the address's bucket.
      assert.ok(profile.headers['x-ratelimit-limit'], 'rate-limit headers on an /api/v2 response');
    });
    assert.deepEqual(
      lines.filter((l) => l.level === 'error'),
      [],
    );
  });

  it('a NUL in a body value or key, at any depth, JSON or form, is 400 invalid_body', async () => {
    const auth = await t.bearer('update:token_exchange_profiles');
    const patch = (contentType: string, body: string) =>
      t.api
        .patch('/api/v2/token-exchange-profiles/tep_whatever0000001')
        .set('Authorization', auth)
        .set('Content-Type', contentType)
        .send(body);
    expectError(
      await patch('application/json', '{"name":"ab\\u0000cd"}'),
      400,
      'invalid_body',
      `Payload validation error: ${NUL_VALUE} on property name.`,
    );
    expectError(
      await patch('application/json', '{"name":"ok","x":{"y":["a","b\\u0000"]}}'),
      400,
      'invalid_body',
      `Payload validation error: ${NUL_VALUE} on property x.y.1.`,
    );
    expectError(await patch('application/json', '{"na\\u0000me":"x"}'), 400, 'invalid_body', `Payload validation error: ${NUL_KEY}.`);
    expectError(
      await patch('application/x-www-form-urlencoded', 'name=ab%00cd'),
      400,
      'invalid_body',
      `Payload validation error: ${NUL_VALUE} on property name.`,
    );
  });

  it('a NUL in a query value or key is 400 invalid_query_string', async () => {
    const auth = await t.bearer('read:client_grants');
    expectError(
      await t.api.get('/api/v2/client-grants?audience=%00').set('Authorization', auth),
      400,
      'invalid_query_string',
      `Query validation error: ${NUL_VALUE} on property audience.`,
    );
    expectError(
      await t.api.get('/api/v2/client-grants?a%00=1').set('Authorization', auth),
      400,
      'invalid_query_string',
      `Query validation error: ${NUL_KEY}.`,
    );
  });

  it('on /oauth/token a NUL is an OAuth invalid_request, form or JSON', async () => {
    const form = await t.api
      .post('/oauth/token')
      .type('form')
      .send('grant_type=client_credentials&client_id=a%00&client_secret=b&audience=x');
    expectOAuthError(form, 400, 'invalid_request', `Payload validation error: ${NUL_VALUE} on property client_id.`);
    const json = await t.api
      .post('/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b\u0000', audience: 'x' });
    expectOAuthError(json, 400, 'invalid_request', `Payload validation error: ${NUL_VALUE} on property client_secret.`);
  });

  it('an organization id over 50 characters is 400 invalid_uri whatever its length (no 414 from the router)', async () => {
    const auth = await t.bearer('read:organizations');
    for (const n of [51, 101, 5000]) {
      expectError(
        await t.api.get(`/api/v2/organizations/${'o'.repeat(n)}`).set('Authorization', auth),
        400,
        'invalid_uri',
        ORG_ID_TOO_LONG(n),
      );
    }
  });

  it('a malformed percent-encoding is 400 invalid_uri, with a request id', async () => {
    const res = await t.api.get('/api/v2/organizations/%zz').set('X-Request-Id', 'bad-url-1');
    expectError(res, 400, 'invalid_uri', "Path validation error: 'Malformed percent-encoding in the URL'.");
    assert.equal(res.headers['x-request-id'], 'bad-url-1');
  });

  it('node-level errors: malformed HTTP is 400, oversized headers or URL 431, all in the error shape', async () => {
    expectRawError(await rawRequest(port, 'GARBAGE\r\n\r\n'), 400, 'malformed_request', 'Malformed HTTP request.', 'Bad Request');
    expectRawError(
      await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n'),
      400,
      'malformed_request',
      'Malformed HTTP request.',
      'Bad Request',
    );
    const tooLarge = ['Request header fields are too large.', 'Request Header Fields Too Large'] as const;
    expectRawError(
      await rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`),
      431,
      'headers_too_large',
      ...tooLarge,
    );
    expectRawError(
      await rawRequest(port, `GET /api/v2/organizations/${'o'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      431,
      'headers_too_large',
      ...tooLarge,
    );
  });
});

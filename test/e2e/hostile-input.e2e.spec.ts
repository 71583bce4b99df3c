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

  it('a lone UTF-16 surrogate is 400 on every field, JSON-stored or not, and nothing is written or logged as an error', async () => {
    const auth = await t.bearer('create:clients create:actions create:log_streams create:connections create:organizations read:clients');
    const lone = (where: string, inKey = false) =>
      `Payload validation error: '${inKey ? 'Property name' : 'String'} contains an unpaired UTF-16 surrogate'${where ? ` on property ${where}` : ''}.`;
    // Only a JSON escape can carry one: a URL or form body is UTF-8, in which a lone surrogate has no
    // encoding (percent-encoded CESU-8 does not decode). The hook still looks at path and query (unit spec).
    const post = (path: string, body: string) =>
      t.api.post(`/api/v2/${path}`).set('Authorization', auth).set('Content-Type', 'application/json').send(body);
    const cases: [string, string, string][] = [
      ['clients', '{"name":"c1","form_template":"<p>\\ud800</p>"}', lone('form_template')],
      ['clients', '{"name":"c2","custom_login_page":"\\udc00"}', lone('custom_login_page')],
      [
        'actions',
        '{"name":"a1","supported_triggers":[{"id":"custom-token-exchange","version":"v1"}],"code":"x","secrets":[{"name":"s\\ud800","value":"v"}]}',
        lone('secrets.0.name'),
      ],
      [
        'actions',
        '{"name":"a2","supported_triggers":[{"id":"custom-token-exchange","version":"v1"}],"code":"x","dependencies":[{"name":"lodash","version":"1","registry_url":"https://r.example/\\ud800"}]}',
        lone('dependencies.0.registry_url'),
      ],
      [
        'actions',
        '{"name":"a3","supported_triggers":[{"id":"custom-token-exchange","version":"v1"}],"code":"x","dependencies":[{"name":"lodash","version":"\\udfff"}]}',
        lone('dependencies.0.version'),
      ],
      [
        'log-streams',
        '{"name":"l1","type":"http","sink":{"httpEndpoint":"https://127.0.0.1:9/x","httpContentType":"text/\\ud800"}}',
        lone('sink.httpContentType'),
      ],
      ['connections', '{"name":"k1","strategy":"auth0","realms":["ok","\\ud800"]}', lone('realms.1')],
      ['organizations', '{"name":"o1","display_name":"\\ud800x"}', lone('display_name')],
      ['organizations', '{"name":"o2","metadata":{"\\ud800":"v"}}', lone('', true)],
    ];
    const lines = await captureLogLines(async () => {
      for (const [path, body, message] of cases) expectError(await post(path, body), 400, 'invalid_body', message);
    });
    assert.deepEqual(
      lines.filter((l) => l.level === 'error'),
      [],
    );
    // A paired surrogate (an emoji) is ordinary text and is stored as sent.
    const created = await post('organizations', '{"name":"o3","display_name":"smile \\ud83d\\ude00"}');
    assert.equal(created.status, 201, created.text);
    assert.equal((created.body as { display_name: string }).display_name, 'smile \u{1F600}');
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

import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { expectRawError, RawClient, rawRequest } from '../support/raw-http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MALFORMED = ['malformed_request', 'Malformed HTTP request.', 'Bad Request'] as const;
const NO_HOST = ['malformed_request', 'An HTTP/1.1 request must carry a Host header.', 'Bad Request'] as const;
const EXPECTATION = ['expectation_failed', 'Only the 100-continue expectation is supported.', 'Expectation Failed'] as const;

describe("what Node's HTTP server would answer itself, with an empty body, goes out in the error shape", () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  after(() => t.close());

  it('an Expect other than 100-continue is 417 expectation_failed, counted on /api/v2 like any answer', async () => {
    expectRawError(await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: something-else\r\n\r\n'), 417, ...EXPECTATION);
    const api = await rawRequest(port, 'GET /api/v2/organizations HTTP/1.1\r\nHost: x\r\nExpect: something-else\r\n\r\n');
    expectRawError(api, 417, ...EXPECTATION);
    assert.match(api.headers['x-ratelimit-limit'], /^\d+$/);
  });

  it('Expect: 100-continue is still honoured: 100, then the answer', async () => {
    const client = new RawClient(port);
    await client.opened;
    client.write(
      'POST /api/v2/organizations HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n',
    );
    try {
      assert.equal((await client.nextResponse()).status, 100);
      client.write('{}');
      const res = await client.nextResponse();
      assert.equal(res.status, 401, JSON.stringify(res));
      assert.equal(JSON.parse(res.body).errorCode, 'invalid_token');
    } finally {
      client.destroy();
    }
  });

  it('an HTTP/1.1 request without Host is 400 malformed_request; HTTP/1.0 needs none', async () => {
    expectRawError(await rawRequest(port, 'GET /healthz HTTP/1.1\r\n\r\n'), 400, ...NO_HOST);
    expectRawError(await rawRequest(port, 'GET /api/v2/organizations HTTP/1.1\r\n\r\n'), 400, ...NO_HOST);
    assert.equal((await rawRequest(port, 'GET /healthz HTTP/1.0\r\n\r\n')).status, 200);
  });

  it('a malformed request line or header is 400 malformed_request', async () => {
    for (const request of [
      'GET /healthz HTTP/1.1 trailing\r\nHost: x\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nBad Header: x\r\n\r\n',
      'GET /hea lthz HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      expectRawError(await rawRequest(port, request), 400, ...MALFORMED);
    }
  });

  it("chunk extensions past Node's limit are 413 payload_too_large", async () => {
    const request =
      'POST /api/v2/organizations HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
      `2;${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`;
    expectRawError(await rawRequest(port, request), 413, 'payload_too_large', 'Chunk extensions are too large.', 'Payload Too Large');
  });
});

import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { captureLogLines } from '../support/capture-stdout.js';
import { RawClient } from '../support/raw-http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TIMEOUT_BODY = {
  statusCode: 408,
  error: 'Request Timeout',
  message: 'The request was not received in time.',
  errorCode: 'request_timeout',
};

describe('slow clients are timed out (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS)', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp({ HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000' });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  after(() => t.close());

  /** Destroys the client in any case: a connection left open would hold the app's close. */
  async function expectTimedOut(client: RawClient, started: number, withinMs: number): Promise<void> {
    try {
      await timedOut(client, started, withinMs);
    } finally {
      client.destroy();
    }
  }

  async function timedOut(client: RawClient, started: number, withinMs: number): Promise<void> {
    const res = await client.nextResponse(withinMs + 2000);
    const elapsed = Date.now() - started;
    assert.equal(res.status, 408);
    assert.equal(res.headers.connection, 'close');
    assert.deepEqual(JSON.parse(res.body), TIMEOUT_BODY);
    await client.closed;
    assert.ok(elapsed < withinMs, `closed after ${elapsed} ms`);
  }

  it('a body that never finishes: 408 in the error shape and the connection closed, no token needed, nothing logged as an error', async () => {
    const lines = await captureLogLines(async () => {
      const client = new RawClient(port);
      await client.opened;
      const started = Date.now();
      client.write(
        'PATCH /api/v2/token-exchange-profiles/tep_x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
      );
      await expectTimedOut(client, started, 2500);
      // The aborted body reaches the error handler once the server has seen the connection go.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    assert.deepEqual(
      lines.filter((l) => l.level === 'error'),
      [],
    );
  });

  it('headers that never finish: 408 after the headers timeout', async () => {
    const client = new RawClient(port);
    await client.opened;
    const started = Date.now();
    client.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await expectTimedOut(client, started, 1500);
  });

  it('a client that keeps trickling its body is cut off at the request timeout all the same', async () => {
    const client = new RawClient(port);
    await client.opened;
    const started = Date.now();
    client.write(
      'PATCH /api/v2/token-exchange-profiles/tep_x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const trickle = setInterval(() => !client.isClosed && client.write(' '), 100);
    try {
      await expectTimedOut(client, started, 2500);
    } finally {
      clearInterval(trickle);
    }
  });

  it('a client that hangs up in the middle of its body is not an error of ours (nothing logged as an error)', async () => {
    const lines = await captureLogLines(async () => {
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const client = new RawClient(port);
        await client.opened;
        client.write(
          `PATCH /api/v2/token-exchange-profiles/tep_x HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 100\r\n\r\n{"na`,
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        client.destroy();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    assert.deepEqual(
      lines.filter((l) => l.level === 'error'),
      [],
    );
  });

  it('a prompt request is unaffected', async () => {
    assert.equal((await t.api.get('/healthz')).status, 200);
  });
});

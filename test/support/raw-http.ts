import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response with a Content-Length (what the service always sends). */
function parseResponse(text: string): RawResponse | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const length = Number(headers['content-length'] ?? 0);
  const body = text.slice(end + 4, end + 4 + length);
  if (Buffer.byteLength(body) < length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * A client on a raw TCP connection, for what an HTTP library would not send (malformed requests,
 * bodies that never finish) and to watch the connection itself (kept alive, closed by the server).
 */
export class RawClient {
  private received = '';
  private readonly socket: Socket;
  readonly opened: Promise<void>;
  readonly closed: Promise<void>;
  private listeners = new Set<() => void>();

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setEncoding('utf8');
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: string) => {
      this.received += chunk;
      for (const listener of [...this.listeners]) listener();
    });
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      this.socket.once('close', () => {
        for (const listener of [...this.listeners]) listener();
        resolve();
      }),
    );
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  write(data: string): void {
    this.socket.write(data);
  }

  /** The next complete response on this connection; fails if the connection closes first. */
  nextResponse(timeoutMs = 10_000): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const response = parseResponse(this.received);
        if (response) {
          const raw = this.received.indexOf('\r\n\r\n') + 4 + Buffer.byteLength(response.body);
          this.received = this.received.slice(raw);
          done();
          resolve(response);
        } else if (this.socket.destroyed) {
          done();
          reject(new Error(`connection closed before a response; received ${JSON.stringify(this.received.slice(0, 200))}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('no response in time'));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Sends `data` on a new connection and returns the response the server answers with. */
export async function rawRequest(port: number, data: string): Promise<RawResponse> {
  const client = new RawClient(port);
  await client.opened;
  client.write(data);
  try {
    return await client.nextResponse();
  } finally {
    client.destroy();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A raw response's whole error body, exactly, plus the headers every one carries (it closes the connection). */
export function expectRawError(res: RawResponse, status: number, errorCode: string, message: string, error: string): void {
  assert.equal(res.status, status, JSON.stringify(res));
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(res.headers.connection, 'close');
  assert.match(res.headers['x-request-id'], UUID);
  assert.deepEqual(JSON.parse(res.body), { statusCode: status, error, message, errorCode });
}

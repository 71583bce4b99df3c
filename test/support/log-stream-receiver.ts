import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got, its logs parsed by the format the stream was given. */
interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  logs: { log_id: string; data: Record<string, unknown> }[];
  status: number;
  startedAt: number;
  endedAt: number;
}

/**
 * A real HTTP endpoint for log streams, on loopback. `answer` picks each request's status (200 unless
 * told otherwise), `delayMs` how long it takes to answer. Keeps every request, refused ones included.
 */
export class LogReceiver {
  readonly requests: ReceivedRequest[] = [];
  answer: (index: number) => number = () => 200;
  delayMs = 0;
  private inFlight = 0;
  /** The most requests it was answering at once. */
  maxInFlight = 0;
  private readonly server: Server;

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const startedAt = Date.now();
        this.inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        const body = Buffer.concat(chunks).toString('utf8');
        const status = this.answer(this.requests.length);
        const request: ReceivedRequest = { headers: req.headers, body, logs: parse(body), status, startedAt, endedAt: 0 };
        this.requests.push(request);
        setTimeout(() => {
          this.inFlight--;
          request.endedAt = Date.now();
          res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : 'no');
        }, this.delayMs);
      });
    });
  }

  static async start(): Promise<LogReceiver> {
    const receiver = new LogReceiver();
    await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/logs`;
  }

  /** The log ids of every accepted request, in the order they arrived. */
  get accepted(): string[] {
    return this.requests.filter((r) => r.status >= 200 && r.status < 300).flatMap((r) => r.logs.map((log) => log.log_id));
  }

  /** The accepted log ids among `ids` (the service's own entries, of management writes, left out), in arrival order. */
  acceptedOf(ids: readonly string[]): string[] {
    const wanted = new Set(ids);
    return this.accepted.filter((id) => wanted.has(id));
  }

  /** Until every one of `ids` was accepted; those accepted among them, repeats included (fails after `timeoutMs`). */
  async untilAll(ids: readonly string[], timeoutMs = 20_000): Promise<string[]> {
    const started = Date.now();
    while (new Set(this.acceptedOf(ids)).size < new Set(ids).size) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`received ${this.acceptedOf(ids).length} of ${ids.length} logs within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.acceptedOf(ids);
  }

  /** Until `count` log ids were accepted (fails after `timeoutMs`). */
  async until(count: number, timeoutMs = 20_000): Promise<string[]> {
    const started = Date.now();
    while (this.accepted.length < count) {
      if (Date.now() - started > timeoutMs) throw new Error(`received ${this.accepted.length} of ${count} logs within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.accepted;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }
}

/** A JSON array, JSON lines, or one JSON object: whichever the body is. */
function parse(body: string): ReceivedRequest['logs'] {
  const trimmed = body.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as ReceivedRequest['logs'];
  return trimmed.split('\n').map((line) => JSON.parse(line) as ReceivedRequest['logs'][number]);
}

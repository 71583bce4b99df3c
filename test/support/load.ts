/** One kind of request the load sends; `ok` decides what counts as success (2xx unless said). */
export interface Operation {
  name: string;
  request(base: string): Promise<Response>;
}

interface Failure {
  operation: string;
  at: number;
  what: string;
}

/**
 * Continuous load: `loops` parallel loops, each sending the operations in turn and waiting for
 * each response, over fetch's kept-alive connections. Every response that is not 2xx and every
 * error (reset, refused, ...) is a failure, kept with what it was.
 */
export class Load {
  readonly failures: Failure[] = [];
  readonly served = new Map<string, number>();
  slowestMs = 0;
  private running = true;
  private readonly loops: Promise<void>[];
  private readonly started = Date.now();

  constructor(
    private readonly base: string,
    private readonly operations: Operation[],
    loops: number,
  ) {
    this.loops = Array.from({ length: loops }, (_, i) => this.loop(i));
  }

  get total(): number {
    return [...this.served.values()].reduce((a, b) => a + b, 0);
  }

  /** Stops the loops (each finishes its request in flight); the requests per second served. */
  async stop(): Promise<number> {
    this.running = false;
    await Promise.all(this.loops);
    return this.total / ((Date.now() - this.started) / 1000);
  }

  private async loop(offset: number): Promise<void> {
    for (let i = offset; this.running; i++) {
      const operation = this.operations[i % this.operations.length];
      const sent = Date.now();
      try {
        const res = await operation.request(this.base);
        const body = await res.text();
        if (res.status < 200 || res.status > 299) this.fail(operation, `${res.status} ${body.slice(0, 200)}`);
        else this.served.set(operation.name, (this.served.get(operation.name) ?? 0) + 1);
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        this.fail(operation, `${(error as Error).message}: ${cause?.code ?? ''} ${cause?.message ?? ''}`);
      }
      this.slowestMs = Math.max(this.slowestMs, Date.now() - sent);
    }
  }

  private fail(operation: Operation, what: string): void {
    this.failures.push({ operation: operation.name, at: Date.now() - this.started, what });
  }
}

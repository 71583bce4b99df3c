import { ServerProcess } from './server-process.js';

/**
 * Until `url` answers 200, polled every 50 ms; the time it took. Fails if `server` exits first.
 * The default is generous: on a busy 2-core machine a boot was seen to take 55 s.
 */
async function untilReady(url: string, server: ServerProcess, timeoutMs = 150_000): Promise<number> {
  const started = Date.now();
  const state = { exited: false };
  void server.exited.then(() => (state.exited = true));
  for (;;) {
    if (state.exited) throw new Error(`exited before it was ready:\n${server.output}`);
    const status = await fetch(url).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not ready after ${timeoutMs} ms:\n${server.output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * One instance of the built service on a fixed port (a load balancer's configuration names it),
 * which can be stopped and started again there, with the same environment or a changed one.
 */
export class Instance {
  private current?: ServerProcess;

  constructor(
    readonly name: string,
    readonly port: number,
    private env: Record<string, string>,
  ) {}

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  get url(): string {
    return `http://${this.address}`;
  }

  get process(): ServerProcess {
    if (!this.current) throw new Error(`${this.name} is not running`);
    return this.current;
  }

  /** Starts it and waits for /readyz 200; the time from spawn to ready. */
  async start(overrides: Record<string, string> = {}): Promise<number> {
    this.current = new ServerProcess({ ...this.env, ...overrides, PORT: String(this.port) });
    return untilReady(`${this.url}/readyz`, this.current);
  }

  /** SIGTERM and the exit status. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const server = this.process;
    server.kill('SIGTERM');
    return server.exited;
  }

  /** For cleanup: gone, whatever it was doing. */
  async kill(): Promise<void> {
    const server = this.current;
    if (!server) return;
    const exited = server.exited;
    server.kill('SIGKILL');
    await exited;
  }
}

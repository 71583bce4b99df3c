import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { freePort } from '../../src/common/free-port.js';
import { PROJECT_ROOT } from './server-process.js';

/** The one HAProxy configuration: what docs/deploy.md documents is what the tests run. */
const HAPROXY_CONFIG = resolve(PROJECT_ROOT, 'docs/haproxy.cfg');

/** One row of HAProxy's stats CSV, by column name (status, stot, hrsp_2xx, wretr, wredis, ...). */
type StatsRow = Record<string, string>;

/**
 * An haproxy of the test's own (Debian's package, `haproxy` on PATH; .ci/run installs it), in the
 * foreground, on docs/haproxy.cfg with the addresses it reads from the environment.
 */
export class OwnHaproxy {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly statsUrl: string,
  ) {
    for (const stream of [child.stdout, child.stderr]) stream?.setEncoding('utf8').on('data', (c: string) => (this.output += c));
  }

  /** `instances`: host:port of api1, api2, api3. */
  static async start(instances: [string, string, string]): Promise<OwnHaproxy> {
    const [port, statsPort] = [await freePort(), await freePort()];
    const child = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], {
      env: {
        // Debian installs it in /usr/sbin, not on every user's PATH.
        PATH: `${process.env.PATH ?? '/usr/bin:/bin'}:/usr/sbin`,
        API_BIND: `127.0.0.1:${port}`,
        STATS_BIND: `127.0.0.1:${statsPort}`,
        API_1: instances[0],
        API_2: instances[1],
        API_3: instances[2],
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proxy = new OwnHaproxy(child, `http://127.0.0.1:${port}`, `http://127.0.0.1:${statsPort}/stats;csv`);
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`haproxy exited (${String(child.exitCode)}): ${proxy.output}`);
      if (
        await proxy.stats().then(
          () => true,
          () => false,
        )
      )
        return proxy;
      if (i > 100) throw new Error(`haproxy did not start: ${proxy.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  get log(): string {
    return this.output;
  }

  /** The stats of every proxy and server, as HAProxy reports them. */
  async stats(): Promise<StatsRow[]> {
    const text = await (await fetch(this.statsUrl)).text();
    const [header, ...rows] = text.trim().split('\n');
    const names = header.replace(/^# /, '').split(',');
    return rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [names[i], value])));
  }

  /** The row of one server of the `instances` backend (api1, api2, api3). */
  async server(name: string): Promise<StatsRow> {
    const row = (await this.stats()).find((r) => r.pxname === 'instances' && r.svname === name);
    if (!row) throw new Error(`no server ${name} in haproxy's stats`);
    return row;
  }

  /** The backend's totals (retries, redispatches, responses by class). */
  async backend(): Promise<StatsRow> {
    const row = (await this.stats()).find((r) => r.pxname === 'instances' && r.svname === 'BACKEND');
    if (!row) throw new Error("no backend in haproxy's stats");
    return row;
  }

  /** Until HAProxy's health checks report `status` (UP, DOWN) for `name`. */
  async waitFor(name: string, status: 'UP' | 'DOWN', timeoutMs = 30_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const current = (await this.server(name)).status;
      // "UP 1/2" / "DOWN 1/2": on the way, not there yet.
      if (current === status) return Date.now() - started;
      if (Date.now() - started > timeoutMs) throw new Error(`${name} still ${current} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}

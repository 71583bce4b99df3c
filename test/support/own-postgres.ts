import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres.js';

/**
 * A PostgreSQL server of the test's own (the embedded one, in a temporary directory), for tests
 * that stop, freeze or delay a database: never the machine's shared server.
 */
export class OwnPostgres {
  private embedded?: EmbeddedPostgres;
  private frozen: number[] = [];

  private constructor(
    readonly dataDir: string,
    readonly port?: number,
  ) {}

  /** A data directory, initialised and started (on `port` if given); see `url`. */
  static async start(port?: number): Promise<OwnPostgres & { url: string }> {
    const own = new OwnPostgres(await mkdtemp(join(tmpdir(), 'tma-own-pg-')), port);
    await own.resume();
    return own as OwnPostgres & { url: string };
  }

  url?: string;

  /** Starts the server again on the same data (and port, when one was given). */
  async resume(): Promise<void> {
    this.embedded = new EmbeddedPostgres(this.dataDir, () => undefined, { port: this.port });
    this.url = await this.embedded.start();
  }

  /** Stops the server, keeping the data. */
  async pause(): Promise<void> {
    this.thaw();
    await this.embedded?.stop();
    this.embedded = undefined;
  }

  /** SIGSTOP to the postmaster and every child: connections are accepted by the kernel, then nothing answers. */
  async freeze(): Promise<void> {
    const postmaster = Number((await readFile(join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const pids = [postmaster, ...(await childrenOf(postmaster))];
    this.frozen.push(...pids);
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
  }

  /** SIGCONT to everything frozen; safe to call at any time. */
  thaw(): void {
    for (const pid of this.frozen.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // already gone
      }
    }
  }

  /** Thaws, stops the server and removes the data directory. */
  async destroy(): Promise<void> {
    await this.pause();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

async function childrenOf(parent: number): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(entry));
  }
  return pids;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/common/free-port.js';
export { freePort };

/** The built server as `npm start` and the Docker image run it. */
const MAIN_JS = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/main.js');
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A real server process, with its output kept line by line. The environment is built from
 * scratch so the test runner's own DATABASE_URL never leaks into a "no DATABASE_URL" boot.
 */
export class ServerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcess;
  private exit?: Exit;
  private readonly waiters = new Set<() => void>();

  /** `group`: run in a process group of its own, like a terminal's foreground job (see killGroup). */
  constructor(env: Record<string, string>, command: string[] = [process.execPath, MAIN_JS], group = false) {
    const child = spawn(command[0], command.slice(1), {
      cwd: PROJECT_ROOT,
      detached: group,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        const parts = (buffered + chunk).split('\n');
        buffered = parts.pop() ?? '';
        this.lines.push(...parts);
        this.notify();
      });
    }
    this.exited = new Promise((done) =>
      this.child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        this.notify();
        done(this.exit);
      }),
    );
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('the server process was not started');
    return this.child.pid;
  }

  get output(): string {
    return this.lines.join('\n');
  }

  /** The first output line matching `pattern`; fails if the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs = 90_000): Promise<string> {
    return new Promise((resolvePromise, reject) => {
      const check = (): boolean => {
        const line = this.lines.find((l) => pattern.test(l));
        if (line !== undefined) return finish(() => resolvePromise(line));
        if (this.exit)
          return finish(() => reject(new Error(`process exited (${JSON.stringify(this.exit)}) before ${pattern}:\n${this.output}`)));
        return false;
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`timed out waiting for ${pattern}:\n${this.output}`))), timeoutMs);
      const finish = (action: () => void): true => {
        clearTimeout(timer);
        this.waiters.delete(listener);
        action();
        return true;
      };
      const listener = (): void => void check();
      if (!check()) this.waiters.add(listener);
    });
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** What a terminal's Ctrl-C does: the signal to every process of the group. */
  killGroup(signal: NodeJS.Signals): void {
    process.kill(-this.pid, signal);
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/**
 * Pids of live postgres postmasters on `dir`: the command line names it (`-D <dir>`), or, when
 * started inside it (`-D /proc/self/cwd`, see embedded-postgres.ts), it is their working directory.
 */
export async function postgresProcessesFor(dir: string): Promise<number[]> {
  const { readdir, readFile, readlink } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (!args[0]?.endsWith('/postgres') || !args.includes('-D')) continue;
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (args.includes(dir) || (args.includes('/proc/self/cwd') && cwd === dir)) pids.push(Number(entry));
  }
  return pids;
}

/** Running, as opposed to gone or a zombie nobody has reaped yet. */
export async function isRunning(pid: number): Promise<boolean> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Account, Binaries } from './embedded-postgres.binaries.js';

// Running initdb and postgres as the chosen account, and turning their failures into one line.

// The data directory as postgres sees it when root hands it over as the working directory.
export const HANDED_OVER = '/proc/self/cwd';
// initdb and postgres print the line we wait for in English only under this locale.
const ENV = { ...process.env, LC_MESSAGES: 'C' };

export interface DataLocation {
  /** What postgres and initdb are given as the data directory. */
  path: string;
  cwd: string;
}

/**
 * initdb with the superuser password read from an inherited descriptor: the file is created
 * 0600 in a private directory and unlinked before initdb starts, so nothing with the password
 * is left on disk, even if the process is killed (the package wrote a 0644 /tmp/pg-password-*).
 */
export async function initdb(binaries: Binaries, location: DataLocation, account: Account | undefined, password: string): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'tma-initdb-'));
  const file = join(scratch, 'pwfile');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  const handle = await open(file, 'r');
  try {
    if (account) await handle.chown(account.uid, account.gid);
    await rm(scratch, { recursive: true, force: true });
    const args = [
      `--pgdata=${location.path}`,
      '--auth=password',
      '--username=postgres',
      '--pwfile=/dev/fd/3',
      '--encoding=UTF8',
      '--no-locale',
    ];
    const child = spawn(binaries.initdb, args, {
      ...ids(account),
      cwd: location.cwd,
      env: ENV,
      stdio: ['ignore', 'ignore', 'pipe', handle.fd],
    });
    const output = collect(child);
    const [code] = await exitOf(child, binaries.initdb);
    if (code !== 0) throw new Error(`embedded PostgreSQL initdb failed (exit ${code}): ${lastLine(output(), location)}`);
  } finally {
    await handle.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Starts the server and resolves once it accepts connections; a server that exits first fails with its last message. */
export async function launch(
  binaries: Binaries,
  location: DataLocation,
  account: Account | undefined,
  port: number,
): Promise<ChildProcess> {
  const args = ['-D', location.path, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const child = spawn(binaries.postgres, args, { ...ids(account), cwd: location.cwd, env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
  const output = collect(child);
  // If this process dies without stopping it (an uncaught error, process.exit), postgres still gets its fast shutdown.
  const reap = (): void => void child.kill('SIGINT');
  process.once('exit', reap);
  child.once('exit', () => process.removeListener('exit', reap));
  const ready = new Promise<void>((resolve) => {
    child.stderr.on('data', () => {
      if (output().includes('database system is ready to accept connections')) resolve();
    });
  });
  const exited = exitOf(child, binaries.postgres).then(([code, signal]) => {
    throw new Error(`embedded PostgreSQL exited during start (${signal ?? `exit ${code}`}): ${lastLine(output(), location)}`);
  });
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  return child;
}

function ids(account: Account | undefined): { uid?: number; gid?: number } {
  return account ? { uid: account.uid, gid: account.gid } : {};
}

/** The child's stderr so far (the last 8 kB). */
function collect(child: ChildProcess): () => string {
  if (!child.stderr) throw new Error('collect: the child was spawned without a stderr pipe');
  let text = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text = (text + chunk).slice(-8192)));
  return () => text;
}

/**
 * Its exit code and signal. A spawn failure (EACCES, ENOENT) is an 'error' event, which would
 * crash the process unhandled; it becomes one line naming the binary.
 */
function exitOf(child: ChildProcess, binary: string): Promise<[number | null, NodeJS.Signals | null]> {
  return new Promise((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`embedded PostgreSQL could not run ${binary}: ${error.code ?? error.message}`)),
    );
    child.once('exit', (code, signal) => resolve([code, signal]));
  });
}

/** The line that says what went wrong, naming the data directory by its real path. */
function lastLine(output: string, location: DataLocation): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim().replaceAll(HANDED_OVER, location.cwd))
    .filter(Boolean);
  return lines.findLast((l) => /FATAL|ERROR|error/.test(l)) ?? lines.at(-1) ?? 'no output';
}

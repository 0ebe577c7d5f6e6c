import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '@linksmate/platform/config';
import pg from 'pg';
import { EmbeddedConfigSchema, SERVICE_DATABASES } from '../embedded/config';
import { freePort } from '../embedded/ports';
import { EmbeddedPostgresProblem, startEmbeddedPostgres } from '../embedded/postgres';
import { type BackupResult, defaultArchivePath, savedBusState, writeBackup } from './backup';
import { backupThroughRun, liveRun } from './control';
import { holdsDatabases, RestoreRefused, restoreArchive } from './restore';

/**
 * `make backup [ARCHIVE=…]` and `make restore ARCHIVE=… [FORCE=1]` for the embedded run's data
 * folder (DATA_DIR, as `make run` reads it).
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A stopped run's data: its own PostgreSQL is started on it for the time of the dump. */
async function backupStoppedRun(dataDir: string, archive: string): Promise<BackupResult> {
  // Started on a folder without data, PostgreSQL would make an empty cluster there.
  if (!holdsDatabases(dataDir))
    throw new RestoreRefused(
      `${dataDir} holds no LinksMate data to back up (set DATA_DIR, or start it once with make run).`,
    );
  const database = await startEmbeddedPostgres({
    dataDir,
    dataDirChosen: Boolean(process.env.DATA_DIR),
    port: await freePort(),
    databases: [],
  });
  try {
    const admin = new pg.Client({ connectionString: database.urlFor('postgres') });
    await admin.connect();
    const found = await admin
      .query<{ datname: string }>('select datname from pg_database')
      .finally(() => admin.end());
    const names = new Set(found.rows.map((r) => r.datname));
    const lacking = Object.values(SERVICE_DATABASES).filter((name) => !names.has(name));
    if (lacking.length)
      throw new RestoreRefused(
        `${dataDir} lacks the ${lacking.join(', ')} database(s): it is no whole LinksMate run.`,
      );
    return await writeBackup(
      {
        taken: 'offline',
        urlFor: database.urlFor,
        uploadsDir: join(dataDir, 'uploads'),
        // Nothing runs: nothing moves. Its bus left what it had not delivered in its state file.
        pause: async () => {},
        busState: () => savedBusState(dataDir),
        resume: () => {},
      },
      archive,
    );
  } finally {
    await database.stop();
  }
}

async function main(command: string | undefined, argument: string | undefined) {
  const config = loadConfig(EmbeddedConfigSchema, process.env, 'backup');
  const dataDir = resolve(config.DATA_DIR);
  if (command === 'backup') {
    const archive = resolve(argument || defaultArchivePath(repoRoot));
    const run = await liveRun(dataDir);
    console.log(`  Backing up ${dataDir}${run ? ' (running: events pause while it snapshots)' : ''}…`);
    const result = run ? await backupThroughRun(run, archive) : await backupStoppedRun(dataDir, archive);
    const rows = result.manifest.databases.reduce(
      (sum, d) => sum + d.tables.reduce((n, t) => n + t.rows, 0),
      0,
    );
    console.log(
      [
        `  ${result.archive}`,
        `  ${megabytes(result.bytes)}: ${rows} rows in ${result.manifest.databases.length} databases, ${result.manifest.uploads.files} uploads (${megabytes(result.manifest.uploads.bytes)}), ${result.manifest.queuedEvents} queued events; ${result.seconds.toFixed(1)} s`,
        "  It holds personal data, password hashes and identity's signing keys (never KEY_ENCRYPTION_KEY or other configured secrets): keep it as safe as the databases.",
      ].join('\n'),
    );
    return;
  }
  if (command === 'restore') {
    if (!argument)
      throw new RestoreRefused('Usage: make restore ARCHIVE=backups/linksmate-….tar.gz [FORCE=1]');
    const result = await restoreArchive({
      archive: argument,
      dataDir,
      dataDirChosen: Boolean(process.env.DATA_DIR),
      force: process.env.FORCE === '1',
      log: (line) => console.log(`  ${line}`),
    });
    const rows = Object.values(result.rows).reduce(
      (sum, tables) => sum + Object.values(tables).reduce((a, b) => a + b, 0),
      0,
    );
    console.log(
      `  Restored ${rows} rows, ${result.manifest.uploads.files} uploads and ${result.manifest.queuedEvents} queued events (taken ${result.manifest.createdAt}) into ${dataDir} in ${result.seconds.toFixed(1)} s.\n  Start it with make run.`,
    );
    return;
  }
  throw new RestoreRefused('Usage: backup [ARCHIVE] | restore ARCHIVE');
}

try {
  await main(process.argv[2], process.argv[3]);
} catch (err) {
  const known =
    err instanceof RestoreRefused || err instanceof ConfigError || err instanceof EmbeddedPostgresProblem;
  console.error(known ? `  ${err.message}` : err);
  process.exit(1);
}

import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { runMigrations } from '@linksmate/platform';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SERVICE_DATABASES } from '../embedded/config';
import { freePort } from '../embedded/ports';
import { startEmbeddedPostgres } from '../embedded/postgres';
import { movedDataHome } from '../embedded/postgres-access';
import { liveRun } from './control';
import { hashOf, qualified, quoteIdent } from './dump';
import {
  ARCHIVE_FORMAT_VERSION,
  type BackupManifest,
  BUS_STATE_FILE,
  type DatabaseDump,
  MANIFEST_FILE,
  migrationsFolderOf,
  SERVICES,
  tableFile,
  UPLOADS_FOLDER,
} from './manifest';

const run = promisify(execFile);

/** A restore that would do harm, or cannot be done, said in a line the operator can act on. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** Written into a restored data folder: the run then leaves the data as it is instead of seeding demo data. */
export const RESTORED_MARKER = 'restored.json';

export const isRestored = (dataDir: string) => existsSync(join(dataDir, RESTORED_MARKER));

/** PostgreSQL's data of a run, under its data folder or where root's run moved it (see postgres-access). */
const postgresDataOf = (dataDir: string) =>
  [join(dataDir, 'postgres'), join(movedDataHome(dataDir), 'postgres')].filter((dir) =>
    existsSync(join(dir, 'PG_VERSION')),
  );

export const holdsDatabases = (dataDir: string) => postgresDataOf(dataDir).length > 0;

/** What of a run lives in its data folder. */
function dataOf(dataDir: string): string[] {
  return [
    ...postgresDataOf(dataDir),
    ...[UPLOADS_FOLDER, BUS_STATE_FILE, RESTORED_MARKER]
      .map((name) => join(dataDir, name))
      .filter((path) => existsSync(path)),
  ];
}

interface JournalEntry {
  tag: string;
  when: number;
}

async function journalOf(folder: string): Promise<JournalEntry[]> {
  return (
    JSON.parse(await readFile(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }
  ).entries;
}

/** The archive's schema must be one this code can build: every migration it applied, this code carries. */
async function checkLevel(dump: DatabaseDump): Promise<void> {
  const known = new Set((await journalOf(migrationsFolderOf(dump.service))).map((e) => e.when));
  const unknown = dump.migrations.filter((m) => !known.has(m.createdAt));
  if (unknown.length)
    throw new RestoreRefused(
      `The archive's ${dump.database} database has ${unknown.length} migration(s) this code does not carry: it was made by newer (or other) code. Restore it with that version.`,
    );
}

/**
 * The service's migrations up to the archive's level, as a folder drizzle migrates from: the data
 * goes into the schema it was dumped from; the migrations after it run at the service's next start.
 */
async function migrationsUpTo(dump: DatabaseDump, scratch: string): Promise<string> {
  const folder = join(scratch, `migrations-${dump.database}`);
  await cp(migrationsFolderOf(dump.service), folder, { recursive: true });
  const level = Math.max(...dump.migrations.map((m) => m.createdAt));
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: JournalEntry[] };
  journal.entries = journal.entries.filter((e) => e.when <= level);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * Loads one database in one transaction: whatever the migrations put in the tables goes (the
 * archive has those rows too), each table is copied in, the sequences are set where they were.
 * Foreign keys and triggers are not checked while loading (session_replication_role = replica):
 * the rows come from one consistent snapshot, in whatever order.
 */
async function loadDatabase(url: string, dump: DatabaseDump, root: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url, application_name: 'linksmate-restore' });
  await client.connect();
  const counts: Record<string, number> = {};
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const existing = await client.query<{ schema: string; name: string }>(
      `select n.nspname::text as schema, c.relname::text as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition
          and n.nspname not in ('drizzle', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    const present = new Set(existing.rows.map(qualified));
    const missing = dump.tables.filter((t) => !present.has(qualified(t)));
    if (missing.length)
      throw new RestoreRefused(
        `The ${dump.database} schema built from this code's migrations lacks ${missing.map((t) => t.name).join(', ')}.`,
      );
    if (present.size) await client.query(`truncate ${[...present].join(', ')}`);
    for (const table of dump.tables) {
      const columns = table.columns.map(quoteIdent).join(', ');
      const copy = client.query(copyFrom(`copy ${qualified(table)} (${columns}) from stdin`));
      await pipeline(createReadStream(join(root, table.file)), copy);
      if (copy.rowCount !== table.rows)
        throw new Error(
          `${dump.database}.${table.name}: ${copy.rowCount} rows loaded, the archive has ${table.rows}`,
        );
      counts[`${table.schema}.${table.name}`] = copy.rowCount;
    }
    for (const sequence of dump.sequences)
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        qualified(sequence),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    await client.query('commit');
    await client.query('analyze');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return counts;
}

/** Checks every file against the manifest: none missing, none changed, none unlisted. */
async function verifyArchive(root: string, manifest: BackupManifest): Promise<void> {
  if (manifest.format !== 'linksmate-backup') throw new RestoreRefused('Not a LinksMate backup archive.');
  if (manifest.version > ARCHIVE_FORMAT_VERSION)
    throw new RestoreRefused(
      `The archive's format ${manifest.version} is newer than this code reads (${ARCHIVE_FORMAT_VERSION}).`,
    );
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const pathOf = (e: (typeof entries)[number]) =>
    relative(root, join(e.parentPath, e.name)).split('\\').join('/');
  // A backup holds folders and plain files only: a link could point the restore at files elsewhere.
  const odd = entries.filter((e) => !e.isFile() && !e.isDirectory());
  if (odd.length)
    throw new RestoreRefused(
      `The archive holds links or special files, which a backup never does: ${odd.slice(0, 3).map(pathOf).join(', ')}`,
    );
  const found = entries
    .filter((e) => e.isFile())
    .map(pathOf)
    .filter((file) => file !== MANIFEST_FILE);
  const unlisted = found.filter((file) => !(file in manifest.files));
  if (unlisted.length)
    throw new RestoreRefused(
      `The archive holds files its manifest does not list: ${unlisted.slice(0, 3).join(', ')}`,
    );
  // Every database is one of ours, under its own name, its tables in the files a backup names them.
  const seen = new Set<string>();
  for (const dump of manifest.databases) {
    if (!(SERVICES as string[]).includes(dump.service))
      throw new RestoreRefused(`The archive names a service this platform does not have: ${dump.service}.`);
    if (SERVICE_DATABASES[dump.service] !== dump.database)
      throw new RestoreRefused(
        `The archive puts ${dump.service}'s data in a database named ${dump.database}; it is ${SERVICE_DATABASES[dump.service]}.`,
      );
    if (seen.has(dump.service)) throw new RestoreRefused(`The archive holds ${dump.service} twice.`);
    seen.add(dump.service);
    for (const table of dump.tables)
      if (table.file !== tableFile(dump.database, table) || !(table.file in manifest.files))
        throw new RestoreRefused(
          `The archive's ${dump.database}.${table.name} is not where a backup keeps it (${table.file}).`,
        );
  }
  if (seen.size !== SERVICES.length)
    throw new RestoreRefused(
      `The archive holds ${seen.size} of the ${SERVICES.length} services' databases: a backup holds them all.`,
    );
  // Only files found inside the archive: a listed name reaching outside it (../) is never read.
  const inside = new Set(found);
  for (const [file, expected] of Object.entries(manifest.files)) {
    const path = join(root, file);
    if (!inside.has(file)) throw new RestoreRefused(`The archive lacks ${file}.`);
    const actual = await hashOf(path);
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes)
      throw new RestoreRefused(`The archive is damaged: ${file} does not match its checksum.`);
  }
}

export interface RestoreResult {
  dataDir: string;
  seconds: number;
  manifest: BackupManifest;
  /** Rows loaded, by database and table. */
  rows: Record<string, Record<string, number>>;
}

/**
 * Brings an archive back into a data folder the embedded run then starts on: the six databases
 * (schema from this code's migrations, rows from the archive), the uploads and the bus's queued
 * events. Refuses a folder that holds data unless `force`, and never one a run is using.
 */
export async function restoreArchive(options: {
  archive: string;
  dataDir: string;
  dataDirChosen?: boolean;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const archive = resolve(options.archive);
  const dataDir = resolve(options.dataDir);
  if (!existsSync(archive)) throw new RestoreRefused(`No archive at ${archive}.`);
  if (await liveRun(dataDir))
    throw new RestoreRefused(`A LinksMate run is using ${dataDir}: stop it before restoring into it.`);
  const existing = dataOf(dataDir);
  if (existing.length && !options.force)
    throw new RestoreRefused(
      `${dataDir} already holds data (${existing.join(', ')}). Restore into an empty DATA_DIR, or set FORCE=1 to replace it.`,
    );
  await mkdir(dataDir, { recursive: true });
  // Beside the data folder: the uploads are then moved into place, not copied.
  const scratch = await mkdtemp(join(dirname(dataDir), '.linksmate-restore-'));
  const root = join(scratch, 'archive');
  let made = false;
  try {
    await mkdir(root);
    log(`Unpacking ${archive}`);
    await run('tar', ['-xzf', archive, '-C', root, '--no-same-owner']);
    const manifestFile = join(root, MANIFEST_FILE);
    if (!existsSync(manifestFile))
      throw new RestoreRefused('Not a LinksMate backup archive (no manifest.json).');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
    await verifyArchive(root, manifest);
    for (const dump of manifest.databases) await checkLevel(dump);

    // Only now, the archive whole and readable by this code, does the data it replaces go.
    for (const path of existing) await rm(path, { recursive: true, force: true });
    made = true;
    const database = await startEmbeddedPostgres({
      dataDir,
      dataDirChosen: options.dataDirChosen ?? true,
      port: await freePort(),
      databases: manifest.databases.map((d) => d.database),
    });
    const rows: RestoreResult['rows'] = {};
    try {
      for (const dump of manifest.databases) {
        log(`Restoring ${dump.database}`);
        const url = database.urlFor(dump.database);
        if (dump.migrations.length)
          await runMigrations(url, await migrationsUpTo(dump, scratch), dump.service);
        rows[dump.database] = await loadDatabase(url, dump, root);
      }
    } finally {
      await database.stop();
    }
    if (existsSync(join(root, UPLOADS_FOLDER)))
      await rename(join(root, UPLOADS_FOLDER), join(dataDir, UPLOADS_FOLDER));
    if (existsSync(join(root, BUS_STATE_FILE)))
      await rename(join(root, BUS_STATE_FILE), join(dataDir, BUS_STATE_FILE));
    await writeFile(
      join(dataDir, RESTORED_MARKER),
      `${JSON.stringify({ archive, takenAt: manifest.createdAt, restoredAt: new Date().toISOString() }, null, 2)}\n`,
    );
    return { dataDir, seconds: (performance.now() - started) / 1000, manifest, rows };
  } catch (err) {
    // Half a restore is no data to start on: what it made goes, so the next try needs no FORCE.
    if (made) for (const path of dataOf(dataDir)) await rm(path, { recursive: true, force: true });
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_DATABASES } from './config';
import { installedBinaries } from './postgres-access';

/**
 * The embedded run's PostgreSQL as a fresh start would leave it before seeding: initdb's cluster,
 * a database per service, every service's migrations applied. Made once at build time (`npm start`
 * runs tools/src/embedded/prepare.ts before the run) under .build/postgres-template/<key>, and
 * copied into a fresh data folder instead of running initdb, six CREATE DATABASEs and the
 * migrations at every fresh start. No row of demo data is in it: the demo is seeded at each start,
 * its games at tee times relative to that day.
 *
 * The key is a hash of what the template is made of (the migrations, the PostgreSQL binaries'
 * version, the databases, how it is made): a template of other migrations is never used, and the
 * next build makes one of the current ones.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const TEMPLATES = join(repoRoot, '.build', 'postgres-template');
/** Raised when what the template holds or how it is made changes in a way the inputs below do not show. */
const TEMPLATE_FORMAT = 'linksmate-postgres-template-1';

type ServiceName = keyof typeof SERVICE_DATABASES;

export const migrationsFolderOf = (service: ServiceName, root = repoRoot) =>
  join(root, 'services', service, 'src', 'db', 'migrations');

/** What drizzle's migrator reads: the journal and the SQL files. */
function migrationInputs(folder: string): string[] {
  const sql = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  return [...sql.map((name) => join(folder, name)), join(folder, 'meta', '_journal.json')];
}

/** `root`: the checkout whose migrations are hashed (this one). */
export function postgresTemplateKey(root = repoRoot): string {
  const hash = createHash('sha256');
  hash.update(`${TEMPLATE_FORMAT}\0${installedBinaries().version}\0`);
  for (const [service, database] of Object.entries(SERVICE_DATABASES)) {
    hash.update(`${service}\0${database}\0`);
    for (const file of migrationInputs(migrationsFolderOf(service as ServiceName, root))) {
      hash.update(`${file.slice(root.length)}\0`);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 24);
}

/** The current template's data folder, when one of the current migrations has been made. */
export function currentPostgresTemplate(): string | undefined {
  try {
    const dir = join(TEMPLATES, postgresTemplateKey(), 'postgres');
    return existsSync(join(dir, 'PG_VERSION')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes the current template when it is missing (and removes templates of older migrations):
 * a PostgreSQL started on a scratch folder, its databases made and migrated, stopped, and its
 * data folder copied into place under a temporary name then renamed, so a run never sees half of
 * one. Two builds at once each make one; the second to finish keeps the first's.
 */
export async function preparePostgresTemplate(options: { port: number }): Promise<'current' | 'made'> {
  const key = postgresTemplateKey();
  const home = join(TEMPLATES, key);
  if (existsSync(join(home, 'postgres', 'PG_VERSION'))) return 'current';
  // Loaded only to make one: the platform's code and the PostgreSQL starter.
  const [{ runMigrations }, { startEmbeddedPostgres }] = await Promise.all([
    import('@linksmate/platform'),
    import('./postgres'),
  ]);
  // Under root PostgreSQL runs as postgres, which must be able to enter the scratch folder.
  const scratch = mkdtempSync(join(tmpdir(), 'linksmate-template-'));
  chmodSync(scratch, 0o755);
  try {
    const database = await startEmbeddedPostgres({
      dataDir: scratch,
      dataDirChosen: true,
      port: options.port,
      databases: Object.values(SERVICE_DATABASES),
    });
    try {
      await Promise.all(
        Object.entries(SERVICE_DATABASES).map(([service, name]) =>
          runMigrations(database.urlFor(name), migrationsFolderOf(service as ServiceName), service),
        ),
      );
    } finally {
      await database.stop();
    }
    mkdirSync(TEMPLATES, { recursive: true });
    const partial = `${home}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    await cp(join(scratch, 'postgres'), join(partial, 'postgres'), { recursive: true });
    try {
      renameSync(partial, home);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // another build made it first
    }
    for (const other of readdirSync(TEMPLATES))
      if (other !== key && !other.includes('.partial-'))
        rmSync(join(TEMPLATES, other), { recursive: true, force: true });
    return 'made';
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

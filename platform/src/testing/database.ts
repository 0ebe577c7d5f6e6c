import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations } from '../db/migrate';
import { testDatabaseUrl } from './infra';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fingerprint of the migrations, so a changed migration makes a new template. */
function migrationsHash(folder: string): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(folder).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(folder, file)));
  }
  hash.update(readFileSync(join(folder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 12);
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(), application_name: 'linksmate-tests' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const safe = (s: string) => s.replace(/[^a-z0-9_]/gi, '_').toLowerCase();

/** `lmtest_<label>_<created, base 36 seconds>_<random>`: the time lets a later run drop leftovers. */
function testDatabaseName(label: string): string {
  const created = Math.floor(Date.now() / 1000).toString(36);
  return `lmtest_${safe(label).slice(0, 30)}_${created}_${randomBytes(4).toString('hex')}`;
}

/** Creates, once per migration set, a migrated template database that test databases are cloned from. */
async function ensureTemplate(name: string, migrationsFolder: string): Promise<string> {
  const template = `lmtpl_${safe(name)}_${migrationsHash(migrationsFolder)}`;
  await withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount) return;
      await admin.query(`create database "${template}"`);
      await runMigrations(withDatabase(testDatabaseUrl(), template), migrationsFolder, name);
      await admin.query(`alter database "${template}" is_template true`);
      // Templates of earlier migration sets are no longer needed.
      const stale = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 and datname <> $2',
        [`lmtpl_${safe(name)}_%`, template],
      );
      for (const { datname } of stale.rows) {
        await admin.query(`alter database "${datname}" is_template false`).catch(() => {});
        await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file, cloned from a migrated template (fast: no migrations run per
 * file). Drop it in afterAll.
 */
export async function createTestDatabase(name: string, migrationsFolder: string): Promise<TestDatabase> {
  const template = await ensureTemplate(name, migrationsFolder);
  const database = testDatabaseName(name);
  await withAdmin((admin) => admin.query(`create database "${database}" template "${template}"`));
  return {
    url: withDatabase(testDatabaseUrl(), database),
    name: database,
    drop: () =>
      withAdmin((admin) => admin.query(`drop database if exists "${database}" with (force)`)).then(() => {}),
  };
}

/** An empty database (for tests of the migration runner itself). */
export async function createEmptyTestDatabase(label: string): Promise<TestDatabase> {
  const database = testDatabaseName(label);
  await withAdmin((admin) => admin.query(`create database "${database}"`));
  return {
    url: withDatabase(testDatabaseUrl(), database),
    name: database,
    drop: () =>
      withAdmin((admin) => admin.query(`drop database if exists "${database}" with (force)`)).then(() => {}),
  };
}

/**
 * Drops test databases that runs killed midway left behind, once they are over an hour old (a
 * concurrent run's databases are younger). Called from the global setup.
 */
export async function dropLeftoverTestDatabases(maxAgeSeconds = 3600): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'lmtest\\_%'`,
    );
    for (const { datname } of rows) {
      const created = Number.parseInt(datname.split('_').at(-2) ?? '', 36);
      if (Number.isFinite(created) && now - created < maxAgeSeconds) continue;
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
  });
}

/**
 * A pool on a test database for a test's own queries. `pool.end()` resolves before its sessions
 * have closed, so the database's drop (`with (force)`) can still end one of them: the server's
 * notice of that must not become an uncaught error that fails the whole run.
 */
export function testPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

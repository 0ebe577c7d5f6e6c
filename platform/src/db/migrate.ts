import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

function lockKey(name: string): bigint {
  return createHash('sha256').update(`linksmate-migrate:${name}`).digest().readBigInt64BE(0);
}

/**
 * Applies the generated migrations of a service. Replicas starting together take turns through an
 * advisory lock, so each migration runs once.
 */
export async function runMigrations(url: string, migrationsFolder: string, lockName: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: `${lockName}-migrate` });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockKey(lockName).toString()]);
    try {
      await client.query('set client_min_messages = warning');
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [lockKey(lockName).toString()]);
    }
  } finally {
    await client.end();
  }
}

/**
 * The migrations of `migrationsFolder` the database has not applied yet, by tag, oldest first
 * (drizzle records each applied one with its journal time in drizzle.__drizzle_migrations).
 */
export async function pendingMigrations(url: string, migrationsFolder: string): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const client = new pg.Client({ connectionString: url, application_name: 'migrate-pending' });
  await client.connect();
  try {
    const table = await client.query<{ present: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
    );
    let last = -1;
    if (table.rows[0]?.present) {
      const applied = await client.query<{ last: string | null }>(
        'select max(created_at)::text as last from drizzle.__drizzle_migrations',
      );
      last = Number(applied.rows[0]?.last ?? -1);
    }
    return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
  } finally {
    await client.end();
  }
}

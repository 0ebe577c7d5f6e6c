import { createHash } from 'node:crypto';
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

import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database<TSchema extends Record<string, unknown> = Record<string, unknown>> =
  NodePgDatabase<TSchema> & {
    $client: pg.Pool;
  };
/** A transaction handle as passed to `db.transaction(async (tx) => …)`. */
export type Transaction<TSchema extends Record<string, unknown> = Record<string, unknown>> = Parameters<
  Parameters<Database<TSchema>['transaction']>[0]
>[0];
/** Anything queries can run on: the database or a transaction. */
export type Executor<TSchema extends Record<string, unknown> = Record<string, unknown>> =
  | Database<TSchema>
  | Transaction<TSchema>;

// Counts and bigserial ids arrive as numbers while they fit; numeric columns as numbers too.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface DatabaseHandle<TSchema extends Record<string, unknown>> {
  pool: pg.Pool;
  db: Database<TSchema>;
  close(): Promise<void>;
}

export function createDatabase<TSchema extends Record<string, unknown>>(
  url: string,
  schema: TSchema,
  options: { max?: number; applicationName?: string } = {},
): DatabaseHandle<TSchema> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: options.applicationName,
  });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as Database<TSchema>;
  let closed = false;
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

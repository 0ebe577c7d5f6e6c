import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { instrumentPostgres } from './tracing';

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
  /**
   * For statements prepared once (`PreparedStatements`): connections of their own, on which
   * PostgreSQL plans each prepared statement once, with its first values unseen, and keeps the plan.
   * Left to choose, it plans a statement that pages (`limit $1 offset $2`) anew on every call,
   * since a plan made without the limit's value always looks dearer than one made with it; that
   * planning is two thirds of what a page of the golfer directory costs PostgreSQL (0.6 → 0.2 ms
   * of CPU per request when the plan is kept). A statement whose best plan depends on its values
   * (a filter on a skewed column without an index of its own) does not belong here.
   * Connections open when first used, at most half as many as `pool` holds.
   */
  readonly prepared: Database<TSchema>;
  close(): Promise<void>;
}

/** What the connections of `DatabaseHandle.prepared` set: a prepared statement is planned once. */
export const PLANNED_ONCE = '-c plan_cache_mode=force_generic_plan';

function createPool(url: string, max: number, applicationName: string | undefined, options?: string) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: applicationName,
    options,
  });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

export function createDatabase<TSchema extends Record<string, unknown>>(
  url: string,
  schema: TSchema,
  options: { max?: number; applicationName?: string } = {},
): DatabaseHandle<TSchema> {
  const max = options.max ?? 10;
  instrumentPostgres();
  const pool = createPool(url, max, options.applicationName);
  const db = drizzle({ client: pool, schema }) as Database<TSchema>;
  let prepared: Database<TSchema> | undefined;
  let closed = false;
  return {
    pool,
    db,
    get prepared() {
      prepared ??= drizzle({
        client: createPool(url, Math.ceil(max / 2), options.applicationName, PLANNED_ONCE),
        schema,
      }) as Database<TSchema>;
      return prepared;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), prepared?.$client.end()]);
    },
  };
}

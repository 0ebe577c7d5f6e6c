import type pg from 'pg';

/** Runs work under a lock all replicas of a service share, or tells that another replica holds it. */
export interface ClusterLock {
  /** `ran: false` when another replica holds the lock now: the work was not started here. */
  whileHolding<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

/**
 * A PostgreSQL session advisory lock on the service's own database, keyed by `<scope>:<name>`, held
 * on one pooled connection for as long as the work runs and released after it (a replica that dies
 * releases it with its connection). Taken with try: a replica that finds it held skips this run
 * rather than queueing behind it, so N replicas do each run once. Session locks need a session of
 * their own: behind PgBouncer, transaction pooling would break them (deploy/README.md).
 */
export function postgresClusterLock(pool: pg.Pool, scope: string): ClusterLock {
  return {
    async whileHolding(name, work) {
      const client = await pool.connect();
      const key = `${scope}:${name}`;
      // A connection whose unlock failed is closed rather than pooled: closing it releases the lock.
      let broken: Error | undefined;
      try {
        const taken = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [key],
        );
        if (!taken.rows[0]?.locked) return { ran: false };
        try {
          return { ran: true, value: await work() };
        } finally {
          await client
            .query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
            .catch((err: Error) => {
              broken = err;
            });
        }
      } catch (err) {
        broken ??= err as Error;
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}

/** Every run is this process's own: for a process that is the only one on its database. */
export const processLock: ClusterLock = {
  async whileHolding(_name, work) {
    return { ran: true, value: await work() };
  },
};

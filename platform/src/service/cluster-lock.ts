import pg from 'pg';

/** Runs work under a lock all replicas of a service share, or tells that another replica holds it. */
export interface ClusterLock {
  /** `ran: false` when another replica holds the lock now: the work was not started here. */
  whileHolding<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}

/**
 * PostgreSQL session advisory locks on the service's own database, keyed by `<scope>:<name>`, all
 * taken on one connection of the lock's own (opened when first needed), held while the work runs
 * and released after it. Not on a connection of the service's pool: a job holding one for its
 * lock while its work waits for another could drain the pool. Taken with try: a replica that finds
 * a lock held skips that run rather than queueing behind it, so N replicas do each run once. A
 * replica that dies releases its locks with its connection. Session locks need a session of their
 * own: behind PgBouncer, transaction pooling would break them (deploy/README.md).
 */
export function postgresClusterLock(databaseUrl: string, scope: string): ClusterLock {
  let session: Promise<pg.Client> | undefined;
  const connection = () => {
    session ??= (async () => {
      const client = new pg.Client({ connectionString: databaseUrl, application_name: `${scope}-locks` });
      // A lost session has lost its locks too: the next run opens a new one.
      const forget = () => {
        session = undefined;
      };
      client.on('error', forget);
      client.on('end', forget);
      try {
        await client.connect();
      } catch (err) {
        forget();
        throw err;
      }
      return client;
    })();
    return session;
  };
  // Jobs starting together share the session: their statements go one after another (pg would
  // queue them itself, but a query sent while another runs is deprecated and goes in pg 9).
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = async (text: string, key: string) => {
    const client = await connection();
    const result = previous.then(() => client.query<{ locked?: boolean }>(text, [key]));
    previous = result.catch(() => undefined);
    return result;
  };
  return {
    async whileHolding(name, work) {
      const key = `${scope}:${name}`;
      const taken = await inTurn('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', key);
      if (!taken.rows[0]?.locked) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        // A session that went away meanwhile released it already.
        await inTurn('select pg_advisory_unlock(hashtextextended($1, 0))', key).catch(() => {});
      }
    },
    async close() {
      const open = session;
      session = undefined;
      await (await open?.catch(() => undefined))?.end().catch(() => {});
    },
  };
}

/** Every run is this process's own: for a process that is the only one on its database. */
export const processLock: ClusterLock = {
  async whileHolding(_name, work) {
    return { ran: true, value: await work() };
  },
  async close() {},
};

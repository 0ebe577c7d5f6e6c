import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ClusterLock, postgresClusterLock, processLock } from '../src/service/cluster-lock';
import { Jobs } from '../src/service/jobs';
import { silentLogger } from '../src/testing/bus';
import { createEmptyTestDatabase, type TestDatabase, testPool } from '../src/testing/database';

let database: TestDatabase;
/** One pool per replica, as two processes of one service would have. */
const pools: pg.Pool[] = [];
const replicaPool = () => {
  const pool = testPool(database.url, 3);
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  database = await createEmptyTestDatabase('cluster-lock');
  const pool = replicaPool();
  await pool.query(
    'create table digests (person int primary key, due boolean not null, mails int not null default 0)',
  );
});

/** A replica's lock session on the test database, closed after the file. */
const locks: ClusterLock[] = [];
const lockOn = (url: string) => {
  const lock = postgresClusterLock(url, 'messaging:job');
  locks.push(lock);
  return lock;
};

afterAll(async () => {
  await Promise.all(locks.splice(0).map((l) => l.close()));
  await Promise.all(pools.splice(0).map((p) => p.end()));
  await database.drop();
});

beforeEach(async () => {
  await pools[0]!.query('truncate digests');
  await pools[0]!.query('insert into digests (person, due) select n, true from generate_series(1, 20) n');
});

/**
 * A digest job as messaging's is: read who is due, mail them (a while: SMTP), then mark them
 * mailed. Two replicas that run it at once both read the same people before either marks them.
 */
function digestReplica(lock: ClusterLock, sending: Sending) {
  const pool = replicaPool();
  const jobs = new Jobs(silentLogger(), lock);
  jobs.add({
    name: 'message-digest',
    everyMs: 60_000,
    run: async () => {
      const due = await pool.query<{ person: number }>('select person from digests where due');
      await sending.whileOthersRead();
      await pool.query('update digests set mails = mails + 1, due = false where person = any($1)', [
        due.rows.map((r) => r.person),
      ]);
      return undefined;
    },
  });
  return jobs;
}

/**
 * The mail being sent: it lasts until both replicas have read who is due, or 2 s — so without the
 * lock the two always overlap however slow the machine is, and with it the one that runs waits out
 * the 2 s alone (the other skipped) and finishes.
 */
class Sending {
  private reads = 0;
  private bothRead = () => {};
  private readonly both = new Promise<void>((resolve) => (this.bothRead = resolve));

  async whileOthersRead(): Promise<void> {
    if (++this.reads === 2) this.bothRead();
    await Promise.race([this.both, new Promise((r) => setTimeout(r, 2_000))]);
  }
}

async function runTwoReplicas(lockOf: (pool: pg.Pool) => ClusterLock) {
  const sending = new Sending();
  const replicas = [
    digestReplica(lockOf(replicaPool()), sending),
    digestReplica(lockOf(replicaPool()), sending),
  ];
  for (const replica of replicas) replica.start();
  await Promise.all(replicas.map((r) => r.firstRun('message-digest', 10_000)));
  await Promise.all(replicas.map((r) => r.stop()));
  const { rows } = await pools[0]!.query<{ mails: number; people: number }>(
    'select mails, count(*)::int as people from digests group by mails order by mails',
  );
  return rows;
}

describe('jobs across replicas', () => {
  it('when two replicas on one database start the same job, then its work is done once: each person gets one mail', async () => {
    const mails = await runTwoReplicas(() => lockOn(database.url));
    expect(mails).toEqual([{ mails: 1, people: 20 }]);
  });

  it('when the replicas took no cluster lock, then both would mail everyone (the case the lock prevents)', async () => {
    const mails = await runTwoReplicas(() => processLock);
    expect(mails).toEqual([{ mails: 2, people: 20 }]);
  });

  it('when a replica holds the lock, then another skips the run; once released, the next run is taken', async () => {
    const lockA = lockOn(database.url);
    const lockB = lockOn(database.url);
    let release = () => {};
    let nowHolding = () => {};
    const holding = new Promise<void>((resolve) => (nowHolding = resolve));
    const held = lockA.whileHolding('message-digest', () => {
      // Inside the work: replica A holds the lock from here until release().
      nowHolding();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    expect(await lockB.whileHolding('message-digest', async () => 'ran')).toEqual({ ran: false });
    // Another job's name, or another service's, is another lock.
    expect(await lockB.whileHolding('grant-expiry', async () => 'ran')).toEqual({ ran: true, value: 'ran' });
    release();
    await held;
    expect(await lockB.whileHolding('message-digest', async () => 'ran')).toEqual({
      ran: true,
      value: 'ran',
    });
  });

  it('when the work throws, then the lock is released with the error passed on', async () => {
    const lock = lockOn(database.url);
    await expect(
      lock.whileHolding('message-digest', async () => {
        throw new Error('SMTP away');
      }),
    ).rejects.toThrow('SMTP away');
    const other = lockOn(database.url);
    expect(await other.whileHolding('message-digest', async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it("when all of a replica's jobs start at once on a pool of one connection, then none waits for a connection: the locks have a session of their own", async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => {});
    pools.push(pool);
    const jobs = new Jobs(silentLogger(), lockOn(database.url));
    const failures: string[] = [];
    const names = ['message-digest', 'grant-expiry', 'hold-sweep', 'idempotency-key-cleanup'];
    for (const name of names)
      jobs.add({
        name,
        everyMs: 60_000,
        run: async () => {
          await pool
            .query('select pg_sleep(0.05)')
            .catch((err: Error) => failures.push(`${name}: ${err.message}`));
          return undefined;
        },
      });
    jobs.start();
    await Promise.all(names.map((name) => jobs.firstRun(name, 10_000)));
    await jobs.stop();
    // Were the lock on the pool, a job holding the one connection for its lock would leave its own
    // query (and the others') to time out waiting for a connection.
    expect(failures).toEqual([]);
  });
});

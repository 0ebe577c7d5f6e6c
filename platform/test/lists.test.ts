import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase, ListTotals, PreparedStatements, type TotalCounts, totalProvenByPage } from '../src';
import { createEmptyTestDatabase } from '../src/testing/database';

/** A list whose counts are recorded: `rows` match the caller, `shared` everyone, `hidden` are the caller's exclusions. */
function list(sizes: { rows: number; shared: number; hidden: number }) {
  const calls = { upTo: [] as number[], shared: 0, hidden: 0 };
  const counts: TotalCounts = {
    countUpTo: async (cap) => {
      calls.upTo.push(cap);
      return Math.min(sizes.rows, cap);
    },
    shared: {
      key: 'everyone',
      count: async () => {
        calls.shared++;
        return sizes.shared;
      },
    },
    countHiddenFromCaller: async () => {
      calls.hidden++;
      return sizes.hidden;
    },
  };
  return { counts, calls, sizes };
}

const fullPage = { offset: 0, limit: 10, rows: 10 };

describe('list totals', () => {
  it('when a page comes back short, then it is the last and nothing is counted', async () => {
    expect(totalProvenByPage({ offset: 20, limit: 10, rows: 3 })).toBe(23);
    expect(totalProvenByPage({ offset: 0, limit: 10, rows: 0 })).toBe(0);
    expect(totalProvenByPage({ offset: 30, limit: 10, rows: 0 })).toBeUndefined();
    expect(totalProvenByPage(fullPage)).toBeUndefined();
    const small = list({ rows: 13, shared: 13, hidden: 0 });
    expect(await new ListTotals().total({ offset: 10, limit: 10, rows: 3 }, small.counts)).toBe(13);
    expect(small.calls).toEqual({ upTo: [], shared: 0, hidden: 0 });
  });

  it('when the list is at most exactUpTo long, then it is counted exactly, reading no more than one past it', async () => {
    const small = list({ rows: 50, shared: 60, hidden: 10 });
    const totals = new ListTotals({ exactUpTo: 100 });
    expect(await totals.total(fullPage, small.counts)).toBe(50);
    small.sizes.rows = 49;
    expect(await totals.total(fullPage, small.counts)).toBe(49);
    expect(small.calls).toEqual({ upTo: [101, 101], shared: 0, hidden: 0 });
  });

  it('when an empty page lies past the end, then the total is still counted', async () => {
    const small = list({ rows: 7, shared: 7, hidden: 0 });
    expect(await new ListTotals().total({ offset: 40, limit: 10, rows: 0 }, small.counts)).toBe(7);
  });

  it('when the list is longer, then it is the shared count less what the caller does not see, counted once per maxAge', async () => {
    let now = 0;
    const long = list({ rows: 5_000, shared: 5_040, hidden: 40 });
    const totals = new ListTotals({ exactUpTo: 100, maxAgeMs: 1_000, now: () => now });
    expect(await totals.total(fullPage, long.counts)).toBe(5_000);
    expect(long.calls).toEqual({ upTo: [101], shared: 1, hidden: 1 });
    // Known to be long: no more capped counts, the shared count is reused, the caller's part is not.
    long.sizes.shared = 5_100;
    long.sizes.hidden = 41;
    now = 999;
    expect(await totals.total(fullPage, long.counts)).toBe(4_999);
    expect(long.calls).toEqual({ upTo: [101], shared: 1, hidden: 2 });
    now = 1_000;
    // Older than maxAge: the older count answers while the new one is made.
    expect(await totals.total(fullPage, long.counts)).toBe(4_999);
    await new Promise((r) => setImmediate(r));
    expect(long.calls.shared).toBe(2);
    expect(await totals.total(fullPage, long.counts)).toBe(5_059);
  });

  it('when the shared count is older than maxStale, then the request waits for a new one', async () => {
    let now = 0;
    const long = list({ rows: 5_000, shared: 5_000, hidden: 0 });
    const totals = new ListTotals({ exactUpTo: 100, maxAgeMs: 1_000, maxStaleMs: 5_000, now: () => now });
    await totals.total(fullPage, long.counts);
    long.sizes.shared = 6_000;
    now = 5_000;
    expect(await totals.total(fullPage, long.counts)).toBe(6_000);
  });

  it('when many requests want the same shared count at once, then it is counted once', async () => {
    const long = list({ rows: 5_000, shared: 5_000, hidden: 0 });
    let finish: (n: number) => void = () => {};
    const slow = {
      ...long.counts,
      shared: {
        key: 'everyone',
        count: () => {
          long.calls.shared++;
          return new Promise<number>((resolve) => {
            finish = resolve;
          });
        },
      },
    };
    const totals = new ListTotals({ exactUpTo: 100 });
    const answers = Promise.all(Array.from({ length: 8 }, () => totals.total(fullPage, slow)));
    await new Promise((r) => setTimeout(r, 10));
    finish(5_000);
    expect(await answers).toEqual(Array(8).fill(5_000));
    expect(long.calls.shared).toBe(1);
  });

  it('when a refresh fails, then the older count keeps answering and the next request tries again', async () => {
    let now = 0;
    const long = list({ rows: 5_000, shared: 5_000, hidden: 0 });
    const totals = new ListTotals({ exactUpTo: 100, maxAgeMs: 1_000, now: () => now });
    await totals.total(fullPage, long.counts);
    now = 2_000;
    const failing = {
      ...long.counts,
      shared: { key: 'everyone', count: () => Promise.reject(new Error('down')) },
    };
    expect(await totals.total(fullPage, failing)).toBe(5_000);
    await new Promise((r) => setImmediate(r));
    long.sizes.shared = 5_500;
    expect(await totals.total(fullPage, long.counts)).toBe(5_000);
    await new Promise((r) => setImmediate(r));
    expect(await totals.total(fullPage, long.counts)).toBe(5_500);
  });

  it('when the rows changed and the totals are forgotten, then the next total is counted afresh and a count begun before is not kept', async () => {
    const long = list({ rows: 5_000, shared: 5_000, hidden: 0 });
    const totals = new ListTotals({ exactUpTo: 100, maxAgeMs: 60_000 });
    expect(await totals.total(fullPage, long.counts)).toBe(5_000);
    long.sizes.shared = 5_001;
    totals.forget();
    expect(await totals.total(fullPage, long.counts)).toBe(5_001);
    expect(long.calls).toEqual({ upTo: [101, 101], shared: 2, hidden: 2 });
    // A count under way when the rows change answers its own request but is not kept.
    let finish: (n: number) => void = () => {};
    const slow = {
      ...long.counts,
      shared: { key: 'everyone', count: () => new Promise<number>((resolve) => (finish = resolve)) },
    };
    totals.forget();
    const answer = totals.total(fullPage, slow);
    await new Promise((r) => setTimeout(r, 10));
    totals.forget();
    finish(4_000);
    expect(await answer).toBe(4_000);
    long.sizes.shared = 5_002;
    expect(await totals.total(fullPage, long.counts)).toBe(5_002);
  });

  it('when a page deep in a long list is full, then the total is never less than what was shown', async () => {
    const long = list({ rows: 5_000, shared: 3_000, hidden: 0 });
    const totals = new ListTotals({ exactUpTo: 100 });
    expect(await totals.total({ offset: 4_000, limit: 10, rows: 10 }, long.counts)).toBe(4_010);
  });
});

describe('prepared statements', () => {
  it('when a variant is asked for again, then the statement prepared the first time is reused', () => {
    const statements = new PreparedStatements<{ name: string }>('things');
    const prepared: string[] = [];
    const prepare = (name: string) => {
      prepared.push(name);
      return { name };
    };
    const first = statements.get('all', prepare);
    expect(statements.get('all', prepare)).toBe(first);
    expect(statements.get('filtered', prepare).name).toBe('things_filtered');
    expect(prepared).toEqual(['things_all', 'things_filtered']);
  });
});

describe('the database for prepared statements', () => {
  it('when a paging statement runs there again and again, then PostgreSQL plans it once', async () => {
    const database = await createEmptyTestDatabase('planned_once');
    const handle = createDatabase(database.url, {}, { max: 1 });
    try {
      await handle.db.execute(sql`create table things (id serial primary key, name text not null)`);
      await handle.db.execute(
        sql`insert into things (name) select 'thing ' || g from generate_series(1, 500) g`,
      );
      const page = handle.prepared
        .select({ id: sql<number>`id` })
        .from(sql`things`)
        .orderBy(sql`id`)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('things_page');
      for (let i = 0; i < 10; i++) {
        expect(await page.execute({ limit: 3, offset: i * 3 })).toEqual([
          { id: i * 3 + 1 },
          { id: i * 3 + 2 },
          { id: i * 3 + 3 },
        ]);
      }
      const plans = await handle.prepared.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'things_page'`,
      );
      expect(plans.rows).toEqual([{ generic_plans: 10, custom_plans: 0 }]);
      const [setting] = (await handle.db.execute(sql`select current_setting('plan_cache_mode') as mode`))
        .rows;
      expect(setting).toEqual({ mode: 'auto' });
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});

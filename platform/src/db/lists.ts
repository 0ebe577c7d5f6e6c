/**
 * What a paged list needs beyond its page query, so that every list starts fast:
 * - `PreparedStatements`: its queries prepared once per variant rather than built on every call;
 * - `ListTotals`: its total without an exact count of every matching row on every page.
 */

/**
 * Statements prepared on first use, one per variant of a query (e.g. which filters are set), named
 * `<name>_<variant>`. A prepared drizzle statement skips drizzle's query building (about 0.5 ms of CPU
 * per query with drizzle 0.45 on this machine, three times what node-postgres then spends on it), and
 * PostgreSQL parses it once per connection instead of on every call. Prepare them on the runtime's
 * `preparedDb`, where PostgreSQL also plans each once.
 */
export class PreparedStatements<Statement> {
  private readonly made = new Map<string, Statement>();

  constructor(private readonly name: string) {}

  get(variant: string, prepare: (name: string) => Statement): Statement {
    let statement = this.made.get(variant);
    if (!statement) {
      statement = prepare(`${this.name}_${variant}`);
      this.made.set(variant, statement);
    }
    return statement;
  }
}

/** The page a list answered: where it started, how many it asked for, how many came. */
export interface PageShown {
  offset: number;
  limit: number;
  rows: number;
}

/**
 * The total when the page proves it: a page that came back short is the last one, so the total is
 * what lies before it plus what it holds (an empty page proves it only at the start).
 */
export function totalProvenByPage(page: PageShown): number | undefined {
  if (page.rows < page.limit && (page.rows > 0 || page.offset === 0)) return page.offset + page.rows;
  return undefined;
}

/** How a list's total is counted; see `ListTotals`. */
export interface TotalCounts {
  /** The caller's matching rows, counted up to `cap` and no further. */
  countUpTo(cap: number): Promise<number>;
  /**
   * The part of the list every caller shares (the same filters, before what only this caller
   * does not see), counted in full; the answer is kept under `key`.
   */
  shared: { key: string; count(): Promise<number> };
  /** How many of the shared rows this caller does not see (themselves, people they blocked…). */
  countHiddenFromCaller?(): Promise<number>;
}

interface SharedCount {
  value: number;
  countedAt: number;
}

/**
 * Totals of paged lists. An exact `count(*)` on every page reads every matching row: at 100,000
 * people that is most of a request's time, for a figure a person reads as "of 91,234". So:
 * - a short page proves the total, and nothing is counted;
 * - a list of up to `exactUpTo` rows is counted exactly, reading no more than `exactUpTo + 1` rows
 *   (what a person pages through item by item stays exact to the row, whatever just changed);
 * - a longer list is its shared part, counted in full at most once per `maxAgeMs` per key (the
 *   count is served while a new one is made, or awaited when older than `maxStaleMs`), less what the
 *   caller does not see, which is counted exactly each time. Such a total may lag changes by
 *   `maxAgeMs`; the caller's own blocks and filters are never out of date.
 */
export class ListTotals {
  private readonly exactUpTo: number;
  private readonly maxAgeMs: number;
  private readonly maxStaleMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly shared = new Map<string, SharedCount>();
  private readonly counting = new Map<string, Promise<number>>();
  /** Moves on at each `forget`: a count begun before it is not kept after it. */
  private generation = 0;

  constructor(
    options: {
      exactUpTo?: number;
      maxAgeMs?: number;
      maxStaleMs?: number;
      maxKeys?: number;
      now?: () => number;
    } = {},
  ) {
    this.exactUpTo = options.exactUpTo ?? 1_000;
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
    this.maxStaleMs = options.maxStaleMs ?? 60_000;
    this.maxKeys = options.maxKeys ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  async total(page: PageShown, counts: TotalCounts): Promise<number> {
    const proven = totalProvenByPage(page);
    if (proven !== undefined) return proven;
    // Rows the page holds prove at least that many; counts made a moment apart never say fewer.
    const shown = page.rows > 0 ? page.offset + page.rows : 0;
    const known = this.shared.get(counts.shared.key);
    if (!known || known.value <= this.exactUpTo) {
      const counted = await counts.countUpTo(this.exactUpTo + 1);
      if (counted <= this.exactUpTo) return Math.max(counted, shown);
    }
    const [shared, hidden] = await Promise.all([
      this.sharedCount(counts.shared.key, counts.shared.count),
      counts.countHiddenFromCaller?.() ?? 0,
    ]);
    return Math.max(shared - hidden, this.exactUpTo + 1, shown);
  }

  /**
   * Forgets every shared count: the next long list counts again. For the process that just changed
   * the list's rows (a count under way is answered but not kept); other processes catch up within
   * `maxAgeMs`.
   */
  forget(): void {
    this.generation++;
    this.shared.clear();
    this.counting.clear();
  }

  private async sharedCount(key: string, count: () => Promise<number>): Promise<number> {
    const known = this.shared.get(key);
    const age = known ? this.now() - known.countedAt : Number.POSITIVE_INFINITY;
    if (known && age < this.maxAgeMs) return known.value;
    if (known && age < this.maxStaleMs) {
      // A failed refresh leaves the older count in place; the next request after it tries again.
      this.countOnce(key, count).catch(() => {});
      return known.value;
    }
    return this.countOnce(key, count);
  }

  /** One count per key at a time, however many requests want it. */
  private countOnce(key: string, count: () => Promise<number>): Promise<number> {
    let counting = this.counting.get(key);
    if (!counting) {
      const generation = this.generation;
      const made: Promise<number> = count()
        .then((value) => {
          if (generation !== this.generation) return value;
          this.shared.delete(key);
          if (this.shared.size >= this.maxKeys) this.shared.delete(this.shared.keys().next().value as string);
          this.shared.set(key, { value, countedAt: this.now() });
          return value;
        })
        .finally(() => {
          if (this.counting.get(key) === made) this.counting.delete(key);
        });
      counting = made;
      this.counting.set(key, counting);
    }
    return counting;
  }
}

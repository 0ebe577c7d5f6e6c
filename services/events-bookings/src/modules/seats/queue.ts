/**
 * Runs the work given for one key one after another, in arrival order, within this process.
 * Joins of one event wait here (holding no database connection) rather than on the event's row
 * lock (holding one each): a crowd at one event cannot drain the pool and starve every other
 * request. The row lock still decides between processes; this only keeps the waiting cheap.
 */
export class KeyedQueue {
  private readonly tails = new Map<number, Promise<void>>();

  run<T>(key: number, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

/** What one piece of gathered work came to: its value, or the error it alone is answered with. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Work for one key gathered while the key's earlier work runs, then done together in its turn (at
 * most `max` pieces a turn): a crowd at one event pays for one lock and one commit per turn, not
 * one each. `runTurn` answers every piece in order; if it throws, every piece of that turn fails.
 */
export class KeyedBatches<I, R> {
  private readonly gathering = new Map<
    number,
    Array<{ item: I; resolve(r: R): void; reject(e: unknown): void }>
  >();

  constructor(
    private readonly inTurn: (key: number, work: () => Promise<void>) => Promise<void>,
    private readonly runTurn: (key: number, items: I[]) => Promise<Array<Outcome<R>>>,
    private readonly max: number,
  ) {}

  add(key: number, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let batch = this.gathering.get(key);
      if (!batch || batch.length >= this.max) {
        const gathered: NonNullable<typeof batch> = [];
        batch = gathered;
        this.gathering.set(key, gathered);
        void this.inTurn(key, async () => {
          // Whatever arrives from now on waits for the next turn.
          if (this.gathering.get(key) === gathered) this.gathering.delete(key);
          try {
            const outcomes = await this.runTurn(
              key,
              gathered.map((g) => g.item),
            );
            gathered.forEach((g, i) => {
              const outcome = outcomes[i]!;
              if (outcome.ok) g.resolve(outcome.value);
              else g.reject(outcome.error);
            });
          } catch (err) {
            for (const g of gathered) g.reject(err);
          }
        });
      }
      batch.push({ item, resolve, reject });
    });
  }
}

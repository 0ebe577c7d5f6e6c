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

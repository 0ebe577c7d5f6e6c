import type { Db } from '../../db/types';
import { type UsedValues, usedFilterValues } from './repository';

/**
 * The filter lists, computed from the listed venues at most once per `maxAgeMs` (they change when a
 * venue is listed, delisted or edited; this process forgets them at once when it made the change).
 */
export class FilterLists {
  private known: { values: UsedValues; at: number } | undefined;
  private loading: Promise<UsedValues> | undefined;
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async values(): Promise<UsedValues> {
    if (this.known && this.now() - this.known.at < this.maxAgeMs) return this.known.values;
    if (!this.loading) {
      const generation = this.generation;
      this.loading = usedFilterValues(this.db)
        .then((values) => {
          // A change made while this was read may be missing from it: keep it for this answer only.
          if (generation === this.generation) this.known = { values, at: this.now() };
          return values;
        })
        .finally(() => {
          this.loading = undefined;
        });
    }
    return this.loading;
  }

  forget(): void {
    this.generation++;
    this.known = undefined;
  }
}

/** Of the enumeration, the values in use, in the enumeration's order. */
export const inOrder = <T extends string>(enumeration: readonly T[], used: string[]): T[] =>
  enumeration.filter((value) => used.includes(value));

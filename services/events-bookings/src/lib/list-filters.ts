/** Filters the admin lists share (docs/product.md#admin-calls: start_date, end_date, search). */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600_000;

/**
 * A range of instants, `from` included and `before` excluded: a day bound (`2025-03-01`) is the
 * whole day in UTC, both end days included; an instant bound is that instant, included.
 * `given` says whether either bound was sent (the lists then read in time order).
 */
export interface TimeRange {
  from?: Date;
  before?: Date;
  given: boolean;
}

export function timeRange(start: string | undefined, end: string | undefined): TimeRange {
  const range: TimeRange = { given: start !== undefined || end !== undefined };
  if (start !== undefined)
    range.from = DAY.test(start) ? new Date(`${start}T00:00:00.000Z`) : new Date(start);
  if (end !== undefined)
    range.before = DAY.test(end)
      ? new Date(new Date(`${end}T00:00:00.000Z`).getTime() + DAY_MS)
      : new Date(new Date(end).getTime() + 1);
  return range;
}

/** An `ilike` pattern finding the text anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}

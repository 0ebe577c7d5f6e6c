import { instantAt, wallClockAt } from '@linksmate/proto';

/** Months in a time zone: which one it is, where each starts, and the last few of them. */

const pad = (n: number) => String(n).padStart(2, '0');

export interface Month {
  year: number;
  /** 1 to 12. */
  month: number;
}

export const monthKey = ({ year, month }: Month) => `${year}-${pad(month)}`;

/** The month `months` after (or, negative, before) the one given. */
export function addMonths({ year, month }: Month, months: number): Month {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month it is at `instant` in the time zone. */
export function monthAt(instant: Date, timeZone: string): Month {
  const { year, month } = wallClockAt(instant, timeZone);
  return { year, month };
}

/** The instant the month starts (midnight on its first day) in the time zone. */
export const monthStart = ({ year, month }: Month, timeZone: string): Date =>
  instantAt({ year, month, day: 1 }, timeZone);

/** The `count` months up to and including the one at `now`, oldest first, and the instants they span. */
export function lastMonths(now: Date, count: number, timeZone: string) {
  const current = monthAt(now, timeZone);
  const months = Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
  return {
    keys: months.map(monthKey),
    current: monthKey(current),
    since: monthStart(months[0]!, timeZone),
    currentStart: monthStart(current, timeZone),
    until: monthStart(addMonths(current, 1), timeZone),
  };
}

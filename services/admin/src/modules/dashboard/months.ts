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

function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    /** The wall clock read as if it were UTC: minus the instant, the zone's offset then. */
    asUtc: Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    ),
  };
}

/** The month it is at `instant` in the time zone. */
export function monthAt(instant: Date, timeZone: string): Month {
  const { year, month } = wallClock(instant, timeZone);
  return { year, month };
}

/** The instant the month starts (midnight on its first day) in the time zone. */
export function monthStart(month: Month, timeZone: string): Date {
  const local = Date.UTC(month.year, month.month - 1, 1);
  const offsetAt = (instant: number) => wallClock(new Date(instant), timeZone).asUtc - instant;
  // The offset at the guess, then at the answer it gives (they differ only across a change of offset).
  const guess = local - offsetAt(local);
  return new Date(local - offsetAt(guess));
}

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

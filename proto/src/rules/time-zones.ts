/** Wall clocks in a time zone (the dashboard's months, the demo's local hours), with Intl alone. */
import type { AU_STATES } from './venues';

/** Where a venue's clock is read: each state's and territory's time zone (the ACT keeps Sydney's). */
export const STATE_TIME_ZONES: Record<(typeof AU_STATES)[number], string> = {
  NSW: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  ACT: 'Australia/Sydney',
  NT: 'Australia/Darwin',
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
}

/** What a clock in the time zone reads at the instant. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const text = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(text(type));
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
    weekday: WEEKDAYS.indexOf(text('weekday')),
  };
}

/** The zone's offset from UTC at the instant, in milliseconds (Sydney: +10 h or +11 h). */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClockAt(new Date(instant), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - instant;
}

/**
 * The instant a clock in the time zone reads the given day and time (month 1 to 12; a day or hour
 * past its range rolls over, as Date.UTC does).
 */
export function instantAt(
  local: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0);
  // The offset at the guess, then at the answer it gives (they differ only across a change of offset).
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(guess, timeZone));
}

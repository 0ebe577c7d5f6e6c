import { instantAt, STATE_TIME_ZONES, wallClockAt } from '@linksmate/proto';
import { DEMO_VENUES } from './demo-venues/index';

/** Days of the week as Date.getUTCDay counts them (0 Sunday to 6 Saturday). */
export const SATURDAY = [6] as const;
export const SUNDAY = [0] as const;
export const WEEKEND = [6, 0] as const;
export const MIDWEEK = [2, 3, 4] as const;
export const WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** When a demo event is played, as its venue's clock reads it. */
export interface DemoWhen {
  venue: string;
  /** The local tee time, 'HH:MM' (24-hour). */
  tee: string;
  /** The days of the week its title or description promises (any day when not given). */
  weekdays?: readonly number[];
  hours: number;
}

/** The time zone of a demo venue, from its state. */
export function demoVenueTimeZone(slug: string): string {
  const venue = DEMO_VENUES.find((v) => v.slug === slug);
  if (!venue?.state) throw new Error(`Demo venue ${slug} is missing or has no state`);
  return STATE_TIME_ZONES[venue.state];
}

/**
 * The start and end of a demo event: the venue's local date `days` after the seeding day (before it
 * when negative), moved on (or, for a round already played, back) to the first of its weekdays, at
 * its local tee time. So a 'Saturday Stableford' is on a Saturday wherever the run starts.
 */
export function demoSchedule(seedingDay: Date, when: DemoWhen, days: number): { start: Date; end: Date } {
  const timeZone = demoVenueTimeZone(when.venue);
  const today = wallClockAt(seedingDay, timeZone);
  const [hour, minute] = when.tee.split(':').map(Number) as [number, number];
  const step = days < 0 ? -1 : 1;
  for (let shift = 0; ; shift += step) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days + shift));
    if (when.weekdays && !when.weekdays.includes(date.getUTCDay())) continue;
    const start = instantAt(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute },
      timeZone,
    );
    return { start, end: new Date(start.getTime() + when.hours * 3_600_000) };
  }
}

import { type AU_STATES, instantAt, STATE_TIME_ZONES, wallClockAt } from '@linksmate/proto';
import { DEMO_VENUES } from './demo-venues/index';

/** Days of the week as Date.getUTCDay counts them (0 Sunday to 6 Saturday). */
export const SATURDAY = [6] as const;
export const SUNDAY = [0] as const;
export const WEEKEND = [6, 0] as const;
export const MIDWEEK = [2, 3, 4] as const;
export const WEEKDAYS = [1, 2, 3, 4, 5] as const;

/**
 * A tee time: the venue's local clock ('HH:MM', 24-hour), or minutes from its sunrise or sunset that
 * day (negative: before), for a round its title ties to the sun ('Twilight', 'Sunrise'), which a
 * fixed time would put in the dark for half the year.
 */
export type DemoTee = string | { fromSunrise: number } | { fromSunset: number };

/** When a demo event is played, as its venue's clock reads it. */
export interface DemoWhen {
  venue: string;
  tee: DemoTee;
  /** The days of the week its title or description promises (any day when not given). */
  weekdays?: readonly number[];
  hours: number;
}

function demoVenue(slug: string) {
  const venue = DEMO_VENUES.find((v) => v.slug === slug);
  if (!venue?.state) throw new Error(`Demo venue ${slug} is missing or has no state`);
  return venue as typeof venue & { state: (typeof AU_STATES)[number] };
}

/** The time zone of a demo venue, from its state. */
export function demoVenueTimeZone(slug: string): string {
  return STATE_TIME_ZONES[demoVenue(slug).state];
}

/** Where the sun is reckoned for a venue placed without coordinates: its state's capital. */
const CAPITALS: Record<(typeof AU_STATES)[number], { lat: number; lng: number }> = {
  NSW: { lat: -33.87, lng: 151.21 },
  VIC: { lat: -37.81, lng: 144.96 },
  QLD: { lat: -27.47, lng: 153.03 },
  SA: { lat: -34.93, lng: 138.6 },
  WA: { lat: -31.95, lng: 115.86 },
  TAS: { lat: -42.88, lng: 147.33 },
  ACT: { lat: -35.28, lng: 149.13 },
  NT: { lat: -12.46, lng: 130.84 },
};

const RADIANS = Math.PI / 180;

/**
 * Sunrise and sunset on a calendar day at a place (NOAA's general solar position equations, good to a
 * few minutes): the instants the sun's upper edge crosses the horizon, refraction allowed for.
 */
export function sunTimes(
  day: { year: number; month: number; day: number },
  place: { lat: number; lng: number },
): { sunrise: Date; sunset: Date } {
  const midnight = Date.UTC(day.year, day.month - 1, day.day);
  const dayOfYear = (midnight - Date.UTC(day.year, 0, 1)) / 86_400_000;
  const g = ((2 * Math.PI) / 365) * dayOfYear;
  const equationOfTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const declination =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const lat = place.lat * RADIANS;
  const hourAngle =
    Math.acos(
      Math.cos(90.833 * RADIANS) / (Math.cos(lat) * Math.cos(declination)) -
        Math.tan(lat) * Math.tan(declination),
    ) / RADIANS;
  // Minutes after the day's UTC midnight (negative: the UTC day before, as east of Greenwich it is).
  const at = (minutes: number) => new Date(midnight + minutes * 60_000);
  return {
    sunrise: at(720 - 4 * (place.lng + hourAngle) - equationOfTime),
    sunset: at(720 - 4 * (place.lng - hourAngle) - equationOfTime),
  };
}

/** Sunrise and sunset at a demo venue on its local calendar day. */
export function demoVenueSun(slug: string, day: { year: number; month: number; day: number }) {
  const venue = demoVenue(slug);
  const place =
    venue.lat != null && venue.lng != null ? { lat: venue.lat, lng: venue.lng } : CAPITALS[venue.state];
  return sunTimes(day, place);
}

const FIVE_MINUTES = 5 * 60_000;

/** The instant a tee time names on a venue's local calendar day; one set by the sun falls on a five-minute mark. */
function teeAt(when: DemoWhen, day: { year: number; month: number; day: number }, timeZone: string): Date {
  if (typeof when.tee === 'string') {
    const [hour, minute] = when.tee.split(':').map(Number) as [number, number];
    return instantAt({ ...day, hour, minute }, timeZone);
  }
  const sun = demoVenueSun(when.venue, day);
  const [from, offset] =
    'fromSunrise' in when.tee ? [sun.sunrise, when.tee.fromSunrise] : [sun.sunset, when.tee.fromSunset];
  return new Date(Math.round((from.getTime() + offset * 60_000) / FIVE_MINUTES) * FIVE_MINUTES);
}

/**
 * The start and end of a demo event: the venue's local date `days` after the seeding day (before it
 * when negative), moved on (or, for a round already played, back) to the first of its weekdays, at
 * its local tee time. So a 'Saturday Stableford' is on a Saturday wherever the run starts.
 */
export function demoSchedule(seedingDay: Date, when: DemoWhen, days: number): { start: Date; end: Date } {
  const timeZone = demoVenueTimeZone(when.venue);
  const today = wallClockAt(seedingDay, timeZone);
  const step = days < 0 ? -1 : 1;
  for (let shift = 0; ; shift += step) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days + shift));
    if (when.weekdays && !when.weekdays.includes(date.getUTCDay())) continue;
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    const start = teeAt(when, day, timeZone);
    return { start, end: new Date(start.getTime() + when.hours * 3_600_000) };
  }
}

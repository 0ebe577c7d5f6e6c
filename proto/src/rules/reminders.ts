/**
 * Reminders before a booked game or event, and notice of a membership's renewal or end
 * (docs/product.md#reminders): when each falls due and how its place is shown. Pure, so the
 * services that find them due and the one that words them agree.
 */
import { STATE_TIME_ZONES } from './time-zones';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The reminders of a booking, earliest first: a day before and two hours before its start. */
export const BOOKING_REMINDERS = ['24h', '2h'] as const;
export type BookingReminder = (typeof BOOKING_REMINDERS)[number];

/** How long before the start each reminder falls due. */
export const BOOKING_REMINDER_LEAD_MS: Record<BookingReminder, number> = {
  '24h': 24 * HOUR_MS,
  '2h': 2 * HOUR_MS,
};

/**
 * The span in which a reminder is sent: from its moment until the next reminder's moment (for
 * the last one, the start). A job that was down and finds both due sends only the later one, and
 * nothing is sent once the game has started.
 */
export function bookingReminderWindow(reminder: BookingReminder, start: Date): { from: Date; until: Date } {
  const index = BOOKING_REMINDERS.indexOf(reminder);
  const next = BOOKING_REMINDERS[index + 1];
  return {
    from: new Date(start.getTime() - BOOKING_REMINDER_LEAD_MS[reminder]),
    until: new Date(start.getTime() - (next ? BOOKING_REMINDER_LEAD_MS[next] : 0)),
  };
}

/**
 * How far off the start is when a reminder is made, as its title says it: "In 24 hours" and "In 2
 * hours" when sent on time (the job runs every minute, so a few minutes either side of the hour read
 * as the hour); the real lead when late (an event moved closer, a job that was down), so a game 10
 * hours away is never announced as a day away: "In 10 hours", "In 1 hour 25 minutes", "In 40 minutes".
 */
export function reminderLead(start: Date, at: Date): string {
  const total = Math.max(1, Math.round((start.getTime() - at.getTime()) / 60_000));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const hoursText = (h: number) => `${h} hour${h === 1 ? '' : 's'}`;
  const minutesText = (m: number) => `${m} minute${m === 1 ? '' : 's'}`;
  if (hours > 0 && minutes <= WHOLE_HOUR_TOLERANCE_MINUTES) return `In ${hoursText(hours)}`;
  if (minutes >= 60 - WHOLE_HOUR_TOLERANCE_MINUTES) return `In ${hoursText(hours + 1)}`;
  return hours > 0 ? `In ${hoursText(hours)} ${minutesText(minutes)}` : `In ${minutesText(minutes)}`;
}
const WHOLE_HOUR_TOLERANCE_MINUTES = 5;

/** How many days before a membership renews or ends its holder is told (once per period). */
export const MEMBERSHIP_NOTICE_DAYS = 7;
export const MEMBERSHIP_NOTICE_LEAD_MS = MEMBERSHIP_NOTICE_DAYS * DAY_MS;

/** Whether a membership's date is coming: it renews (charged again) or ends (access stops). */
export const MEMBERSHIP_NOTICE_CHANGES = ['renews', 'ends'] as const;
export type MembershipNoticeChange = (typeof MEMBERSHIP_NOTICE_CHANGES)[number];

/** Where a venue's clock is read; Sydney's where the state is unknown. */
export function venueTimeZone(state: string | null | undefined): string {
  return (state && (STATE_TIME_ZONES as Record<string, string>)[state]) || STATE_TIME_ZONES.NSW;
}

/** A start as the venue's clock reads it, e.g. 'Sun, 6 Dec 2026, 8:30 am AEDT'. */
export function localStartTime(start: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
    .format(start)
    .replace(/\u202f/g, ' ');
}

/** A date as Australians read it, e.g. '12 December 2026', in the time zone given (Sydney's by default). */
export function longDate(date: Date, timeZone: string = STATE_TIME_ZONES.NSW): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

export interface PlaceOnMap {
  name?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  lat?: number | null;
  lng?: number | null;
}

/** A venue's address on one line: street, suburb and state as far as they are known. */
export function placeAddress(place: PlaceOnMap): string {
  return [place.address, place.city, place.state]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Directions to a place in Google Maps (its documented `api=1` URL): to its coordinates when known,
 * else to its name and address; none when neither is known.
 */
export function directionsUrl(place: PlaceOnMap): string | null {
  const hasPoint =
    typeof place.lat === 'number' &&
    typeof place.lng === 'number' &&
    Number.isFinite(place.lat) &&
    Number.isFinite(place.lng);
  const destination = hasPoint
    ? `${place.lat},${place.lng}`
    : [place.name?.trim(), placeAddress(place)].filter(Boolean).join(', ');
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

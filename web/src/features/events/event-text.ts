import type { Event } from '@linksmate/proto';
import { formatCents, LOCALE, OFFICIAL_EVENT_TYPE, PRODUCT_NAME } from '@linksmate/proto/rules';

/** docs/product.md#community-limits event types, as the filter and the cards name them. */
export const EVENT_TYPE_LABELS: Record<Event['event_type'], string> = {
  [OFFICIAL_EVENT_TYPE]: `${PRODUCT_NAME} Event`,
  member_game: 'Member Game',
};

export const PAYMENT_METHOD_LABELS: Record<NonNullable<Event['payment_method']>, string> = {
  pay_at_venue: 'Pay at venue',
  pay_event_creator: 'Pay the organiser',
};

export const STATUS_LABELS: Record<Event['status'], string> = {
  open: 'Open',
  active: 'Active',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

const dateTime = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const timeOnly = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });

/** 'Sat, 6 Dec 2026, 9:00 am', in the reader's own time zone. */
export const formatDateTime = (value: string) => dateTime.format(new Date(value));

/** '9:00 am' */
export const formatTime = (value: string) => timeOnly.format(new Date(value));

/** A moment soon: its time alone when it is today, else day and time. */
export const formatSoon = (value: string) =>
  new Date(value).toDateString() === new Date().toDateString() ? formatTime(value) : formatDateTime(value);

/** When an event runs: the start, and its end (the time alone when on the same day). */
export function whenOf(event: Pick<Event, 'start_time' | 'end_time'>): string {
  const start = formatDateTime(event.start_time);
  if (!event.end_time) return start;
  const sameDay = new Date(event.start_time).toDateString() === new Date(event.end_time).toDateString();
  return `${start} – ${sameDay ? formatTime(event.end_time) : formatDateTime(event.end_time)}`;
}

/** The price of a seat (GST-exclusive), or 'Free'; an event sold by priced slots only says so. */
export function priceOf(event: Pick<Event, 'price_per_participant' | 'currency' | 'has_paid_slots'>) {
  if (event.price_per_participant > 0) return formatCents(event.price_per_participant, event.currency);
  return event.has_paid_slots ? 'Paid slots' : 'Free';
}

/** docs/product.md#community-states: full when the participants reach capacity. */
export const isFull = (event: Pick<Event, 'capacity' | 'current_participant_count'>) =>
  event.current_participant_count >= event.capacity;

/** docs/product.md#community-states: past when its end (or its start, without an end) is before now. */
export const isPast = (event: Pick<Event, 'start_time' | 'end_time'>, now = Date.now()) =>
  new Date(event.end_time ?? event.start_time).getTime() < now;

const fullName = (first: string | null, last: string | null, username: string | null) =>
  [first, last].filter(Boolean).join(' ') || username || null;

export const organiserOf = (event: Event) =>
  fullName(event.creator_first_name, event.creator_last_name, event.creator_username);

export const coachOf = (event: Event) =>
  fullName(event.coach_first_name, event.coach_last_name, event.coach_username);

/** 'Royal Melbourne, Black Rock' */
export const placeOf = (event: Pick<Event, 'venue_name' | 'venue_city'>) =>
  [event.venue_name, event.venue_city].filter(Boolean).join(', ');

/** Street, city and state, as one line. */
export const addressOf = (event: Pick<Event, 'venue_address' | 'venue_city' | 'venue_state'>) =>
  [event.venue_address, event.venue_city, event.venue_state].filter(Boolean).join(', ');

/** A booking that counts as in: the card says 'View Event' and joining again is refused. */
export const hasBooking = (event: Pick<Event, 'user_booking_status' | 'user_has_confirmed_booking'>) =>
  event.user_has_confirmed_booking ||
  event.user_booking_status === 'pending' ||
  event.user_booking_status === 'confirmed';

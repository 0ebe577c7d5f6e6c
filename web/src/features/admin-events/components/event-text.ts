import type { Event } from '@linksmate/proto';
import {
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventType,
  formatCents,
  OFFICIAL_EVENT_TYPE,
  PRODUCT_NAME,
} from '@linksmate/proto/rules';

/** docs/product.md#admin-errors "Events". */
export const EVENTS_TEXTS = {
  loadFailed: 'Failed to fetch events. Please try again.',
} as const;

export type EventStatus = (typeof EVENT_STATUSES)[number];

export const TYPE_LABELS: Record<EventType, string> = {
  [OFFICIAL_EVENT_TYPE]: `${PRODUCT_NAME} Event`,
  member_game: 'Member Game',
};
export const TYPE_COLOURS: Record<EventType, string> = {
  [OFFICIAL_EVENT_TYPE]: 'fairway',
  member_game: 'blue',
};

const STATUS_LABELS: Record<EventStatus, string> = {
  open: 'Open',
  active: 'Active',
  cancelled: 'Cancelled',
  completed: 'Completed',
};
export const statusLabel = (status: EventStatus) => STATUS_LABELS[status] ?? status;
export const STATUS_COLOURS: Record<EventStatus, string> = {
  open: 'green',
  active: 'blue',
  cancelled: 'red',
  completed: 'gray',
};

export const TYPE_FILTERS = [
  { value: '', label: 'All types' },
  ...EVENT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
];
export const STATUS_FILTERS = [
  { value: '', label: 'All statuses' },
  ...EVENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
];

/** The list's title by role (docs/product.md#admin-sections: 'All Platform Events' for site admins). */
export function eventsTitle(role: string | null): string {
  if (role === 'coach_admin') return 'My Events';
  if (role === 'facility_admin') return 'Venue Events';
  return 'All Platform Events';
}

/** What a place costs: the event's price, else its slot types', else free. */
export function priceOf(event: Event): string {
  if (event.price_per_participant > 0) return formatCents(event.price_per_participant, event.currency);
  return event.has_paid_slots ? 'Paid slots' : 'Free';
}

/** The coach running it, else the member who created it. */
export function hostOf(event: Event): string {
  const coach = [event.coach_first_name, event.coach_last_name].filter(Boolean).join(' ');
  if (coach) return `Coach ${coach}`;
  const creator = [event.creator_first_name, event.creator_last_name].filter(Boolean).join(' ');
  return creator || (event.creator_username ? `@${event.creator_username}` : '—');
}

export const placeOf = (event: Event) =>
  [event.venue_name, event.venue_city].filter(Boolean).join(', ') || '—';

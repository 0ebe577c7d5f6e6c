import Type from 'typebox';
import { BOOKING_REMINDERS } from '../rules/reminders';
import {
  AggregateVersion,
  Cents,
  Id,
  Nullable,
  NullableString,
  NullableTimestamp,
  Timestamp,
} from '../schema';
import { defineEvent } from './registry';

export const EventSnapshot = Type.Object({
  event_id: Id,
  title: Type.String(),
  event_type: Type.String(),
  status: Type.String(),
  start_time: Timestamp,
  end_time: NullableTimestamp,
  venue_id: Nullable(Id),
  creator_user_id: Nullable(Id),
  coach_profile_id: Nullable(Id),
  capacity: Type.Integer({ minimum: 0 }),
  current_participant_count: Type.Integer({ minimum: 0 }),
  price_per_participant: Cents,
  currency: Type.String(),
  version: AggregateVersion,
});

export const EventCreated = defineEvent('events.event.created', 1, EventSnapshot);
export const EventUpdated = defineEvent('events.event.updated', 1, EventSnapshot);
export const EventCancelled = defineEvent('events.event.cancelled', 1, EventSnapshot);
export const EventDeleted = defineEvent(
  'events.event.deleted',
  1,
  Type.Object({ event_id: Id, version: AggregateVersion }),
);

const JoinRequestFacts = Type.Object({
  request_id: Id,
  event_id: Id,
  event_title: Type.String(),
  user_id: Id,
  creator_user_id: Nullable(Id),
  notes: NullableString,
  occurred_at: Timestamp,
  /** When the request was made (a request after a cancelled or rejected one is a new one). */
  booked_at: Type.Optional(Timestamp),
});
export const JoinRequestSubmitted = defineEvent('events.join-request.submitted', 1, JoinRequestFacts);
export const JoinRequestApproved = defineEvent('events.join-request.approved', 1, JoinRequestFacts);
export const JoinRequestRejected = defineEvent('events.join-request.rejected', 1, JoinRequestFacts);

const BookingFacts = Type.Object({
  booking_id: Id,
  event_id: Id,
  event_title: Type.String(),
  user_id: Id,
  seats: Type.Integer({ minimum: 1 }),
  status: Type.String(),
  previous_status: NullableString,
  occurred_at: Timestamp,
  /** When the booking was made: the month it counts in (booking again after cancelling makes it anew). */
  booked_at: Type.Optional(Timestamp),
});
export const BookingConfirmed = defineEvent('events.booking.confirmed', 1, BookingFacts);
export const BookingCancelled = defineEvent('events.booking.cancelled', 1, BookingFacts);
export const BookingStatusChanged = defineEvent('events.booking.status-changed', 1, BookingFacts);

/**
 * A seat freed on a full paid event is offered to the first in its waitlist: held for them until
 * `offer_expires_at`, charged only if they accept (beyond the spec).
 */
export const WaitlistOffered = defineEvent(
  'events.waitlist.offered',
  1,
  Type.Object({
    event_id: Id,
    event_title: Type.String(),
    user_id: Id,
    offer_expires_at: Timestamp,
    occurred_at: Timestamp,
  }),
);

/**
 * A booking's reminder fell due (docs/product.md#reminders): published once per booking, reminder
 * and start time by the reminders job, with what the reminder shows (the event, its start, the
 * venue's place and time zone) so its reader needs no copy of events or venues.
 */
export const BookingReminderFellDue = defineEvent(
  'events.booking.reminder-fell-due',
  1,
  Type.Object({
    booking_id: Id,
    event_id: Id,
    event_title: Type.String(),
    event_type: Type.String(),
    user_id: Id,
    reminder: Type.Enum(BOOKING_REMINDERS),
    start_time: Timestamp,
    /** The venue's time zone (from its state), in which the start is told. */
    time_zone: Type.String(),
    venue: Type.Object({
      venue_id: Id,
      name: Type.String(),
      address: NullableString,
      city: NullableString,
      state: NullableString,
      lat: Nullable(Type.Number()),
      lng: Nullable(Type.Number()),
    }),
    occurred_at: Timestamp,
  }),
);

/**
 * A playing partner's copy of a round was made for them to confirm (docs/product.md#rounds):
 * `round_id` is their copy, the one place they act on it.
 */
export const RoundConfirmationRequested = defineEvent(
  'events.round.confirmation-requested',
  1,
  Type.Object({
    round_id: Id,
    user_id: Id,
    recorder_user_id: Id,
    recorder_name: Type.String(),
    venue_name: Type.String(),
    course_name: Type.String(),
    played_on: Type.String({ format: 'date' }),
    /** Whether the recorder entered the partner's own card (it counts for them once confirmed). */
    has_card: Type.Boolean(),
    occurred_at: Timestamp,
  }),
);

/**
 * A game's scoring closed and its results are final (docs/product.md#results): messaging posts the
 * top places into the event's chat, as the organiser who closed it, and tells each player.
 */
export const ResultsPosted = defineEvent(
  'events.results.posted',
  1,
  Type.Object({
    event_id: Id,
    event_title: Type.String(),
    /** The organiser who closed scoring: the chat message is theirs. */
    closed_by_user_id: Id,
    format: Type.Union([Type.Literal('stableford'), Type.Literal('gross'), Type.Literal('net')]),
    /** Everyone with a card in the results. */
    player_user_ids: Type.Array(Id),
    /** The first places in the format shown first, with the names the results show. */
    top: Type.Array(
      Type.Object({
        position: Type.Integer({ minimum: 1 }),
        user_id: Id,
        name: Type.String(),
        total: Nullable(Type.Integer()),
      }),
    ),
    /** The results page, on our own origin. */
    link: Type.String(),
    occurred_at: Timestamp,
  }),
);

export const eventsBookingsEvents = [
  EventCreated,
  EventUpdated,
  EventCancelled,
  EventDeleted,
  JoinRequestSubmitted,
  JoinRequestApproved,
  JoinRequestRejected,
  BookingConfirmed,
  BookingCancelled,
  BookingStatusChanged,
  WaitlistOffered,
  BookingReminderFellDue,
  ResultsPosted,
  RoundConfirmationRequested,
];

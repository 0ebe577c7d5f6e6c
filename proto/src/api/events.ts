import Type from 'typebox';
import {
  BOOKING_NOTES_MAX_LENGTH,
  BOOKING_STATUSES,
  CREATE_CURRENCIES,
  EVENT_STATUSES,
  EVENT_TYPES,
  MAX_SLOTS_PER_PURCHASE,
  OFFICIAL_EVENT_CAPACITY,
  PAGE_SIZES,
  PAYMENT_METHODS,
  SKILL_LEVELS,
} from '../rules';
import { Cents, Id, IdParam, Int, Nullable, NullableString, Text, Timestamp } from '../schema';
import { Wrappable } from '../wrapped';
import { Limit, Offset } from './common';

/**
 * events-bookings' HTTP contract (docs/architecture.md#who-owns-what): events and member games, ticket (slot) types,
 * joins and join requests, bookings, slot payments, the waitlist and calendars.
 * Money is integer cents, GST-exclusive on prices; the server adds GST (10%) at checkout.
 * Inputs are shape-checked here; the spec's validation messages come from the service (422 with
 * `errors`), so a person sees the same words the web form shows.
 */

const EventType = Type.Enum(EVENT_TYPES);
const EventStatus = Type.Enum(EVENT_STATUSES);
const BookingStatus = Type.Enum(BOOKING_STATUSES);
const SkillLevel = Type.Enum(SKILL_LEVELS);
const PaymentMethod = Type.Enum(PAYMENT_METHODS);
/**
 * Numbers a form sends that the service judges (capacity, a handicap gate): any number passes here,
 * so one out of range or not whole gets the form's words for its field (422), not a bare 400.
 */
const FormNumber = Type.Number();
const WaitlistStatus = Type.Union([Type.Literal('waiting'), Type.Literal('offered')]);

// ── Events (docs/product.md#community-entities Event; docs/product.md#admin-entities Event) ─────────────────────────────────
export const Event = Type.Object({
  id: Id,
  title: Type.String(),
  description: NullableString,
  event_type: EventType,
  status: EventStatus,
  venue_id: Id,
  venue_name: NullableString,
  venue_address: NullableString,
  venue_city: NullableString,
  venue_state: NullableString,
  venue_lat: Nullable(Type.Number()),
  venue_lng: Nullable(Type.Number()),
  start_time: Timestamp,
  end_time: Nullable(Timestamp),
  capacity: Int({ minimum: 0 }),
  /** Seats taken by confirmed bookings: derived, never counted up on its own. */
  current_participant_count: Int({ minimum: 0 }),
  /** GST-exclusive, in cents; 0 for a free event. */
  price_per_participant: Cents,
  currency: Type.String(),
  payment_method: Nullable(PaymentMethod),
  payment_instructions: NullableString,
  creator_user_id: Nullable(Id),
  creator_username: NullableString,
  creator_first_name: NullableString,
  creator_last_name: NullableString,
  creator_profile_image: NullableString,
  coach_profile_id: Nullable(Id),
  coach_username: NullableString,
  coach_first_name: NullableString,
  coach_last_name: NullableString,
  coach_profile_image: NullableString,
  /** Handicap gate (beyond the spec): joins outside the range are refused. */
  min_handicap: Nullable(Type.Number()),
  max_handicap: Nullable(Type.Number()),
  min_skill_level: Nullable(SkillLevel),
  /** Whether joining goes through the slot checkout (active ticket types with a price). */
  has_paid_slots: Type.Boolean(),
  waitlist_count: Int({ minimum: 0 }),
  /** The caller's own standing; null when anonymous or not joined. */
  user_booking_status: Nullable(BookingStatus),
  user_has_confirmed_booking: Type.Boolean(),
  user_booking_id: Nullable(Id),
  user_waitlist_status: Nullable(WaitlistStatus),
  /** 1 for the first in line. */
  user_waitlist_position: Nullable(Int({ minimum: 1 })),
  /** While the caller holds a waitlist offer of a paid seat: when it lapses. */
  user_offer_expires_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Event = Type.Static<typeof Event>;

export const EventsQuery = Type.Object({
  event_type: Type.Optional(EventType),
  venue_id: Type.Optional(IdParam),
  coach_id: Type.Optional(IdParam),
  /** Past events are left out unless asked for; upcoming first. */
  include_past: Type.Optional(Type.Boolean({ default: false })),
  limit: Type.Optional(Limit(PAGE_SIZES.events, 100)),
  offset: Type.Optional(Offset),
});
export type EventsQuery = Type.Static<typeof EventsQuery>;
export const EventsReply = Type.Object({ events: Type.Array(Event), count: Int({ minimum: 0 }) });
export type EventsReply = Type.Static<typeof EventsReply>;
export const EventReply = Event;

const Title = Text({ maxLength: 200 });
const LongText = Text({ maxLength: 5000 });

/** `POST /member-games` (docs/product.md#community-calls). `price_per_participant` in cents; 0 for a free game. */
export const CreateMemberGameBody = Type.Object({
  title: Type.Optional(Wrappable(Title)),
  description: Type.Optional(Wrappable(LongText)),
  venue_id: Type.Optional(Wrappable(Int())),
  start_time: Type.Optional(Wrappable(Text({ maxLength: 40 }))),
  end_time: Type.Optional(Wrappable(Text({ maxLength: 40 }))),
  capacity: Type.Optional(Wrappable(FormNumber)),
  price_per_participant: Type.Optional(Wrappable(Int())),
  currency: Type.Optional(Type.Enum(CREATE_CURRENCIES)),
  payment_method: Type.Optional(Wrappable(PaymentMethod)),
  payment_instructions: Type.Optional(Wrappable(Text({ maxLength: 2000 }))),
  min_handicap: Type.Optional(Wrappable(FormNumber)),
  max_handicap: Type.Optional(Wrappable(FormNumber)),
  min_skill_level: Type.Optional(Wrappable(SkillLevel)),
});
export type CreateMemberGameBody = Type.Static<typeof CreateMemberGameBody>;

/** `PUT /events/{id}`: only the fields sent change (docs/product.md#community-validation Edit event). */
export const UpdateEventBody = Type.Partial(
  Type.Object({
    title: Wrappable(Title),
    description: Wrappable(LongText),
    venue_id: Wrappable(Int()),
    start_time: Wrappable(Text({ maxLength: 40 })),
    end_time: Wrappable(Text({ maxLength: 40 })),
    capacity: Wrappable(FormNumber),
    price_per_participant: Wrappable(Int()),
    currency: Type.Enum(CREATE_CURRENCIES),
    status: EventStatus,
    payment_method: Wrappable(PaymentMethod),
    payment_instructions: Wrappable(Text({ maxLength: 2000 })),
    min_handicap: Wrappable(FormNumber),
    max_handicap: Wrappable(FormNumber),
    min_skill_level: Wrappable(SkillLevel),
  }),
);
export type UpdateEventBody = Type.Static<typeof UpdateEventBody>;

// ── Ticket (slot) types (docs/product.md#community-entities; docs/product.md#admin-entities) ───────────────────────────────
export const TicketType = Type.Object({
  id: Id,
  event_id: Id,
  name: Type.String(),
  description: NullableString,
  /** GST-exclusive, in cents. */
  price_per_ticket: Cents,
  currency: Type.String(),
  is_active: Type.Boolean(),
});
export type TicketType = Type.Static<typeof TicketType>;
export const TicketTypesReply = Type.Object({ ticket_types: Type.Array(TicketType) });
export type TicketTypesReply = Type.Static<typeof TicketTypesReply>;

export const NewTicketType = Type.Object({
  name: Type.Optional(Wrappable(Text({ maxLength: 120 }))),
  description: Type.Optional(Wrappable(Text({ maxLength: BOOKING_NOTES_MAX_LENGTH }))),
  price_per_ticket: Type.Optional(Wrappable(Int())),
  currency: Type.Optional(Type.Enum(CREATE_CURRENCIES)),
  is_active: Type.Optional(Type.Boolean()),
});
export type NewTicketType = Type.Static<typeof NewTicketType>;
export const CreateTicketTypesBody = Type.Object({
  ticket_types: Type.Array(NewTicketType, { maxItems: 20 }),
});
export type CreateTicketTypesBody = Type.Static<typeof CreateTicketTypesBody>;

/** `POST /events/linksmate` (admin; docs/product.md#admin-calls): the event and its slot types in one call. */
export const CreateOfficialEventBody = Type.Object({
  title: Type.Optional(Wrappable(Title)),
  description: Type.Optional(Wrappable(LongText)),
  venue_id: Type.Optional(Wrappable(Int())),
  start_time: Type.Optional(Wrappable(Text({ maxLength: 40 }))),
  end_time: Type.Optional(Wrappable(Text({ maxLength: 40 }))),
  capacity: Type.Optional(Wrappable(FormNumber)),
  coach_profile_id: Type.Optional(Wrappable(Int())),
  price_per_participant: Type.Optional(Wrappable(Int())),
  currency: Type.Optional(Type.Enum(CREATE_CURRENCIES)),
  status: Type.Optional(EventStatus),
  ticket_types: Type.Optional(Type.Array(NewTicketType, { maxItems: 20 })),
});
export type CreateOfficialEventBody = Type.Static<typeof CreateOfficialEventBody>;
export const CreateOfficialEventReply = Type.Object({
  event: Event,
  ticket_types: Type.Array(TicketType),
});
export type CreateOfficialEventReply = Type.Static<typeof CreateOfficialEventReply>;

// ── Joining, join requests and bookings (docs/product.md#community-entities, #community-states, #community-calls) ──────────────────
export const JoinEventBody = Type.Object({
  notes: Type.Optional(Wrappable(Text({ maxLength: BOOKING_NOTES_MAX_LENGTH }))),
});
export type JoinEventBody = Type.Static<typeof JoinEventBody>;

export const Booking = Type.Object({
  id: Id,
  event_id: Id,
  event_title: Type.String(),
  event_type: EventType,
  event_start_time: Timestamp,
  event_end_time: Nullable(Timestamp),
  venue_name: NullableString,
  booking_status: BookingStatus,
  /** Seats this booking holds (slot purchases may take several). */
  seats: Int({ minimum: 1 }),
  /** Cents paid by card, GST included; null when nothing was paid through the platform. */
  amount_paid: Nullable(Cents),
  /** Cents given back to the card so far: the whole amount paid (cancelled, Refunded) or a part. */
  amount_refunded: Nullable(Cents),
  currency: NullableString,
  booked_at: Timestamp,
  notes: NullableString,
});
export type Booking = Type.Static<typeof Booking>;

/** What a join did: a pending request (member games) or a confirmed seat (open official events). */
export const JoinEventReply = Type.Object({ message: Type.String(), booking: Booking });
export type JoinEventReply = Type.Static<typeof JoinEventReply>;

export const MyBookingsQuery = Type.Object({
  status: Type.Optional(BookingStatus),
  limit: Type.Optional(Limit(20, 100)),
  offset: Type.Optional(Offset),
});
export type MyBookingsQuery = Type.Static<typeof MyBookingsQuery>;
export const BookingsReply = Type.Object({ bookings: Type.Array(Booking), total: Int({ minimum: 0 }) });
export type BookingsReply = Type.Static<typeof BookingsReply>;

export const MyGamesQuery = Type.Object({
  limit: Type.Optional(Limit(20, 100)),
  offset: Type.Optional(Offset),
});
export type MyGamesQuery = Type.Static<typeof MyGamesQuery>;
/** A created game with how many join requests wait on its creator. */
export const MyGame = Type.Object({ ...Event.properties, pending_request_count: Int({ minimum: 0 }) });
export type MyGame = Type.Static<typeof MyGame>;
export const MyGamesReply = Type.Object({ events: Type.Array(MyGame), total: Int({ minimum: 0 }) });
export type MyGamesReply = Type.Static<typeof MyGamesReply>;

export const JoinRequest = Type.Object({
  id: Id,
  event_id: Id,
  user_id: Id,
  user_username: NullableString,
  user_first_name: NullableString,
  user_last_name: NullableString,
  user_profile_image: NullableString,
  user_handicap: Nullable(Type.Number()),
  user_skill_level: NullableString,
  notes: NullableString,
  requested_at: Timestamp,
});
export type JoinRequest = Type.Static<typeof JoinRequest>;
export const JoinRequestsReply = Type.Object({ join_requests: Type.Array(JoinRequest) });
export type JoinRequestsReply = Type.Static<typeof JoinRequestsReply>;
export const JoinRequestParams = Type.Object({ id: IdParam, requestId: IdParam });
export const JoinRequestDecisionReply = Type.Object({
  message: Type.String(),
  booking: Booking,
  current_participant_count: Int({ minimum: 0 }),
});
export type JoinRequestDecisionReply = Type.Static<typeof JoinRequestDecisionReply>;

/** `POST /admin/events/{id}/add-user` (docs/product.md#community-calls): a confirmed seat given by an admin. */
export const AddUserToEventBody = Type.Object({
  user_id: Type.Optional(Wrappable(Int())),
  notes: Type.Optional(Wrappable(Text({ maxLength: BOOKING_NOTES_MAX_LENGTH }))),
});
export type AddUserToEventBody = Type.Static<typeof AddUserToEventBody>;

// ── Slot purchases and paid joins (docs/product.md#community-states, #community-calls) ───────────────────────────
export const SlotSelection = Type.Object({
  ticket_type_id: Id,
  slot_type_name: Type.Optional(Text({ maxLength: 120 })),
  /** Negative quantities are refused with the spec's message; 0 lines are ignored. */
  quantity: Int({ minimum: -1000, maximum: 1000 }),
  /** What the client showed; checked, never charged. */
  price_per_slot: Type.Optional(Int()),
  currency: Type.Optional(Text({ maxLength: 8 })),
});
export type SlotSelection = Type.Static<typeof SlotSelection>;

/**
 * `POST /events/slot-payment-intent`. `total_amount` is what the person saw, in cents, GST
 * included; the server prices the selection itself and refuses a total that differs.
 * Without `slot_selections` (a paid event with no slot types) one seat at the event's price is bought.
 */
export const SlotPaymentIntentBody = Type.Object({
  event_id: Id,
  slot_selections: Type.Optional(Type.Array(SlotSelection, { maxItems: 20 })),
  currency: Type.Optional(Text({ maxLength: 8 })),
  total_amount: Int({ minimum: 0 }),
  notes: Type.Optional(Wrappable(Text({ maxLength: BOOKING_NOTES_MAX_LENGTH }))),
  /** Accepting a waitlist offer: the seat held for the caller is the one paid for. */
  from_waitlist_offer: Type.Optional(Type.Boolean()),
});
export type SlotPaymentIntentBody = Type.Static<typeof SlotPaymentIntentBody>;

export const PricedSlot = Type.Object({
  ticket_type_id: Nullable(Id),
  slot_type_name: Type.String(),
  quantity: Int({ minimum: 1 }),
  price_per_slot: Cents,
  line_total: Cents,
});
export const SlotPaymentIntentReply = Type.Object({
  client_secret: Type.String(),
  payment_intent_id: Type.String(),
  hold_expires_at: Timestamp,
  slots: Type.Array(PricedSlot),
  subtotal: Cents,
  gst_amount: Cents,
  total_amount: Cents,
  currency: Type.String(),
});
export type SlotPaymentIntentReply = Type.Static<typeof SlotPaymentIntentReply>;

/** `POST /events/confirm-slot-payment` (docs/product.md#community-calls); camelCase as the spec writes it. */
export const ConfirmSlotPaymentBody = Type.Object({
  paymentIntentId: Text({ minLength: 1, maxLength: 255 }),
  eventId: Id,
  slot_selections: Type.Optional(Type.Array(SlotSelection, { maxItems: 20 })),
  notes: Type.Optional(Wrappable(Text({ maxLength: BOOKING_NOTES_MAX_LENGTH }))),
});
export type ConfirmSlotPaymentBody = Type.Static<typeof ConfirmSlotPaymentBody>;
export const ConfirmSlotPaymentReply = Type.Object({ message: Type.String(), booking: Booking });
export type ConfirmSlotPaymentReply = Type.Static<typeof ConfirmSlotPaymentReply>;

// ── Waitlist (beyond the spec) ──────────────────────────────────────────────
export const WaitlistEntry = Type.Object({
  event_id: Id,
  status: WaitlistStatus,
  position: Int({ minimum: 1 }),
  offer_expires_at: Nullable(Timestamp),
});
export type WaitlistEntry = Type.Static<typeof WaitlistEntry>;
export const WaitlistReply = Type.Object({ message: Type.String(), entry: WaitlistEntry });
export type WaitlistReply = Type.Static<typeof WaitlistReply>;

// ── Calendar (beyond the spec) ──────────────────────────────────────────────
/** The personal feed's address: secret, so anyone holding it sees the person's games. */
export const CalendarFeedReply = Type.Object({ url: Type.String(), webcal_url: Type.String() });
export type CalendarFeedReply = Type.Static<typeof CalendarFeedReply>;
export const CalendarFeedParams = Type.Object({ token: Text({ minLength: 16, maxLength: 128 }) });

export { MAX_SLOTS_PER_PURCHASE };

// ── Internal: events brought in whole (never routed publicly) ────────────────
/**
 * `POST /internal/events`: an event as it already stands elsewhere — past ones included, with the
 * bookings it has — for imports and the demo calendar. No public call makes a past event; this one
 * keeps every other rule: the venue and people must be known, capacity bounds, never overbooked.
 */
export const ImportEventBody = Type.Object({
  event_type: EventType,
  title: Title,
  description: Type.Optional(LongText),
  venue_id: Id,
  creator_user_id: Id,
  coach_profile_id: Type.Optional(Id),
  start_time: Timestamp,
  end_time: Type.Optional(Timestamp),
  capacity: Int({ minimum: 1, maximum: OFFICIAL_EVENT_CAPACITY.max }),
  price_per_participant: Int({ minimum: 0 }),
  currency: Type.Optional(Type.Enum(CREATE_CURRENCIES)),
  payment_method: Type.Optional(PaymentMethod),
  status: Type.Optional(EventStatus),
  bookings: Type.Array(
    Type.Object({
      user_id: Id,
      status: BookingStatus,
      notes: Type.Optional(Text({ maxLength: BOOKING_NOTES_MAX_LENGTH })),
      booked_at: Type.Optional(Timestamp),
    }),
    { maxItems: OFFICIAL_EVENT_CAPACITY.max * 2 },
  ),
});
export type ImportEventBody = Type.Static<typeof ImportEventBody>;

import Type from 'typebox';
import {
  ADMIN_BOOKING_STATUSES,
  AVAILABILITY_BATCH,
  AVAILABILITY_SLOT_STATUSES,
  AVAILABILITY_SLOT_TYPES,
  BOOKING_STATUSES,
  EVENT_STATUSES,
  EVENT_TYPES,
  PAGE_SIZES,
} from '../rules';
import { Cents, DateOnly, Id, IdParam, Int, Nullable, NullableString, Text, Timestamp } from '../schema';
import { Limit, Offset } from './common';
import { Event } from './events';

/**
 * events-bookings' admin contract (docs/product.md#admin-sections, #admin-entities, #admin-calls; docs/architecture.md#who-owns-what): the events, bookings and
 * availability slots of the whole platform. Kept apart from `events.ts` only for its length; the
 * web imports both from `@linksmate/proto`. The spec's validation messages come from the service
 * (422 with `errors`), the shapes are checked here (400).
 */

/**
 * A bound of a date range: a day (`2025-03-01`, the whole day in UTC, both ends included) or an
 * instant (`2025-03-01T00:00:00+11:00`, as the browser's own midnight).
 */
export const DateBound = Type.Union([DateOnly, Timestamp]);

const BookingStatus = Type.Enum(BOOKING_STATUSES);
const SlotStatus = Type.Enum(AVAILABILITY_SLOT_STATUSES);
const SlotType = Type.Enum(AVAILABILITY_SLOT_TYPES);
const Total = Int({ minimum: 0 });

// ── Events (docs/product.md#admin-sections Events management) ─────────────────────────────────────
/**
 * `GET /admin/events`: every event not deleted, past and cancelled ones too. Newest start first;
 * with a date range, in start order (a calendar's month).
 */
export const AdminEventsQuery = Type.Object({
  event_type: Type.Optional(Type.Enum(EVENT_TYPES)),
  venue_id: Type.Optional(IdParam),
  coach_id: Type.Optional(IdParam),
  status: Type.Optional(Type.Enum(EVENT_STATUSES)),
  /** Events starting on or after this. */
  start_date: Type.Optional(DateBound),
  /** Events starting on or before this. */
  end_date: Type.Optional(DateBound),
  /** Part of the title, the description or the venue's name. */
  search: Type.Optional(Text({ maxLength: 200 })),
  limit: Limit(PAGE_SIZES.adminEventsFetch, 100),
  offset: Offset,
});
export type AdminEventsQuery = Type.Static<typeof AdminEventsQuery>;
export const AdminEventsReply = Type.Object({ events: Type.Array(Event), total: Total });
export type AdminEventsReply = Type.Static<typeof AdminEventsReply>;

// ── Bookings (docs/product.md#admin-entities Booking; §2 Manage Bookings) ────────────────────────
export const AdminBooking = Type.Object({
  id: Id,
  booking_status: BookingStatus,
  event_id: Id,
  event_title: Type.String(),
  event_type: Type.Enum(EVENT_TYPES),
  event_start_time: Timestamp,
  event_end_time: Nullable(Timestamp),
  user_id: Id,
  user_username: NullableString,
  user_email: NullableString,
  user_first_name: NullableString,
  user_last_name: NullableString,
  notes: NullableString,
  /** The provider's payment intent: present means paid by card, null when unpaid. */
  payment_intent_id_stripe: NullableString,
  /** Cents paid by card, GST included. */
  amount_paid: Nullable(Cents),
  /** Cents given back to the card so far (all of it: Refunded; part: the booking stands). */
  amount_refunded: Nullable(Cents),
  currency: NullableString,
  seats: Int({ minimum: 1 }),
  venue_name: NullableString,
  coach_username: NullableString,
  booked_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminBooking = Type.Static<typeof AdminBooking>;

/** `GET /admin/bookings`: by the event's start within the range; newest start first without one. */
export const AdminBookingsQuery = Type.Object({
  start_date: Type.Optional(DateBound),
  end_date: Type.Optional(DateBound),
  status: Type.Optional(BookingStatus),
  limit: Limit(PAGE_SIZES.adminBookings, 100),
  offset: Offset,
});
export type AdminBookingsQuery = Type.Static<typeof AdminBookingsQuery>;
export const AdminBookingsReply = Type.Object({ bookings: Type.Array(AdminBooking), total: Total });
export type AdminBookingsReply = Type.Static<typeof AdminBookingsReply>;

/** `PATCH /admin/bookings/{id}/status` (docs/product.md#admin-states: an admin may set any of these). */
export const AdminBookingStatusBody = Type.Object({ status: Type.Enum(ADMIN_BOOKING_STATUSES) });
export type AdminBookingStatusBody = Type.Static<typeof AdminBookingStatusBody>;

// ── Availability slots (docs/product.md#admin-entities Availability slot; §2 Manage Availability) ─
export const AvailabilitySlot = Type.Object({
  id: Id,
  start_time: Timestamp,
  end_time: Nullable(Timestamp),
  slot_type: SlotType,
  /** Cents. */
  price: Cents,
  currency: Type.String(),
  capacity: Int({ minimum: 1 }),
  booked_count: Int({ minimum: 0 }),
  status: SlotStatus,
  notes_for_admin: NullableString,
  created_by_user_id: Id,
  coach_profile_id: Nullable(Id),
  venue_id: Nullable(Id),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AvailabilitySlot = Type.Static<typeof AvailabilitySlot>;

/** `GET /admin/availability`: slots starting within the range; newest first without one. */
export const AvailabilityQuery = Type.Object({
  start_date: Type.Optional(DateBound),
  end_date: Type.Optional(DateBound),
  status: Type.Optional(SlotStatus),
  limit: Limit(PAGE_SIZES.adminAvailability, 100),
  offset: Offset,
});
export type AvailabilityQuery = Type.Static<typeof AvailabilityQuery>;
export const AvailabilityReply = Type.Object({ slots: Type.Array(AvailabilitySlot), total: Total });
export type AvailabilityReply = Type.Static<typeof AvailabilityReply>;

/** A time as a form sends it (`2025-03-01T09:00`, or with seconds and offset). */
const FormTime = Text({ maxLength: 40 });

/**
 * A slot as the form sends it (docs/product.md#admin-calls). Every field may be left out: the defaults of docs/product.md#admin-limits
 * apply, and a missing start gets the spec's message (422), not a schema error.
 */
export const AvailabilitySlotFields = Type.Object({
  start_time: Type.Optional(Nullable(FormTime)),
  end_time: Type.Optional(Nullable(FormTime)),
  slot_type: Type.Optional(SlotType),
  /** Cents; 0 by default. */
  price: Type.Optional(Int()),
  /** Fixed to AUD (docs/product.md#admin-validation). */
  currency: Type.Optional(Type.Literal('AUD')),
  /** Any number: one under 1 or not whole gets the form's words (422), not a bare 400. */
  capacity: Type.Optional(Type.Number()),
  /** On creation only active or pending (422 otherwise); editing takes all four. */
  status: Type.Optional(SlotStatus),
  notes_for_admin: Type.Optional(Nullable(Text({ maxLength: 2000 }))),
  coach_profile_id: Type.Optional(Nullable(Id)),
  venue_id: Type.Optional(Nullable(Id)),
});
export type AvailabilitySlotFields = Type.Static<typeof AvailabilitySlotFields>;
export const CreateAvailabilitySlotBody = AvailabilitySlotFields;
export type CreateAvailabilitySlotBody = AvailabilitySlotFields;
/** `PUT /admin/availability/{id}`: the fields sent change; the result is checked whole. */
export const UpdateAvailabilitySlotBody = AvailabilitySlotFields;
export type UpdateAvailabilitySlotBody = AvailabilitySlotFields;

/**
 * `POST /admin/availability/batch`: 1 to 50 slots, all created or none (errors keyed
 * `slots.<i>.<field>`). The array's bound here only caps the request's size; the count rule and its
 * message are the service's.
 */
export const AvailabilityBatchBody = Type.Object({
  slots: Type.Array(AvailabilitySlotFields, { maxItems: AVAILABILITY_BATCH.maxSlots * 2 }),
});
export type AvailabilityBatchBody = Type.Static<typeof AvailabilityBatchBody>;
export const AvailabilityBatchReply = Type.Object({ slots: Type.Array(AvailabilitySlot) });
export type AvailabilityBatchReply = Type.Static<typeof AvailabilityBatchReply>;

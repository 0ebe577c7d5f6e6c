import { timestamps } from '@linksmate/platform';
import type { BookingReminder, BookingStatus } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from './columns';
import { events } from './events';

// ── Bookings, join requests, holds, waitlist ────────────────────────────────
/**
 * One booking per person per event (docs/product.md#community-entities Booking). A member game's join request is its
 * booking while `pending`: approving confirms it, rejecting rejects it; its id is the request id.
 * A cancelled booking is reused if the person joins again.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    seats: integer('seats').notNull().default(1),
    notes: text('notes'),
    /** Cents paid by card, GST included. */
    amountPaid: integer('amount_paid'),
    /** Cents given back to the card so far (payments.payment.refunded): all of it, or a part. */
    amountRefunded: integer('amount_refunded'),
    currency: text('currency'),
    /** The provider's payment intent (spec 3 `payment_intent_id_stripe`): its presence means paid. */
    paymentIntentId: text('payment_intent_id'),
    bookedAt: at('booked_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    ...timestamps,
  },
  (t) => [
    check('bookings_seats_positive', sql`${t.seats} >= 1`),
    uniqueIndex('bookings_event_user_key').on(t.eventId, t.userId),
    uniqueIndex('bookings_payment_intent_key').on(t.paymentIntentId),
    index('bookings_user_idx').on(t.userId, t.bookedAt),
    index('bookings_event_status_idx').on(t.eventId, t.status),
  ],
);

/** What a paid booking bought, line by line (slot purchases). */
export const bookingItems = pgTable(
  'booking_items',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
  },
  (t) => [index('booking_items_booking_idx').on(t.bookingId)],
);

export interface HeldSlot {
  ticket_type_id: number | null;
  slot_type_name: string;
  quantity: number;
  price_per_slot: number;
  line_total: number;
}

/**
 * Each reminder sent of a booking (docs/product.md#reminders): written in the transaction that
 * publishes it, so a reminder goes once per booking, reminder and start time however many replicas
 * look (an event moved to another time is reminded of anew).
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    reminder: text('reminder').$type<BookingReminder>().notNull(),
    startsAt: at('starts_at').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.reminder, t.startsAt] })],
);

/**
 * Seats held while a person pays (slot purchase, paid join, accepted waitlist offer). A hold counts
 * against capacity until it is confirmed or `expires_at` passes; its payment intent finds it again
 * from the confirm call and from `payments.payment.succeeded`, whichever comes first.
 */
export const seatHolds = pgTable(
  'seat_holds',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id').notNull(),
    seats: integer('seats').notNull(),
    items: jsonb('items').$type<HeldSlot[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    gstAmount: integer('gst_amount').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    notes: text('notes'),
    paymentIntentId: text('payment_intent_id'),
    /**
     * held → confirmed | released (expired or replaced) | refunding (paid, but the seat was gone: the
     * refund is owed) → refunded (payments has refunded it).
     */
    status: text('status').$type<'held' | 'confirmed' | 'released' | 'refunding' | 'refunded'>().notNull(),
    expiresAt: at('expires_at').notNull(),
    bookingId: integer('booking_id'),
    ...timestamps,
  },
  (t) => [
    check('seat_holds_seats_positive', sql`${t.seats} >= 1`),
    uniqueIndex('seat_holds_payment_intent_key').on(t.paymentIntentId),
    index('seat_holds_active_idx').on(t.eventId, t.expiresAt).where(sql`${t.status} = 'held'`),
    index('seat_holds_user_idx').on(t.userId, t.eventId),
  ],
);

/**
 * The waitlist of a full event, first come first served (beyond the spec). A freed seat promotes
 * the first `waiting` entry: free events confirm at once, paid ones get an `offered` hold.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id').notNull(),
    status: text('status').$type<'waiting' | 'offered' | 'promoted' | 'expired' | 'left'>().notNull(),
    offerExpiresAt: at('offer_expires_at'),
    holdId: integer('hold_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('waitlist_active_key')
      .on(t.eventId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_queue_idx').on(t.eventId, t.createdAt, t.id).where(sql`${t.status} = 'waiting'`),
  ],
);

/**
 * Each person's secret calendar feed (beyond the spec). The token is an HMAC of `nonce` under a key
 * derived from the service's secret, so the stored row alone does not reveal it, yet the person can
 * be shown their address again; feeds are found by the token's hash. Rotating draws a new nonce.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id').primaryKey(),
  nonce: text('nonce').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  ...timestamps,
});

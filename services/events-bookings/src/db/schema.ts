import { timestamps } from '@linksmate/platform';
import type {
  AvailabilitySlotStatus,
  AvailabilitySlotType,
  BookingReminder,
  BookingStatus,
  EventType,
  HolesPlayed,
  PartnerDecision,
  RoundStatus,
} from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The events database: this service's tables only. */
export { idempotencyKeys, inbox, outbox } from '@linksmate/platform';

const at = (name: string) => timestamp(name, { withTimezone: true });

// ── Projections of other contexts (upserts guarded by the source's version) ──
/** People as events-bookings shows and gates them (identity.user.*). */
export const users = pgTable('users', {
  id: integer('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  role: text('role').notNull(),
  manualHandicap: doublePrecision('manual_handicap'),
  skillLevel: text('skill_level'),
  /** Deleted or banned people keep their past bookings but can no longer join. */
  deleted: boolean('deleted').notNull().default(false),
  banned: boolean('banned').notNull().default(false),
  /** Whether others may find them (a hidden or unverified person is nobody's playing partner). */
  profileVisible: boolean('profile_visible').notNull().default(true),
  emailVerified: boolean('email_verified').notNull().default(true),
  version: integer('version').notNull(),
});

/**
 * Who blocked whom (identity.user.blocked / unblocked): neither may name the other as a playing
 * partner. The latest of block and unblock wins; an older event never undoes a newer one.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerUserId: integer('blocker_user_id').notNull(),
    blockedUserId: integer('blocked_user_id').notNull(),
    changedAt: at('changed_at').notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerUserId, t.blockedUserId] }),
    index('blocks_blocked_idx').on(t.blockedUserId, t.blockerUserId),
  ],
);

/**
 * Venues as events show them (venues.venue.*); `listed` = active and reviewed. `admin_user_ids` are
 * the facility admins who run the venue: what their admin area is limited to.
 */
export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    listed: boolean('listed').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    adminUserIds: integer('admin_user_ids').array().notNull().default(sql`'{}'`),
    version: integer('version').notNull(),
  },
  (t) => [index('venues_admin_user_ids_idx').using('gin', t.adminUserIds)],
);

/**
 * Coaches as events show them (venues.coach.*); their username comes from `users` by user_id, whose
 * account is also the coach admin running the coach's business.
 */
export const coaches = pgTable(
  'coaches',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull(),
  },
  (t) => [index('coaches_user_idx').on(t.userId)],
);

// ── Events and their slot types ─────────────────────────────────────────────
/**
 * Official events and member games (docs/product.md#community-entities, docs/product.md#admin-entities). `participant_count` is the sum of the
 * seats of confirmed bookings, recomputed under this row's lock whenever a booking changes: never
 * counted up on its own. Deleted events keep their row (bookings and payments point at it).
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    eventType: text('event_type').$type<EventType>().notNull(),
    status: text('status').notNull().default('open'),
    venueId: integer('venue_id').notNull(),
    coachProfileId: integer('coach_profile_id'),
    creatorUserId: integer('creator_user_id'),
    startTime: at('start_time').notNull(),
    endTime: at('end_time'),
    capacity: integer('capacity').notNull(),
    participantCount: integer('participant_count').notNull().default(0),
    /** GST-exclusive cents. */
    pricePerParticipant: integer('price_per_participant').notNull().default(0),
    currency: text('currency').notNull().default('AUD'),
    paymentMethod: text('payment_method'),
    paymentInstructions: text('payment_instructions'),
    minHandicap: doublePrecision('min_handicap'),
    maxHandicap: doublePrecision('max_handicap'),
    minSkillLevel: text('min_skill_level'),
    version: integer('version').notNull().default(1),
    deletedAt: at('deleted_at'),
    ...timestamps,
  },
  (t) => [
    check('events_capacity_positive', sql`${t.capacity} >= 1`),
    check('events_price_not_negative', sql`${t.pricePerParticipant} >= 0`),
    check('events_never_overbooked', sql`${t.participantCount} between 0 and ${t.capacity}`),
    // The listing: upcoming first, by type or venue or coach; deleted rows never listed. The list
    // and its type filter hold exactly the listed rows (cancelled ones too are left out), so their
    // totals are counted from the index alone, never the table.
    index('events_listing_idx')
      .on(t.startTime, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'cancelled'`),
    index('events_type_listing_idx')
      .on(t.eventType, t.startTime, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'cancelled'`),
    index('events_venue_idx').on(t.venueId, t.startTime).where(sql`${t.deletedAt} is null`),
    index('events_coach_idx').on(t.coachProfileId, t.startTime).where(sql`${t.deletedAt} is null`),
    index('events_creator_idx').on(t.creatorUserId, t.startTime),
    // Events under way now (started, not over): the listing's upcoming part besides those yet to start.
    index('events_span_idx')
      .using('gist', sql`tstzrange(${t.startTime}, coalesce(${t.endTime}, ${t.startTime}), '[]')`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Ticket (slot) types of an event (docs/product.md#community-entities, docs/product.md#admin-entities). Prices GST-exclusive cents. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    pricePerTicket: integer('price_per_ticket').notNull().default(0),
    currency: text('currency').notNull().default('AUD'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('ticket_types_price_not_negative', sql`${t.pricePerTicket} >= 0`),
    index('ticket_types_event_idx').on(t.eventId, t.position),
  ],
);

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

// ── Availability slots (docs/product.md#admin-entities, #admin-states Availability slot) ────────────────────
/**
 * Times an admin or coach offers (Manage Availability). Prices are cents, the currency fixed to
 * AUD (docs/product.md#admin-validation). `booked_count` never exceeds `capacity`.
 */
export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: serial('id').primaryKey(),
    startTime: at('start_time').notNull(),
    endTime: at('end_time'),
    slotType: text('slot_type').$type<AvailabilitySlotType>().notNull().default('individual'),
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('AUD'),
    capacity: integer('capacity').notNull().default(1),
    bookedCount: integer('booked_count').notNull().default(0),
    status: text('status').$type<AvailabilitySlotStatus>().notNull().default('active'),
    notesForAdmin: text('notes_for_admin'),
    createdByUserId: integer('created_by_user_id').notNull(),
    coachProfileId: integer('coach_profile_id'),
    venueId: integer('venue_id'),
    ...timestamps,
  },
  (t) => [
    check('availability_slots_capacity_positive', sql`${t.capacity} >= 1`),
    check('availability_slots_booked_within_capacity', sql`${t.bookedCount} between 0 and ${t.capacity}`),
    check('availability_slots_price_not_negative', sql`${t.price} >= 0`),
    check('availability_slots_currency_aud', sql`${t.currency} = 'AUD'`),
    check('availability_slots_end_after_start', sql`${t.endTime} is null or ${t.endTime} > ${t.startTime}`),
    check('availability_slots_type', sql`${t.slotType} in ('individual', 'group', 'event')`),
    check('availability_slots_status', sql`${t.status} in ('active', 'pending', 'booked', 'canceled')`),
    index('availability_slots_start_idx').on(t.startTime, t.id),
    index('availability_slots_status_start_idx').on(t.status, t.startTime),
  ],
);

// ── Rounds and the handicap index (docs/product.md#rounds) ───────────────────────────────────────
/** A hole of a tee as a round copied it when it was entered. */
export interface RoundTeeHole {
  number: number;
  par: number;
  stroke_index: number;
}

/**
 * One player's card of a round. The tee's ratings and holes are copied from venues-coaches when it
 * is entered, so a later change to the tee does not rewrite it (WHS scores a round by its day's
 * ratings). A playing partner's copy (`origin_round_id`: the recorder's round) is theirs to confirm:
 * it counts for them once confirmed, and a rejected one is deleted. The recorder's round counts at
 * once without partners, or once one partner confirms. The figures (`adjusted_gross_score`…) are
 * the handicap record's for counting rounds, written whenever the player's counting rounds change.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    recordedByUserId: integer('recorded_by_user_id').notNull(),
    originRoundId: integer('origin_round_id').references((): AnyPgColumn => rounds.id, {
      onDelete: 'cascade',
    }),
    venueId: integer('venue_id').notNull(),
    venueName: text('venue_name').notNull(),
    courseId: integer('course_id').notNull(),
    courseName: text('course_name').notNull(),
    teeId: integer('tee_id').notNull(),
    teeName: text('tee_name').notNull(),
    teeGender: text('tee_gender').notNull(),
    /** The tee's 18-hole ratings (a 9-hole course's: its nine's) and its holes, as entered. */
    courseRating: doublePrecision('course_rating').notNull(),
    slopeRating: integer('slope_rating').notNull(),
    teeHoles: jsonb('tee_holes').$type<RoundTeeHole[]>().notNull(),
    playedOn: date('played_on', { mode: 'string' }).notNull(),
    holesPlayed: text('holes_played').$type<HolesPlayed>().notNull(),
    /** Hole-by-hole strokes over the holes played; null for a quick total or no card. */
    strokes: integer('strokes').array(),
    /** A quick entry's total (taken as the adjusted gross score). */
    total: integer('total'),
    pcc: integer('pcc').notNull().default(0),
    status: text('status').$type<RoundStatus>().notNull(),
    attested: boolean('attested').notNull().default(false),
    adjustedGrossScore: integer('adjusted_gross_score'),
    differential: doublePrecision('differential'),
    indexInEffect: doublePrecision('index_in_effect'),
    usedInIndex: boolean('used_in_index').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check(
      'rounds_status',
      sql`${t.status} in ('counting', 'awaiting_confirmation', 'to_confirm', 'rejected')`,
    ),
    check('rounds_holes_played', sql`${t.holesPlayed} in ('all', 'front', 'back')`),
    check('rounds_pcc', sql`${t.pcc} between -1 and 3`),
    check('rounds_one_entry', sql`${t.strokes} is null or ${t.total} is null`),
    index('rounds_user_played_idx').on(t.userId, t.playedOn, t.id),
    index('rounds_user_status_idx').on(t.userId, t.status),
    index('rounds_origin_idx').on(t.originRoundId),
  ],
);

/** Who a round was played with, and what each decided of it (the recorder's round only). */
export const roundPartners = pgTable(
  'round_partners',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    decision: text('decision').$type<PartnerDecision>().notNull().default('pending'),
    decidedAt: at('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.userId] }),
    check('round_partners_decision', sql`${t.decision} in ('pending', 'confirmed', 'rejected')`),
  ],
);

/** A revision of the index: the day played whose scores made it, and the index. */
export interface HandicapHistoryPoint {
  date: string;
  index: number;
}

/**
 * Each person's handicap index as their counting rounds give it, written in the transaction that
 * changes them, so reading it is one row.
 */
export const handicaps = pgTable('handicaps', {
  userId: integer('user_id').primaryKey(),
  handicapIndex: doublePrecision('handicap_index'),
  lowIndex: doublePrecision('low_index'),
  cap: text('cap').$type<'soft' | 'hard'>(),
  roundsCounted: integer('rounds_counted').notNull().default(0),
  holesCounted: integer('holes_counted').notNull().default(0),
  history: jsonb('history').$type<HandicapHistoryPoint[]>().notNull().default([]),
  updatedAt: at('updated_at').notNull(),
});

// ── Game results (docs/product.md#results) ──────────────────────────────────
/** A tee a game is scored from, as venues-coaches gave it when scoring opened. */
export interface ScoringTeeCopy {
  id: number;
  gender: 'men' | 'women';
  name: string;
  course_id: number;
  course_name: string;
  par: number;
  course_rating: number;
  slope_rating: number;
  holes: Array<{ number: number; par: number; stroke_index: number }>;
}

/**
 * The scoring of one event or member game, opened by its organiser after the start: the tees it is
 * scored from (copied, so a later edit of the tee does not rewrite results) and the format shown
 * first. `closed_at` set: the results are final and were posted.
 */
export const eventScorings = pgTable('event_scorings', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id),
  format: text('format').$type<'stableford' | 'gross' | 'net'>().notNull(),
  tees: jsonb('tees').$type<ScoringTeeCopy[]>().notNull(),
  openedByUserId: integer('opened_by_user_id').notNull(),
  openedAt: at('opened_at').notNull(),
  closedByUserId: integer('closed_by_user_id'),
  closedAt: at('closed_at'),
  ...timestamps,
});

/**
 * One player's card in a game's scoring, hole by hole (null: no score on the hole), with the index
 * and Playing Handicap it was scored with when entered. `round_id`: the round it was recorded as,
 * once its player accepted.
 */
export const scoreCards = pgTable(
  'score_cards',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => eventScorings.eventId),
    userId: integer('user_id').notNull(),
    tee: text('tee').$type<'men' | 'women'>().notNull(),
    strokes: jsonb('strokes').$type<Array<number | null>>().notNull(),
    handicapIndex: doublePrecision('handicap_index'),
    indexSource: text('index_source').$type<'linksmate' | 'profile'>(),
    playingHandicap: integer('playing_handicap').notNull(),
    enteredByUserId: integer('entered_by_user_id').notNull(),
    roundId: integer('round_id').references(() => rounds.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('score_cards_event_user_key').on(t.eventId, t.userId)],
);

import { timestamps } from '@linksmate/platform';
import type { EventType } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

import { at } from './columns';

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

import { timestamps } from '@linksmate/platform';
import type { AvailabilitySlotStatus, AvailabilitySlotType } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

import { at } from './columns';

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

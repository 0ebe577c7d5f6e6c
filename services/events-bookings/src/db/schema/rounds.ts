import { timestamps } from '@linksmate/platform';
import type { HolesPlayed, PartnerDecision, RoundStatus } from '@linksmate/proto';
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
} from 'drizzle-orm/pg-core';
import { at } from './columns';

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

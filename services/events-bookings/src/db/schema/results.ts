import { timestamps } from '@linksmate/platform';
import { doublePrecision, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { events } from './events';
import { rounds } from './rounds';

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

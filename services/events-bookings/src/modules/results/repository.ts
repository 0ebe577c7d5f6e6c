import { and, asc, eq, or, sql } from 'drizzle-orm';
import { eventScorings, events, scoreCards, users, venues } from '../../db/schema';
import type { Db, ScoreCardRow, ScoringRow } from '../../db/types';

/** The event a results page is of, with its venue's name; deleted events are not found. */
export async function resultsEvent(db: Db, eventId: number) {
  const [row] = await db
    .select({ event: events, venueName: venues.name })
    .from(events)
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(and(eq(events.id, eventId), sql`${events.deletedAt} is null`));
  return row;
}

export interface PlayerRow {
  userId: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  manualHandicap: number | null;
  /** Holds a confirmed seat now (a confirmed booking, a join approved); else only their card remains. */
  confirmed: boolean;
}

/**
 * The players of an event: its confirmed players (a confirmed booking, a join approved) and anyone
 * whose card was entered before they left it, by name.
 */
export function playersOf(db: Db, eventId: number): Promise<PlayerRow[]> {
  // Qualified by hand: in a one-table select drizzle leaves the outer row's columns bare.
  const confirmed = sql<boolean>`exists (select 1 from bookings b where b.event_id = ${eventId}
    and b.user_id = "users"."id" and b.status = 'confirmed')`;
  const carded = sql`exists (select 1 from score_cards c where c.event_id = ${eventId} and c.user_id = "users"."id")`;
  return db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      manualHandicap: users.manualHandicap,
      confirmed,
    })
    .from(users)
    .where(or(confirmed, carded))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.username), asc(users.id));
}

/** The event's scoring, locked against another card or the closing when asked. */
export async function scoringOf(db: Db, eventId: number, lock = false): Promise<ScoringRow | undefined> {
  const query = db.select().from(eventScorings).where(eq(eventScorings.eventId, eventId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Opens scoring; undefined when it was already open (another organiser's click came first). */
export async function insertScoring(
  db: Db,
  values: typeof eventScorings.$inferInsert,
): Promise<ScoringRow | undefined> {
  const [row] = await db.insert(eventScorings).values(values).onConflictDoNothing().returning();
  return row;
}

export async function closeScoring(db: Db, eventId: number, userId: number, now: Date): Promise<ScoringRow> {
  const [row] = await db
    .update(eventScorings)
    .set({ closedByUserId: userId, closedAt: now, updatedAt: now })
    .where(eq(eventScorings.eventId, eventId))
    .returning();
  return row!;
}

export function cardsOf(db: Db, eventId: number): Promise<ScoreCardRow[]> {
  return db.select().from(scoreCards).where(eq(scoreCards.eventId, eventId)).orderBy(asc(scoreCards.id));
}

/** Writes a player's whole card, replacing the one before. */
export async function upsertCard(
  db: Db,
  card: Omit<typeof scoreCards.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<ScoreCardRow> {
  const [row] = await db
    .insert(scoreCards)
    .values({ ...card, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [scoreCards.eventId, scoreCards.userId],
      set: {
        tee: card.tee,
        strokes: card.strokes,
        handicapIndex: card.handicapIndex,
        indexSource: card.indexSource,
        playingHandicap: card.playingHandicap,
        enteredByUserId: card.enteredByUserId,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

/** A player's card, locked against a second acceptance when asked. */
export async function cardOf(
  db: Db,
  eventId: number,
  userId: number,
  lock = false,
): Promise<ScoreCardRow | undefined> {
  const query = db
    .select()
    .from(scoreCards)
    .where(and(eq(scoreCards.eventId, eventId), eq(scoreCards.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The round the card was recorded as. */
export async function setCardRound(db: Db, cardId: number, roundId: number, now: Date): Promise<void> {
  await db.update(scoreCards).set({ roundId, updatedAt: now }).where(eq(scoreCards.id, cardId));
}

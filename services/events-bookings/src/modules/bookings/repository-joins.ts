import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, events, users } from '../../db/schema';
import type { BookingRow, Db, EventRow } from '../../db/types';
import { seatsTakenSql, takesCardPaymentSql } from '../seats/service';
import type { UserRow } from './repository';

// What a join is decided on: one person's facts before the queue, a whole turn's under the lock.

export interface JoinFacts {
  event: EventRow;
  /** Joining is paid by card (the seats module's rule). */
  paid: boolean;
  existing: BookingRow | undefined;
  person: UserRow | undefined;
  /** Seats taken as the event was read (the seats module's count). */
  taken: { confirmed: number; held: number };
}

const e = alias(events, 'e');

/** The read `joinFacts` makes, with values or with the placeholders of its prepared statement. */
function joinFactsQuery(
  db: Db,
  eventId: number | Placeholder,
  userId: number | Placeholder,
  now: Date | Placeholder,
) {
  const taken = seatsTakenSql(now);
  return db
    .select({
      event: e,
      paid: sql<boolean>`${takesCardPaymentSql}`,
      existing: bookings,
      person: users,
      confirmed: taken.confirmed,
      held: taken.held,
    })
    .from(e)
    .leftJoin(bookings, and(eq(bookings.eventId, e.id), eq(bookings.userId, userId)))
    .leftJoin(users, eq(users.id, userId))
    .where(eq(e.id, eventId));
}

type JoinFactsRow = Awaited<ReturnType<typeof joinFactsQuery>>[number];

function factsOf(row: JoinFactsRow | undefined): JoinFacts | undefined {
  if (!row) return undefined;
  return {
    event: row.event,
    paid: !!row.paid,
    existing: row.existing ?? undefined,
    person: row.person ?? undefined,
    taken: { confirmed: Number(row.confirmed), held: Number(row.held) },
  };
}

/** What joining an event is decided on, in one read: the event, how it is paid, the person's booking and profile. */
export async function joinFacts(
  db: Db,
  eventId: number,
  userId: number,
  now: Date,
): Promise<JoinFacts | undefined> {
  const [row] = await joinFactsQuery(db, eventId, userId, now);
  return factsOf(row);
}

/**
 * `joinFacts` prepared once on `db` (the runtime's `preparedDb`): the read every join makes before
 * the event's queue, so a crowd at a full event costs a prepared statement each, not drizzle's
 * query building and PostgreSQL's planning every time.
 */
export function preparedJoinFacts(db: Db) {
  const statement = joinFactsQuery(
    db,
    sql.placeholder('eventId'),
    sql.placeholder('userId'),
    sql.placeholder('now'),
  ).prepare('join_facts');
  return async (eventId: number, userId: number, now: Date): Promise<JoinFacts | undefined> => {
    const [row] = await statement.execute({ eventId, userId, now });
    return factsOf(row);
  };
}

/** What a turn of joins of one event is decided on: the event's facts, and each person's booking and profile. */
export interface TurnFacts extends Omit<JoinFacts, 'existing' | 'person'> {
  existing: Map<number, BookingRow>;
  people: Map<number, UserRow>;
}

/**
 * `joinFacts` for everyone of a turn, in three reads however many joins it holds, the first of
 * which takes the event's row lock (`lockEvent`'s `FOR NO KEY UPDATE`).
 */
export async function turnFacts(
  tx: Db,
  eventId: number,
  userIds: number[],
  now: Date,
): Promise<TurnFacts | undefined> {
  const taken = seatsTakenSql(now);
  const [row] = await tx
    .select({
      event: e,
      paid: sql<boolean>`${takesCardPaymentSql}`,
      confirmed: taken.confirmed,
      held: taken.held,
    })
    .from(e)
    .where(eq(e.id, eventId))
    .for('no key update', { of: e });
  if (!row) return undefined;
  const existing = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.userId, userIds)));
  const people = await tx.select().from(users).where(inArray(users.id, userIds));
  return {
    event: row.event,
    paid: !!row.paid,
    taken: { confirmed: Number(row.confirmed), held: Number(row.held) },
    existing: new Map(existing.map((b) => [b.userId, b])),
    people: new Map(people.map((u) => [u.id, u])),
  };
}

import { and, eq, lte, sql } from 'drizzle-orm';
import { bookings, events, seatHolds, ticketTypes, users } from '../../db/schema';
import type { BookingRow, Db, EventRow, SeatHoldRow, TicketTypeRow } from '../../db/types';

export async function eventById(db: Db, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

/**
 * The event row under `FOR KEY SHARE`: what writing a booking of it takes anyway (its foreign key),
 * taken first so a booking written later never waits on the event while holding a hold's lock.
 * Shared with other such readers; waits only for the one holding the event's seat lock.
 */
export async function eventKeyShared(db: Db, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).for('key share');
  return row;
}

export async function activeTicketTypes(db: Db, eventId: number): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.isActive, true)))
    .orderBy(ticketTypes.position, ticketTypes.id);
}

export async function bookingOf(db: Db, eventId: number, userId: number): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.userId, userId)))
    .for('update');
  return row;
}

/**
 * Seats the caller's own running checkouts hold on the event: those `releaseOwnCheckoutHolds` gives
 * back when the caller starts a new one, so they do not stand against it.
 */
export async function ownCheckoutSeats(db: Db, eventId: number, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ seats: sql<number>`coalesce(sum(${seatHolds.seats}), 0)::int` })
    .from(seatHolds)
    .where(
      and(
        eq(seatHolds.eventId, eventId),
        eq(seatHolds.userId, userId),
        eq(seatHolds.status, 'held'),
        sql`${seatHolds.items} <> '[]'::jsonb`,
        sql`${seatHolds.expiresAt} > ${now}`,
      ),
    );
  return Number(row?.seats ?? 0);
}

/** A waitlist offer held for the caller: a hold with no lines and no payment yet. */
export async function offeredHold(
  tx: Db,
  eventId: number,
  userId: number,
  now: Date,
): Promise<SeatHoldRow | undefined> {
  const [row] = await tx
    .select()
    .from(seatHolds)
    .where(
      and(
        eq(seatHolds.eventId, eventId),
        eq(seatHolds.userId, userId),
        eq(seatHolds.status, 'held'),
        sql`${seatHolds.paymentIntentId} is null`,
        sql`${seatHolds.items} = '[]'::jsonb`,
        sql`${seatHolds.expiresAt} > ${now}`,
      ),
    )
    .for('update');
  return row;
}

export async function holdByIntent(
  db: Db,
  paymentIntentId: string,
  lock = false,
): Promise<SeatHoldRow | undefined> {
  const query = db.select().from(seatHolds).where(eq(seatHolds.paymentIntentId, paymentIntentId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function holdById(db: Db, id: number): Promise<SeatHoldRow | undefined> {
  const [row] = await db.select().from(seatHolds).where(eq(seatHolds.id, id));
  return row;
}

/** Events with holds whose time ran out while still held. */
export async function eventsWithLapsedHolds(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ eventId: seatHolds.eventId })
    .from(seatHolds)
    .where(and(eq(seatHolds.status, 'held'), lte(seatHolds.expiresAt, now)))
    .orderBy(seatHolds.eventId)
    .limit(500);
  return rows.map((r) => r.eventId);
}

export async function userContact(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, username: users.username, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Holds whose refund is owed (decided, not yet done by payments). */
export async function holdsOwingRefunds(
  db: Db,
  limit: number,
): Promise<Array<{ id: number; paymentIntentId: string; bookingId: number | null }>> {
  const rows = await db
    .select({ id: seatHolds.id, paymentIntentId: seatHolds.paymentIntentId, bookingId: seatHolds.bookingId })
    .from(seatHolds)
    .where(and(eq(seatHolds.status, 'refunding'), sql`${seatHolds.paymentIntentId} is not null`))
    .orderBy(seatHolds.id)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, paymentIntentId: r.paymentIntentId!, bookingId: r.bookingId }));
}

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { bookingFacts, eventFacts, revenueEntries } from '../../db/schema';
import type { Db, NewBookingFact, NewEventFact, NewRevenueEntry } from '../../db/types';

/** A transaction once: the same one heard again changes nothing. */
export async function insertRevenue(db: Db, row: NewRevenueEntry): Promise<void> {
  await db.insert(revenueEntries).values(row).onConflictDoNothing({ target: revenueEntries.transactionId });
}

/** Stores an event's snapshot unless a newer one (or its deletion) is kept. */
export async function upsertEvent(db: Db, row: Omit<NewEventFact, 'deleted'>): Promise<void> {
  const { eventId: _id, ...set } = row;
  await db
    .insert(eventFacts)
    .values({ ...row, deleted: false })
    .onConflictDoUpdate({
      target: eventFacts.eventId,
      set: { ...set, deleted: false },
      setWhere: sql`excluded.version > ${eventFacts.version}`,
    });
}

/** A deleted event stops counting; the row stays so an older snapshot cannot bring it back. */
export async function markEventDeleted(db: Db, eventId: number, version: number): Promise<void> {
  await db
    .insert(eventFacts)
    .values({ eventId, deleted: true, version })
    .onConflictDoUpdate({
      target: eventFacts.eventId,
      set: { deleted: true, version },
      setWhere: sql`excluded.version > ${eventFacts.version}`,
    });
}

/**
 * A booking's status as of `changedAt`: kept when no later one is, whatever order the events come
 * in; the booking counts from the earliest moment heard of, and hearing one twice changes nothing.
 */
export async function applyBooking(db: Db, row: NewBookingFact): Promise<void> {
  await db
    .insert(bookingFacts)
    .values(row)
    .onConflictDoUpdate({
      target: bookingFacts.bookingId,
      set: {
        status: sql`case when excluded.changed_at >= ${bookingFacts.changedAt} then excluded.status else ${bookingFacts.status} end`,
        changedAt: sql`greatest(excluded.changed_at, ${bookingFacts.changedAt})`,
        createdAt: sql`least(excluded.created_at, ${bookingFacts.createdAt})`,
        eventId: sql`excluded.event_id`,
      },
    });
}

export interface Span {
  since: Date;
  until: Date;
}

/** Payments of the given kinds in the currency taken in [since, until), summed by month (`YYYY-MM`). */
export async function sumRevenueByMonth(
  db: Db,
  span: Span,
  timeZone: string,
  filter: { types: readonly string[]; currency: string },
): Promise<Array<{ month: string; amount: number }>> {
  const rows = await db
    .select({
      month: sql<string>`to_char(${revenueEntries.occurredAt} at time zone ${timeZone}, 'YYYY-MM')`,
      amount: sql<string>`sum(${revenueEntries.amount})::bigint`,
    })
    .from(revenueEntries)
    .where(
      and(
        inArray(revenueEntries.type, [...filter.types]),
        sql`upper(${revenueEntries.currency}) = ${filter.currency.toUpperCase()}`,
        gte(revenueEntries.occurredAt, span.since),
        lt(revenueEntries.occurredAt, span.until),
      ),
    )
    .groupBy(sql`1`);
  return rows.map((row) => ({ month: row.month, amount: Number(row.amount) }));
}

/** Events (not deleted) starting in [since, until), by status. */
export async function countEventsByStatus(
  db: Db,
  span: Span,
): Promise<Array<{ status: string; count: number }>> {
  const rows = await db
    .select({ status: eventFacts.status, count: sql<number>`count(*)::int` })
    .from(eventFacts)
    .where(
      and(
        eq(eventFacts.deleted, false),
        gte(eventFacts.startTime, span.since),
        lt(eventFacts.startTime, span.until),
      ),
    )
    .groupBy(eventFacts.status);
  return rows.map((row) => ({ status: row.status ?? 'unknown', count: row.count }));
}

/** Bookings first heard of in [since, until), by the status they have now. */
export async function countBookingsByStatus(
  db: Db,
  span: Span,
): Promise<Array<{ status: string; count: number }>> {
  return db
    .select({ status: bookingFacts.status, count: sql<number>`count(*)::int` })
    .from(bookingFacts)
    .where(and(gte(bookingFacts.createdAt, span.since), lt(bookingFacts.createdAt, span.until)))
    .groupBy(bookingFacts.status);
}

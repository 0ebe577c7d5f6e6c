import { upsertNewer } from '@linksmate/platform';
import type { AdminScope } from '@linksmate/proto';
import { and, arrayContains, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { bookingFacts, coachFacts, eventFacts, revenueEntries, venueFacts } from '../../db/schema';
import type {
  Db,
  NewBookingFact,
  NewCoachFact,
  NewEventFact,
  NewRevenueEntry,
  NewVenueFact,
} from '../../db/types';

/** A transaction once: the same one heard again changes nothing. */
export async function insertRevenue(db: Db, row: NewRevenueEntry): Promise<void> {
  await db.insert(revenueEntries).values(row).onConflictDoNothing({ target: revenueEntries.transactionId });
}

/** Stores an event's snapshot unless a newer one (or its deletion) is kept. */
export const upsertEvent = (db: Db, row: Omit<NewEventFact, 'deleted'>) =>
  upsertNewer(db, eventFacts, { ...row, deleted: false });

/** A deleted event stops counting; the row stays so an older snapshot cannot bring it back. */
export const markEventDeleted = (db: Db, eventId: number, version: number) =>
  upsertNewer(db, eventFacts, { eventId, deleted: true, version }, { deleted: true, version });

/**
 * A booking's status as of `changedAt`: kept when no later one is, whatever order the events come
 * in; hearing one twice changes nothing.
 */
export async function applyBooking(
  db: Db,
  { bookedAtKnown, ...row }: NewBookingFact & { bookedAtKnown: boolean },
): Promise<void> {
  const later = sql`excluded.changed_at >= ${bookingFacts.changedAt}`;
  await db
    .insert(bookingFacts)
    .values(row)
    .onConflictDoUpdate({
      target: bookingFacts.bookingId,
      set: {
        status: sql`case when ${later} then excluded.status else ${bookingFacts.status} end`,
        changedAt: sql`greatest(excluded.changed_at, ${bookingFacts.changedAt})`,
        // The latest event says when the booking was made (booking again after cancelling makes it
        // anew); without that said, the earliest moment heard of stands for it.
        createdAt: bookedAtKnown
          ? sql`case when ${later} then excluded.created_at else ${bookingFacts.createdAt} end`
          : sql`least(excluded.created_at, ${bookingFacts.createdAt})`,
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

/** The events a scope covers: every one, those at its venues, or its coach's. */
function eventsInScope(scope: AdminScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'venues') return scope.ids.length ? inArray(eventFacts.venueId, scope.ids) : sql`false`;
  return scope.id === null ? sql`false` : eq(eventFacts.coachProfileId, scope.id);
}

/** Events (not deleted) in the scope starting in [since, until), by status. */
export async function countEventsByStatus(
  db: Db,
  span: Span,
  scope: AdminScope,
): Promise<Array<{ status: string; count: number }>> {
  const rows = await db
    .select({ status: eventFacts.status, count: sql<number>`count(*)::int` })
    .from(eventFacts)
    .where(
      and(
        eq(eventFacts.deleted, false),
        gte(eventFacts.startTime, span.since),
        lt(eventFacts.startTime, span.until),
        eventsInScope(scope),
      ),
    )
    .groupBy(eventFacts.status);
  return rows.map((row) => ({ status: row.status ?? 'unknown', count: row.count }));
}

/**
 * Bookings made in [since, until) of events not deleted, by the status they have now; outside the
 * `all` scope, only bookings of the events it covers (a booking heard of before its event counts
 * once it is).
 */
export async function countBookingsByStatus(
  db: Db,
  span: Span,
  scope: AdminScope,
): Promise<Array<{ status: string; count: number }>> {
  const made = and(gte(bookingFacts.createdAt, span.since), lt(bookingFacts.createdAt, span.until));
  const count = { status: bookingFacts.status, count: sql<number>`count(*)::int` };
  // A deleted event stops counting (countEventsByStatus), and its bookings with it.
  const eventNotDeleted = sql`not exists (select 1 from ${eventFacts} where ${eventFacts.eventId} = ${bookingFacts.eventId} and ${eventFacts.deleted})`;
  if (scope.kind === 'all')
    return db.select(count).from(bookingFacts).where(and(made, eventNotDeleted)).groupBy(bookingFacts.status);
  return db
    .select(count)
    .from(bookingFacts)
    .innerJoin(eventFacts, eq(eventFacts.eventId, bookingFacts.eventId))
    .where(and(made, eq(eventFacts.deleted, false), eventsInScope(scope)))
    .groupBy(bookingFacts.status);
}

/** Stores who runs a venue unless a newer snapshot (or its deletion) is kept. */
export const upsertVenueFact = (db: Db, row: Omit<NewVenueFact, 'deleted'>) =>
  upsertNewer(db, venueFacts, { ...row, deleted: false });

/** A deleted venue is run by nobody; the row stays so an older snapshot cannot bring it back. */
export const markVenueFactDeleted = (db: Db, venueId: number, version: number) =>
  upsertNewer(
    db,
    venueFacts,
    { venueId, deleted: true, version },
    { deleted: true, adminUserIds: sql`'{}'::integer[]`, version },
  );

/** Stores whose a coach profile is unless a newer snapshot (or its deletion) is kept. */
export const upsertCoachFact = (db: Db, row: Omit<NewCoachFact, 'deleted'>) =>
  upsertNewer(db, coachFacts, { ...row, deleted: false });

export const markCoachFactDeleted = (db: Db, coachId: number, version: number) =>
  upsertNewer(db, coachFacts, { coachId, deleted: true, version }, { deleted: true, userId: null, version });

/** The venues (not deleted) that name the person among their admins. */
export async function venueIdsRunBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: venueFacts.venueId })
    .from(venueFacts)
    .where(and(eq(venueFacts.deleted, false), arrayContains(venueFacts.adminUserIds, [userId])))
    .orderBy(venueFacts.venueId);
  return rows.map((row) => row.id);
}

/** The coach profile (not deleted) the person's account holds, if any. */
export async function coachIdOfUser(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: coachFacts.coachId })
    .from(coachFacts)
    .where(and(eq(coachFacts.deleted, false), eq(coachFacts.userId, userId)))
    .orderBy(coachFacts.coachId)
    .limit(1);
  return row?.id ?? null;
}

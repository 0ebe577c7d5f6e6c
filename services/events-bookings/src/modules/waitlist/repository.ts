import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { seatHolds, waitlistEntries } from '../../db/schema';
import type { Db, SeatHoldRow, WaitlistEntryRow } from '../../db/types';

/** The person's entry still in line (waiting, or holding an offer). */
export async function activeEntry(
  tx: Db,
  eventId: number,
  userId: number,
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, eventId),
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
    .for('update');
  return row;
}

export async function insertEntry(
  tx: Db,
  eventId: number,
  userId: number,
  now: Date,
): Promise<WaitlistEntryRow> {
  const [row] = await tx
    .insert(waitlistEntries)
    .values({ eventId, userId, status: 'waiting', createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function setEntry(
  tx: Db,
  id: number,
  values: Partial<Pick<WaitlistEntryRow, 'status' | 'holdId' | 'offerExpiresAt'>>,
): Promise<WaitlistEntryRow> {
  const [row] = await tx
    .update(waitlistEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(waitlistEntries.id, id))
    .returning();
  return row!;
}

/** 1 for the first in line; an entry holding an offer is first. */
export async function positionOf(tx: Db, entry: WaitlistEntryRow): Promise<number> {
  if (entry.status !== 'waiting') return 1;
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from waitlist_entries
    where event_id = ${entry.eventId} and status = 'waiting'
      and (created_at, id) <= (${entry.createdAt}, ${entry.id})`);
  return Number(result.rows[0]?.n ?? 1);
}

/** The first entry waiting for a seat of the event. */
export async function firstWaiting(tx: Db, eventId: number): Promise<WaitlistEntryRow | undefined> {
  const result = await tx.execute<{ id: number }>(sql`
    select id from waitlist_entries where event_id = ${eventId} and status = 'waiting'
    order by created_at, id limit 1 for update`);
  const id = result.rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, Number(id)));
  return row;
}

/** A waitlist offer: one seat held for the person, priced when they accept at the checkout. */
export async function insertOfferHold(
  tx: Db,
  values: { eventId: number; userId: number; currency: string; expiresAt: Date; now: Date },
): Promise<SeatHoldRow> {
  const [row] = await tx
    .insert(seatHolds)
    .values({
      eventId: values.eventId,
      userId: values.userId,
      seats: 1,
      items: [],
      subtotal: 0,
      gstAmount: 0,
      total: 0,
      currency: values.currency,
      paymentIntentId: null,
      status: 'held',
      expiresAt: values.expiresAt,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

/**
 * Gives back the seat an offer held when the person leaves the line, unless they are paying for it
 * already (the checkout then owns the hold). True when a seat came free.
 */
export async function releaseOfferHold(tx: Db, holdId: number): Promise<boolean> {
  const released = await tx
    .update(seatHolds)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(seatHolds.id, holdId), eq(seatHolds.status, 'held'), isNull(seatHolds.paymentIntentId)))
    .returning({ id: seatHolds.id });
  return released.length > 0;
}

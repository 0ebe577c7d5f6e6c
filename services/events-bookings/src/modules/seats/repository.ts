import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto';
import { and, eq, inArray, isNull, lte, type Placeholder, sql } from 'drizzle-orm';
import { events, seatHolds } from '../../db/schema';
import type { Db, EventRow, SeatHoldRow } from '../../db/types';

/**
 * The event row under `FOR NO KEY UPDATE`: every change that takes or frees seats of an event
 * happens while holding it, so two of them never both see the last seat free. (Exclusive among
 * them as `FOR UPDATE` would be, but rows merely pointing at the event — a booking refused and
 * recorded as cancelled, a hold — do not queue behind it for their foreign-key check.)
 */
export async function lockEvent(tx: Db, eventId: number): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
  return row;
}

/**
 * Seats taken now of the event `e` (an `events` row aliased `e`), as `(confirmed, held)` columns:
 * confirmed bookings, and holds still running. For reads that decide a join in one statement.
 */
export const seatsTakenSql = (now: Date | Placeholder) => ({
  confirmed: sql<number>`(select coalesce(sum(seats), 0)::int from bookings
    where event_id = e.id and status = 'confirmed')`,
  held: sql<number>`(select coalesce(sum(seats), 0)::int from seat_holds
    where event_id = e.id and status = 'held' and expires_at > ${now})`,
});

/** Seats taken now: confirmed bookings, plus holds still running (checkouts and waitlist offers). */
export async function seatsTaken(
  tx: Db,
  eventId: number,
  now: Date,
  exceptHoldId?: number,
): Promise<{ confirmed: number; held: number }> {
  const result = await tx.execute<{ confirmed: number; held: number }>(sql`
    select
      (select coalesce(sum(seats), 0)::int from bookings
        where event_id = ${eventId} and status = 'confirmed') as confirmed,
      (select coalesce(sum(seats), 0)::int from seat_holds
        where event_id = ${eventId} and status = 'held' and expires_at > ${now}
          and id <> ${exceptHoldId ?? 0}) as held`);
  const row = result.rows[0]!;
  return { confirmed: Number(row.confirmed), held: Number(row.held) };
}

/** Sets `participant_count` from the confirmed bookings (never counted up on its own). */
export async function refreshParticipantCount(tx: Db, eventId: number): Promise<number> {
  const result = await tx.execute<{ participant_count: number }>(sql`
    update events set participant_count = (
        select coalesce(sum(seats), 0)::int from bookings
        where event_id = ${eventId} and status = 'confirmed'),
      updated_at = now()
    where id = ${eventId}
    returning participant_count`);
  return Number(result.rows[0]?.participant_count ?? 0);
}

/**
 * Whether joining an event is paid by card through the platform: an official event with a price or
 * with a priced active slot type. A member game never is: its price is paid at the venue or to the
 * creator (docs/product.md#community-limits payment methods), so joining it is a free join request.
 */
export async function takesCardPayment(
  tx: Db,
  event: Pick<EventRow, 'id' | 'eventType' | 'pricePerParticipant'>,
) {
  if (event.eventType !== OFFICIAL_EVENT_TYPE) return false;
  if (event.pricePerParticipant > 0) return true;
  const result = await tx.execute<{ paid: boolean }>(sql`
    select exists(select 1 from ticket_types
      where event_id = ${event.id} and is_active and price_per_ticket > 0) as paid`);
  return !!result.rows[0]?.paid;
}

/** The same rule as SQL over an `events` row aliased `e`, for lists. */
export const takesCardPaymentSql = sql`(e.event_type = ${OFFICIAL_EVENT_TYPE} and (e.price_per_participant > 0
  or exists(select 1 from ticket_types tt where tt.event_id = e.id and tt.is_active and tt.price_per_ticket > 0)))`;

/**
 * Seats paid by card whose bookings were cancelled by the organiser (an event cancelled or deleted,
 * an admin cancelling a booking): their holds owe the money back, marked so the checkout's sweep
 * asks payments for each refund (once each, retried until done).
 */
export async function oweRefunds(tx: Db, paymentIntentIds: string[], now: Date): Promise<void> {
  if (!paymentIntentIds.length) return;
  await tx
    .update(seatHolds)
    .set({ status: 'refunding', updatedAt: now })
    .where(and(inArray(seatHolds.paymentIntentId, paymentIntentIds), eq(seatHolds.status, 'confirmed')));
}

// ── Holds: seats kept for a person while they pay (a checkout) or decide (a waitlist offer) ──

export type NewHold = typeof seatHolds.$inferInsert;

export async function insertHold(tx: Db, hold: NewHold): Promise<SeatHoldRow> {
  const [row] = await tx.insert(seatHolds).values(hold).returning();
  return row!;
}

export async function updateHold(tx: Db, id: number, values: Partial<NewHold>): Promise<SeatHoldRow> {
  const [row] = await tx
    .update(seatHolds)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(seatHolds.id, id))
    .returning();
  return row!;
}

/** The caller's running checkout holds of an event, released (not a waitlist offer, which has no lines yet). */
export async function releaseOwnCheckoutHolds(
  tx: Db,
  eventId: number,
  userId: number,
): Promise<Array<{ id: number; seats: number; paymentIntentId: string | null }>> {
  return tx
    .update(seatHolds)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(
      and(
        eq(seatHolds.eventId, eventId),
        eq(seatHolds.userId, userId),
        eq(seatHolds.status, 'held'),
        sql`${seatHolds.items} <> '[]'::jsonb`,
      ),
    )
    .returning({ id: seatHolds.id, seats: seatHolds.seats, paymentIntentId: seatHolds.paymentIntentId });
}

/** On a locked event: its holds whose time ran out while still held, released. */
export async function releaseLapsedHolds(
  tx: Db,
  eventId: number,
  now: Date,
): Promise<Array<{ id: number; eventId: number; paymentIntentId: string | null }>> {
  return tx
    .update(seatHolds)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(seatHolds.eventId, eventId), eq(seatHolds.status, 'held'), lte(seatHolds.expiresAt, now)))
    .returning({ id: seatHolds.id, eventId: seatHolds.eventId, paymentIntentId: seatHolds.paymentIntentId });
}

/**
 * Gives back the seat a waitlist offer held, unless the person is paying for it already (the
 * checkout then owns the hold). True when a seat came free.
 */
export async function releaseOfferHold(tx: Db, holdId: number): Promise<boolean> {
  const released = await tx
    .update(seatHolds)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(seatHolds.id, holdId), eq(seatHolds.status, 'held'), isNull(seatHolds.paymentIntentId)))
    .returning({ id: seatHolds.id });
  return released.length > 0;
}

/**
 * The hold a payment came from is settled as refunded, whether this service asked for the refund
 * (the hold owed it) or payments reports one made in the provider's dashboard (the hold was confirmed).
 */
export async function markHoldRefunded(tx: Db, paymentIntentId: string): Promise<void> {
  await tx
    .update(seatHolds)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(
      and(
        eq(seatHolds.paymentIntentId, paymentIntentId),
        inArray(seatHolds.status, ['confirmed', 'refunding']),
      ),
    );
}

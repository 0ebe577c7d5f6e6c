import { and, eq, inArray, sql } from 'drizzle-orm';
import { waitlistEntries } from '../../db/schema';
import type { Db, WaitlistEntryRow } from '../../db/types';

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

/** Waitlist offers whose holds were released: expired with them. */
export async function expireOffersOf(tx: Db, holdIds: number[]): Promise<void> {
  if (!holdIds.length) return;
  await tx.execute(sql`
    update waitlist_entries set status = 'expired', updated_at = now()
    where status = 'offered' and hold_id in (${sql.join(
      holdIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** The waitlist entry whose offer this hold was, now taken up. */
export async function promoteWaitlistEntryOf(tx: Db, holdId: number): Promise<void> {
  await tx.execute(sql`
    update waitlist_entries set status = 'promoted', updated_at = now()
    where hold_id = ${holdId} and status in ('offered', 'waiting', 'expired')`);
}

import type { Booking, BookingStatus, JoinRequest } from '@linksmate/proto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookingItems, bookings, events, users } from '../../db/schema';
import type { BookingRow, Db, EventRow } from '../../db/types';
import { oweRefunds } from '../seats/service';

export * from './repository-admin';

import { iso } from './repository-admin';

export * from './repository-joins';

export type UserRow = typeof users.$inferSelect;

/** The person's booking of an event (one per person and event), locked when asked. */
export async function bookingOf(
  tx: Db,
  eventId: number,
  userId: number,
  lock = false,
): Promise<BookingRow | undefined> {
  const query = tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function bookingById(tx: Db, id: number, lock = false): Promise<BookingRow | undefined> {
  const query = tx.select().from(bookings).where(eq(bookings.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface BookingWrite {
  eventId: number;
  userId: number;
  status: BookingStatus;
  notes: string | null;
  now: Date;
  /** One unless a checkout paid for more. */
  seats?: number;
  /** What a checkout's card paid (none for a join). */
  amountPaid?: number | null;
  currency?: string | null;
  paymentIntentId?: string | null;
}

/**
 * What a booking written now holds: booked now, decided now unless it waits on the creator, nothing
 * refunded yet; one seat, unpaid, unless a checkout says otherwise.
 */
function bookingValues(b: BookingWrite) {
  return {
    status: b.status,
    seats: b.seats ?? 1,
    notes: b.notes,
    amountPaid: b.amountPaid ?? null,
    amountRefunded: null,
    currency: b.currency ?? null,
    paymentIntentId: b.paymentIntentId ?? null,
    bookedAt: b.now,
    decidedAt: b.status === 'pending' ? null : b.now,
  };
}

/** A new booking, or the person's earlier one (cancelled or rejected) made over. */
export async function writeBooking(
  tx: Db,
  existing: BookingRow | undefined,
  b: BookingWrite,
): Promise<BookingRow> {
  const values = bookingValues(b);
  if (existing) {
    const [row] = await tx
      .update(bookings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(bookings.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await tx
    .insert(bookings)
    .values({ ...values, eventId: b.eventId, userId: b.userId })
    .returning();
  return row!;
}

/**
 * The bookings a turn of joins decided, written together: the new ones in one insert, the cancelled
 * ones made over one by one (rare). Answered in the order asked.
 */
export async function writeBookings(
  tx: Db,
  writes: Array<BookingWrite & { existing: BookingRow | undefined }>,
): Promise<BookingRow[]> {
  const fresh = writes.filter((w) => !w.existing);
  const inserted = fresh.length
    ? await tx
        .insert(bookings)
        .values(
          fresh.map((w) => ({
            ...bookingValues(w),
            eventId: w.eventId,
            userId: w.userId,
          })),
        )
        .returning()
    : [];
  const byUser = new Map(inserted.map((row) => [row.userId, row]));
  const rows: BookingRow[] = [];
  for (const w of writes)
    rows.push(w.existing ? await writeBooking(tx, w.existing, w) : byUser.get(w.userId)!);
  return rows;
}

/** A booking's lines (what a checkout priced), replacing any it had. */
export async function replaceBookingItems(
  tx: Db,
  bookingId: number,
  lines: Array<{ ticketTypeId: number | null; name: string; quantity: number; unitPrice: number }>,
): Promise<void> {
  await tx.delete(bookingItems).where(eq(bookingItems.bookingId, bookingId));
  if (lines.length) await tx.insert(bookingItems).values(lines.map((l) => ({ ...l, bookingId })));
}

/** Cancels the event's pending and confirmed bookings (seats paid by card are owed their money back); returns them as they were. */
export async function cancelOpenBookings(
  tx: Db,
  eventId: number,
  now: Date,
): Promise<Array<{ booking: BookingRow; previousStatus: string }>> {
  const open = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, ['pending', 'confirmed'])))
    .for('update');
  if (!open.length) return [];
  const changed = await tx
    .update(bookings)
    .set({ status: 'cancelled', decidedAt: now, updatedAt: now })
    .where(
      inArray(
        bookings.id,
        open.map((b) => b.id),
      ),
    )
    .returning();
  await oweRefunds(
    tx,
    changed.flatMap((b) => (b.paymentIntentId ? [b.paymentIntentId] : [])),
    now,
  );
  const before = new Map(open.map((b) => [b.id, b.status]));
  return changed.map((booking) => ({ booking, previousStatus: before.get(booking.id)! }));
}

export interface ImportedBooking {
  userId: number;
  status: BookingStatus;
  notes: string | null;
  bookedAt: Date;
  /** When a request was answered: a seat confirmed or a request turned down. */
  decidedAt: Date | null;
}

/** An imported event's bookings as they stand: one seat each, nothing paid through the platform. */
export async function insertImportedBookings(
  tx: Db,
  eventId: number,
  rows: ImportedBooking[],
): Promise<BookingRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(bookings)
    .values(rows.map((r) => ({ ...r, eventId, seats: 1 })))
    .returning();
}

/** A seat given free at an event that takes payment: paid nothing, in the event's currency, by no card. */
export async function markComplimentary(tx: Db, id: number, currency: string): Promise<void> {
  await tx
    .update(bookings)
    .set({ amountPaid: 0, currency, paymentIntentId: null, updatedAt: sql`now()` })
    .where(eq(bookings.id, id));
}

/** The booking a payment intent paid for (one at most), locked when asked. */
export async function bookingByIntent(
  tx: Db,
  paymentIntentId: string,
  lock = false,
): Promise<BookingRow | undefined> {
  const query = tx.select().from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Everything refunded of a booking's payment so far: the larger total wins (events may come late). */
export async function recordRefunded(tx: Db, id: number, total: number): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({
      amountRefunded: sql`greatest(coalesce(${bookings.amountRefunded}, 0), ${total})`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

export async function setBookingStatus(
  tx: Db,
  id: number,
  status: BookingStatus,
  now: Date,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ status, decidedAt: now, updatedAt: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

export async function eventById(tx: Db, id: number): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, id));
  return row;
}

export async function userById(tx: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

const bookingColumns = sql`b.id, b.event_id, e.title as event_title, e.event_type,
  e.start_time as event_start_time, e.end_time as event_end_time, v.name as venue_name,
  b.status as booking_status, b.seats, b.amount_paid, b.amount_refunded, b.currency, b.booked_at, b.notes`;

type BookingSqlRow = Omit<Booking, 'event_start_time' | 'event_end_time' | 'booked_at'> & {
  event_start_time: Date | string;
  event_end_time: Date | string | null;
  booked_at: Date | string;
};

function toBooking(row: BookingSqlRow): Booking {
  return {
    ...row,
    id: Number(row.id),
    event_id: Number(row.event_id),
    seats: Number(row.seats),
    amount_paid: row.amount_paid === null ? null : Number(row.amount_paid),
    amount_refunded: row.amount_refunded === null ? null : Number(row.amount_refunded),
    event_start_time: iso(row.event_start_time),
    event_end_time: row.event_end_time === null ? null : iso(row.event_end_time),
    booked_at: iso(row.booked_at),
  };
}

/** A booking as the API shows it, with its event's title, times, type and venue; undefined if none. */
export async function findBookingView(tx: Db, id: number): Promise<Booking | undefined> {
  const result = await tx.execute<BookingSqlRow>(sql`
    select ${bookingColumns}
    from bookings b join events e on e.id = b.event_id left join venues v on v.id = e.venue_id
    where b.id = ${id}`);
  const row = result.rows[0];
  return row ? toBooking(row) : undefined;
}

/** Bookings just written, as the API shows them, in one read; answered in the order of `ids`. */
export async function bookingViews(tx: Db, ids: number[]): Promise<Booking[]> {
  if (!ids.length) return [];
  const result = await tx.execute<BookingSqlRow>(sql`
    select ${bookingColumns}
    from bookings b join events e on e.id = b.event_id left join venues v on v.id = e.venue_id
    where b.id = any(${sql.param(ids)}::int[])`);
  const byId = new Map(result.rows.map((row) => [Number(row.id), toBooking(row)]));
  return ids.map((id) => byId.get(id)!);
}

/** A booking just written, as the API shows it. */
export async function bookingView(tx: Db, id: number): Promise<Booking> {
  return (await findBookingView(tx, id))!;
}

/** The person's bookings, newest booked first, optionally of one status. */
export async function bookingsOfUser(
  tx: Db,
  userId: number,
  options: { status?: BookingStatus; limit: number; offset: number },
): Promise<{ bookings: Booking[]; total: number }> {
  const statusFilter = options.status ? sql`and b.status = ${options.status}` : sql``;
  const result = await tx.execute<BookingSqlRow & { total: number }>(sql`
    select ${bookingColumns}, count(*) over () as total
    from bookings b join events e on e.id = b.event_id left join venues v on v.id = e.venue_id
    where b.user_id = ${userId} ${statusFilter}
    order by b.booked_at desc, b.id desc
    limit ${options.limit} offset ${options.offset}`);
  let total = Number(result.rows[0]?.total ?? 0);
  if (!result.rows.length && options.offset > 0) {
    const counted = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from bookings b where b.user_id = ${userId} ${statusFilter}`);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return {
    bookings: result.rows.map(({ total: _total, ...row }) => toBooking(row)),
    total,
  };
}

/** A game's pending join requests with who asked, oldest first. */
export async function pendingRequests(tx: Db, eventId: number): Promise<JoinRequest[]> {
  const result = await tx.execute<Omit<JoinRequest, 'requested_at'> & { requested_at: Date | string }>(sql`
    select b.id, b.event_id, b.user_id, u.username as user_username, u.first_name as user_first_name,
      u.last_name as user_last_name, u.profile_image_url as user_profile_image,
      u.manual_handicap as user_handicap, u.skill_level as user_skill_level, b.notes,
      b.booked_at as requested_at
    from bookings b left join users u on u.id = b.user_id
    where b.event_id = ${eventId} and b.status = 'pending'
    order by b.booked_at, b.id`);
  return result.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    event_id: Number(row.event_id),
    user_id: Number(row.user_id),
    user_handicap: row.user_handicap === null ? null : Number(row.user_handicap),
    requested_at: iso(row.requested_at),
  }));
}

/** Join requests still waiting on the creator (they take no seat until approved). */
export async function pendingCount(tx: Db, eventId: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from bookings where event_id = ${eventId} and status = 'pending'`);
  return Number(result.rows[0]?.n ?? 0);
}

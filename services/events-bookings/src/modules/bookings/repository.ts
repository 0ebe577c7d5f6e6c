import type { AdminBooking, Booking, BookingStatus, JoinRequest } from '@linksmate/proto';
import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { scopeCondition } from '../../db/admin-scope';
import { bookings, events, seatHolds, users } from '../../db/schema';
import type { BookingRow, Db, EventRow } from '../../db/types';
import type { AdminScope } from '../../lib/admin-scope';
import type { TimeRange } from '../../lib/list-filters';
import { seatsTakenSql, takesCardPaymentSql } from '../seats/service';

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
}

/** What a join writes of its booking: one seat, unpaid, booked (and decided, when confirmed) now. */
function bookingValues(b: BookingWrite) {
  return {
    status: b.status,
    seats: 1,
    notes: b.notes,
    amountPaid: null,
    amountRefunded: null,
    currency: null,
    paymentIntentId: null,
    bookedAt: b.now,
    decidedAt: b.status === 'confirmed' ? b.now : null,
  };
}

/** A new booking of one seat, or the person's cancelled one made over (never a paid one). */
export async function writeBooking(tx: Db, existing: BookingRow | undefined, b: BookingWrite) {
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
  intentId: string,
  lock = false,
): Promise<BookingRow | undefined> {
  const query = tx.select().from(bookings).where(eq(bookings.paymentIntentId, intentId));
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

/** The hold a refunded payment came from is settled as refunded (the sweep owes it nothing more). */
export async function holdRefunded(tx: Db, intentId: string): Promise<void> {
  await tx
    .update(seatHolds)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(
      and(eq(seatHolds.paymentIntentId, intentId), inArray(seatHolds.status, ['confirmed', 'refunding'])),
    );
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

const iso = (value: Date | string) => new Date(value).toISOString();

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

// ── The admin list (spec 3 §3 Booking) ──────────────────────────────────────
const adminBookingColumns = sql`b.id, b.status as booking_status, b.event_id, e.title as event_title,
  e.event_type, e.start_time as event_start_time, e.end_time as event_end_time, b.user_id,
  u.username as user_username, u.email as user_email, u.first_name as user_first_name,
  u.last_name as user_last_name, b.notes, b.payment_intent_id as payment_intent_id_stripe,
  b.amount_paid, b.amount_refunded, b.currency, b.seats, v.name as venue_name, nullif(cu.username, '') as coach_username,
  b.booked_at, b.updated_at`;

/** Each booking with its event, booker, venue and the coach's username (from the projections). */
const adminBookingSource = sql`bookings b join events e on e.id = b.event_id
  left join users u on u.id = b.user_id
  left join venues v on v.id = e.venue_id
  left join coaches c on c.id = e.coach_profile_id
  left join users cu on cu.id = c.user_id`;

type AdminBookingSqlRow = Record<keyof AdminBooking, unknown>;

function toAdminBooking(row: AdminBookingSqlRow): AdminBooking {
  const optionalTime = (value: unknown) => (value === null ? null : iso(value as Date | string));
  return {
    ...(row as unknown as AdminBooking),
    id: Number(row.id),
    event_id: Number(row.event_id),
    user_id: Number(row.user_id),
    seats: Number(row.seats),
    amount_paid: row.amount_paid === null ? null : Number(row.amount_paid),
    amount_refunded: row.amount_refunded === null ? null : Number(row.amount_refunded),
    event_start_time: iso(row.event_start_time as Date | string),
    event_end_time: optionalTime(row.event_end_time),
    booked_at: iso(row.booked_at as Date | string),
    updated_at: iso(row.updated_at as Date | string),
  };
}

/** An event (by its columns, or `e` in the admin statements) within an admin scope. */
const eventsInScope = (scope: AdminScope) =>
  scopeCondition(scope, { venue: events.venueId, coach: events.coachProfileId });
const eInScope = (scope: AdminScope) =>
  scopeCondition(scope, { venue: sql`e.venue_id`, coach: sql`e.coach_profile_id` });

/** A booking of an event within the admin's scope (locked when asked); undefined otherwise. */
export async function adminBookingById(
  tx: Db,
  id: number,
  scope: AdminScope,
  lock = false,
): Promise<BookingRow | undefined> {
  const query = tx
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.id, id), eventsInScope(scope)));
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  return row?.booking;
}

/** Whether the event (deleted or not) is within the admin's scope. */
export async function eventInScope(tx: Db, eventId: number, scope: AdminScope): Promise<boolean> {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eventsInScope(scope)));
  return !!row;
}

export interface AdminBookingFilters {
  /** The caller's part of the admin area: bookings of events at its venues or of its coach. */
  scope: AdminScope;
  status?: BookingStatus;
  /** On the event's start time. */
  range: TimeRange;
}

function adminBookingWhere(filters: AdminBookingFilters) {
  const parts = [eInScope(filters.scope)];
  if (filters.status) parts.push(sql`b.status = ${filters.status}`);
  if (filters.range.from) parts.push(sql`e.start_time >= ${filters.range.from.toISOString()}::timestamptz`);
  if (filters.range.before)
    parts.push(sql`e.start_time < ${filters.range.before.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/**
 * Every booking within the admin's scope (events deleted since included: their bookings stay as
 * history), newest event start first; in start order when a date range is given.
 */
export async function adminBookings(
  tx: Db,
  filters: AdminBookingFilters,
  page: { limit: number; offset: number },
): Promise<{ bookings: AdminBooking[]; total: number }> {
  const direction = sql.raw(filters.range.given ? 'asc' : 'desc');
  const where = adminBookingWhere(filters);
  const [listed, counted] = await Promise.all([
    tx.execute<AdminBookingSqlRow>(sql`
      select ${adminBookingColumns} from ${adminBookingSource} where ${where}
      order by e.start_time ${direction}, b.id ${direction}
      limit ${page.limit} offset ${page.offset}`),
    tx.execute<{ n: number }>(sql`
      select count(*)::int as n from bookings b join events e on e.id = b.event_id where ${where}`),
  ]);
  return { bookings: listed.rows.map(toAdminBooking), total: Number(counted.rows[0]?.n ?? 0) };
}

/** One booking as the admin list shows it. */
export async function adminBookingView(tx: Db, id: number): Promise<AdminBooking> {
  const result = await tx.execute<AdminBookingSqlRow>(sql`
    select ${adminBookingColumns} from ${adminBookingSource} where b.id = ${id}`);
  return toAdminBooking(result.rows[0]!);
}

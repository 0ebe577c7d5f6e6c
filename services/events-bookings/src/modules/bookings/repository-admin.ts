import type { AdminBooking, BookingStatus } from '@linksmate/proto';
import { and, eq, sql } from 'drizzle-orm';
import { scopeCondition } from '../../db/admin-scope';
import { bookings, events } from '../../db/schema';
import type { BookingRow, Db } from '../../db/types';
import type { AdminScope } from '../../lib/admin-scope';
import type { TimeRange } from '../../lib/list-filters';

/** An instant as the API writes it, whether the driver gave a Date or text. */
export const iso = (value: Date | string) => new Date(value).toISOString();

// ── The admin list (docs/product.md#admin-entities Booking) ──────────────────────────────────────
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

import { type Event, type EventType, INT4_MAX, type MyGame } from '@linksmate/proto';
import { and, asc, eq, isNotNull, max, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { scopeCondition } from '../../db/admin-scope';
import { bookings, events, ticketTypes } from '../../db/schema';
import type { Db, EventRow, NewEvent, TicketTypeRow } from '../../db/types';
import type { AdminScope } from '../../lib/admin-scope';
import { containsPattern, type TimeRange } from '../../lib/list-filters';
import { takesCardPaymentSql } from '../seats/service';

// ── Writes ───────────────────────────────────────────────────────────────────
export type NewTicketTypeRow = typeof ticketTypes.$inferInsert;

export async function insertEvent(db: Db, values: NewEvent): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

/** An event that is not deleted, or undefined. */
export async function findLiveEvent(db: Db, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row && !row.deletedAt ? row : undefined;
}

/** Applies changes and moves the version on. */
export async function updateEvent(
  db: Db,
  id: number,
  changes: Partial<NewEvent>,
  now: Date,
): Promise<EventRow> {
  const [row] = await db
    .update(events)
    .set({ ...changes, version: sql`${events.version} + 1`, updatedAt: now })
    .where(eq(events.id, id))
    .returning();
  return row!;
}

/** Whether a confirmed booking of the event was paid by card through the platform. */
export async function hasPaidBookings(db: Db, eventId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.eventId, eventId),
        eq(bookings.status, 'confirmed'),
        isNotNull(bookings.paymentIntentId),
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertTicketTypes(db: Db, rows: NewTicketTypeRow[]): Promise<TicketTypeRow[]> {
  if (!rows.length) return [];
  return db.insert(ticketTypes).values(rows).returning();
}

/** The position after the event's last slot type (new ones are appended). */
export async function nextTicketPosition(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(ticketTypes.position) })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export function activeTicketTypes(db: Db, eventId: number): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.isActive, true)))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
}

// ── The read model ───────────────────────────────────────────────────────────

/**
 * The `Event` DTO of each event a `page` of ids names, in the page's order (`page.ord`): its venue,
 * creator and coach from the projections, whether joining is paid by card, the waitlist's length,
 * and the viewer's own booking and waitlist standing (viewer 0 = anonymous: matches nothing).
 * Every part is a lookup per event of the page (`offset 0` keeps each its own subquery), so the
 * statement costs the page's size whatever the plan guesses about it.
 */
function eventsOf(page: SQL, viewer: number, extra: SQL = sql``): SQL {
  return sql`with page as materialized (${page})
select e.id, e.title, e.description, e.event_type, e.status, e.venue_id,
  v.name as venue_name, v.address as venue_address, v.city as venue_city, v.state as venue_state,
  v.lat as venue_lat, v.lng as venue_lng,
  e.start_time, e.end_time, e.capacity, e.participant_count as current_participant_count,
  e.price_per_participant, e.currency, e.payment_method, e.payment_instructions,
  e.creator_user_id, nullif(cu.username, '') as creator_username, cu.first_name as creator_first_name,
  cu.last_name as creator_last_name, cu.profile_image_url as creator_profile_image,
  e.coach_profile_id, nullif(co.username, '') as coach_username, co.first_name as coach_first_name,
  co.last_name as coach_last_name, co.profile_image_url as coach_profile_image,
  e.min_handicap, e.max_handicap, e.min_skill_level,
  ${takesCardPaymentSql} as has_paid_slots,
  (select count(*)::int from waitlist_entries wl
    where wl.event_id = e.id and wl.status in ('waiting', 'offered')) as waitlist_count,
  b.status as user_booking_status, b.id as user_booking_id,
  uw.status as user_waitlist_status, uw.position as user_waitlist_position,
  uw.offer_expires_at as user_offer_expires_at,
  e.created_at, e.updated_at${extra}
from page
cross join lateral (select * from events where events.id = page.id offset 0) e
left join lateral (
  select name, address, city, state, lat, lng from venues where venues.id = e.venue_id offset 0
) v on true
left join lateral (
  select username, first_name, last_name, profile_image_url from users where users.id = e.creator_user_id
  offset 0
) cu on true
left join lateral (
  select cou.username, c.first_name, c.last_name, c.profile_image_url
  from coaches c left join users cou on cou.id = c.user_id
  where c.id = e.coach_profile_id and not c.deleted offset 0
) co on true
left join lateral (
  select id, status from bookings where bookings.event_id = e.id and bookings.user_id = ${viewer}::int offset 0
) b on true
left join lateral (
  select w.status, w.offer_expires_at,
    case when w.status = 'waiting' then (
      select count(*)::int + 1 from waitlist_entries ahead
      where ahead.event_id = w.event_id and ahead.status = 'waiting'
        and (ahead.created_at, ahead.id) < (w.created_at, w.id)
    ) end as position
  from waitlist_entries w
  where w.event_id = e.id and w.user_id = ${viewer}::int and w.status in ('waiting', 'offered') offset 0
) uw on true
order by page.ord`;
}

export interface ListFilters {
  eventType?: EventType;
  venueId?: number;
  coachId?: number;
  /** Null: past events too. Otherwise events not yet over at this moment. */
  now: Date | null;
}

/** The list's conditions besides time: never deleted, cancelled ones left out of the public list. */
function listed(filters: ListFilters): SQL {
  const parts = [sql`e.deleted_at is null`, sql`e.status <> 'cancelled'`];
  if (filters.eventType) parts.push(sql`e.event_type = ${filters.eventType}`);
  if (filters.venueId !== undefined) parts.push(sql`e.venue_id = ${filters.venueId}::int`);
  if (filters.coachId !== undefined) parts.push(sql`e.coach_profile_id = ${filters.coachId}::int`);
  return sql.join(parts, sql` and `);
}

/**
 * Upcoming is "not over yet" (docs/product.md#community-states: past when the end, or the start without an end, is before
 * now), in two parts that follow each other in start order: events under way (started before now,
 * found by the GiST index over each event's time span: a handful, not ordered there, lest the planner
 * walk the start-time btree through every past event instead) and events starting from now on (read
 * in order from the listing's btree, stopping after `upTo`).
 */
const underWay = (filters: ListFilters, now: string) =>
  sql`${listed(filters)} and e.start_time < ${now}::timestamptz
    and tstzrange(e.start_time, coalesce(e.end_time, e.start_time), '[]') @> ${now}::timestamptz`;
const fromNow = (filters: ListFilters, now: string) =>
  sql`${listed(filters)} and e.start_time >= ${now}::timestamptz`;

/** Ids of the listed events in list order, the first `upTo` of them, numbered `ord`. */
function firstListed(filters: ListFilters, upTo: number): SQL {
  if (!filters.now)
    return sql`select e.id, row_number() over (order by e.start_time, e.id) as ord from (
      select e.id, e.start_time from events e where ${listed(filters)}
      order by e.start_time, e.id limit ${upTo}::int) e`;
  const now = filters.now.toISOString();
  return sql`select m.id, row_number() over (order by m.part, m.start_time, m.id) as ord from (
    (select 0 as part, e.id, e.start_time from events e where ${underWay(filters, now)})
    union all
    (select 1 as part, e.id, e.start_time from events e where ${fromNow(filters, now)}
      order by e.start_time, e.id limit ${upTo}::int)
  ) m`;
}

/** `GET /events`: one page of the list, in one statement. */
export function eventsPageSql(filters: ListFilters, page: { limit: number; offset: number }, viewer: number) {
  // How far into the list the page reaches, kept within an int (a huge offset finds nothing, never fails).
  const reach = Math.min(page.offset + page.limit, INT4_MAX);
  const ids = sql`select id, ord from (${firstListed(filters, reach)}) f
    where ord > ${page.offset}::int order by ord limit ${page.limit}::int`;
  return eventsOf(ids, viewer);
}

/** The listed events, counted up to `cap`. */
export function countUpToSql(filters: ListFilters, cap: number) {
  return sql`select count(*)::int as n from (${firstListed(filters, cap)}) capped`;
}

/** All the listed events, counted (the list keeps this a few seconds per filter: `ListTotals`). */
export function countAllSql(filters: ListFilters) {
  if (!filters.now) return sql`select count(*)::int as n from events e where ${listed(filters)}`;
  const now = filters.now.toISOString();
  return sql`select (select count(*) from events e where ${underWay(filters, now)})::int
    + (select count(*) from events e where ${fromNow(filters, now)})::int as n`;
}

/** One event that is not deleted (cancelled and past ones included). */
export function eventByIdSql(id: number, viewer: number) {
  return eventsOf(sql`select id, 1 as ord from events where id = ${id}::int and deleted_at is null`, viewer);
}

/** A creator's member games, newest start first, past ones included, with their waiting requests. */
export function myGamesSql(creator: number, page: { limit: number; offset: number }) {
  const pending = sql`,
  (select count(*)::int from bookings pr where pr.event_id = e.id and pr.status = 'pending')
    as pending_request_count`;
  return eventsOf(
    sql`select id, row_number() over (order by start_time desc, id desc) as ord from (
      select id, start_time from events
      where creator_user_id = ${creator}::int and event_type = 'member_game' and deleted_at is null
      order by start_time desc, id desc limit ${page.limit}::int offset ${page.offset}::int) mine`,
    creator,
    pending,
  );
}

export function myGamesCountSql(creator: number) {
  return sql`select count(*)::int as n from events
    where creator_user_id = ${creator}::int and event_type = 'member_game' and deleted_at is null`;
}

export interface AdminEventFilters {
  /** The caller's part of the admin area: only events at its venues or of its coach. */
  scope: AdminScope;
  eventType?: EventType;
  venueId?: number;
  coachId?: number;
  status?: string;
  range: TimeRange;
  search?: string;
}

/** An event's place in the admin scopes: its venue and its coach. */
const eventScope = (scope: AdminScope) =>
  scopeCondition(scope, { venue: sql`e.venue_id`, coach: sql`e.coach_profile_id` });

/** What admins list: every event not deleted within their scope, past and cancelled ones too. */
function adminListed(filters: AdminEventFilters): SQL {
  const parts = [sql`e.deleted_at is null`, eventScope(filters.scope)];
  if (filters.eventType) parts.push(sql`e.event_type = ${filters.eventType}`);
  if (filters.venueId !== undefined) parts.push(sql`e.venue_id = ${filters.venueId}::int`);
  if (filters.coachId !== undefined) parts.push(sql`e.coach_profile_id = ${filters.coachId}::int`);
  if (filters.status) parts.push(sql`e.status = ${filters.status}`);
  if (filters.range.from) parts.push(sql`e.start_time >= ${filters.range.from.toISOString()}::timestamptz`);
  if (filters.range.before)
    parts.push(sql`e.start_time < ${filters.range.before.toISOString()}::timestamptz`);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    parts.push(sql`(e.title ilike ${pattern} or e.description ilike ${pattern}
      or exists(select 1 from venues sv where sv.id = e.venue_id and sv.name ilike ${pattern}))`);
  }
  return sql.join(parts, sql` and `);
}

/** `GET /admin/events`: newest start first; in start order when a date range is given. */
export function adminEventsPageSql(filters: AdminEventFilters, page: { limit: number; offset: number }) {
  const direction = sql.raw(filters.range.given ? 'asc' : 'desc');
  return eventsOf(
    sql`select id, row_number() over (order by start_time ${direction}, id ${direction}) as ord from (
      select e.id, e.start_time from events e where ${adminListed(filters)}
      order by e.start_time ${direction}, e.id ${direction}
      limit ${page.limit}::int offset ${page.offset}::int) listed`,
    0,
  );
}

export function adminEventsCountSql(filters: AdminEventFilters) {
  return sql`select count(*)::int as n from events e where ${adminListed(filters)}`;
}

const dialect = new PgDialect();

/** A statement as text and values, exactly as sent (for running it directly, or `EXPLAIN`). */
export function toQuery(statement: SQL): { text: string; values: unknown[] } {
  const query = dialect.sqlToQuery(statement);
  return { text: query.sql, values: query.params };
}

type Row = Record<string, unknown>;

/** A timestamp as the API writes it (ISO 8601, UTC), however the driver handed it over. */
const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

export function toEvent(row: Row): Event {
  return {
    ...(row as unknown as Event),
    start_time: iso(row.start_time)!,
    end_time: iso(row.end_time),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    user_offer_expires_at: iso(row.user_offer_expires_at),
    user_has_confirmed_booking: row.user_booking_status === 'confirmed',
  } as Event;
}

export function toMyGame(row: Row): MyGame {
  return { ...toEvent(row), pending_request_count: Number(row.pending_request_count) };
}

/**
 * Runs read-model statements. Not prepared: PostgreSQL plans each with its values, so it knows how
 * short the page is (a plan kept for any limit guesses a tenth of the table and reads it all); the
 * statement is shaped so that planning stays cheap (each lookup its own small subquery).
 */
export class ReadModel {
  constructor(private readonly db: Db) {}

  async rows(statement: SQL): Promise<Row[]> {
    const result = await this.db.execute<Row>(statement);
    return result.rows;
  }
}

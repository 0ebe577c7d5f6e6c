import { eq, sql } from 'drizzle-orm';
import { calendarFeeds } from '../../db/schema';
import type { Db } from '../../db/types';
import type { CalendarEvent } from './ics';

type EventSqlRow = {
  id: number;
  title: string;
  description: string | null;
  start_time: Date | string;
  end_time: Date | string | null;
  status: string;
  venue_name: string | null;
  venue_address: string | null;
  venue_city: string | null;
  venue_state: string | null;
  lat: number | null;
  lng: number | null;
  updated_at: Date | string;
  tentative: boolean;
};

const columns = sql`e.id, e.title, e.description, e.start_time, e.end_time, e.status, e.updated_at,
  v.name as venue_name, v.address as venue_address, v.city as venue_city, v.state as venue_state,
  v.lat, v.lng`;

function toCalendarEvent(row: EventSqlRow): CalendarEvent {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    startTime: new Date(row.start_time),
    endTime: row.end_time === null ? null : new Date(row.end_time),
    status: row.status,
    venueName: row.venue_name,
    venueAddress: row.venue_address,
    venueCity: row.venue_city,
    venueState: row.venue_state,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    updatedAt: new Date(row.updated_at),
    tentative: !!row.tentative,
  };
}

export async function calendarEvent(db: Db, id: number): Promise<CalendarEvent | undefined> {
  const result = await db.execute<EventSqlRow>(sql`
    select ${columns}, false as tentative
    from events e left join venues v on v.id = e.venue_id
    where e.id = ${id} and e.deleted_at is null`);
  const row = result.rows[0];
  return row ? toCalendarEvent(row) : undefined;
}

/** The person's confirmed and pending bookings and the games they created, since `since`. */
export async function personalEvents(db: Db, userId: number, since: Date): Promise<CalendarEvent[]> {
  const result = await db.execute<EventSqlRow>(sql`
    select ${columns}, (b.status = 'pending') as tentative
    from events e
    left join venues v on v.id = e.venue_id
    left join bookings b on b.event_id = e.id and b.user_id = ${userId}
    where e.deleted_at is null
      and coalesce(e.end_time, e.start_time) >= ${since}
      and (b.status in ('confirmed', 'pending') or e.creator_user_id = ${userId})
    order by e.start_time, e.id
    limit 500`);
  return result.rows.map(toCalendarEvent);
}

export async function feedUser(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row?.userId;
}

export async function hasFeed(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return !!row;
}

/** Sets the person's token (the old one stops working); `onlyIfNone` keeps an existing one. */
export async function storeFeed(
  db: Db,
  userId: number,
  tokenHash: string,
  onlyIfNone: boolean,
): Promise<boolean> {
  const insert = db.insert(calendarFeeds).values({ userId, tokenHash });
  const result = onlyIfNone
    ? await insert
        .onConflictDoNothing({ target: calendarFeeds.userId })
        .returning({ userId: calendarFeeds.userId })
    : await insert
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, updatedAt: sql`now()` } })
        .returning({ userId: calendarFeeds.userId });
  return result.length > 0;
}

import { BOOKING_REMINDERS, type BookingReminder, bookingReminderWindow } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import { bookingReminders } from '../../db/schema';
import type { Db } from '../../db/types';

/** A booking whose reminder is due, with what the reminder shows. */
export interface DueReminder {
  bookingId: number;
  userId: number;
  reminder: BookingReminder;
  eventId: number;
  eventTitle: string;
  eventType: string;
  startTime: Date;
  venueId: number;
  venueName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
}

/**
 * Bookings whose reminder is due at `now` and not yet sent for the event's start: confirmed, of
 * an event neither cancelled nor deleted, held by a person not deleted, confirmed before the
 * reminder's moment (a place taken an hour before gets no day-before reminder), and `now` in the
 * reminder's window (bookingReminderWindow). The window's bounds are fixed per reminder, so the
 * start times to look at are one range of the events' listing index.
 */
export async function findDueReminders(db: Db, now: Date, limit: number): Promise<DueReminder[]> {
  const found: DueReminder[] = [];
  for (const reminder of BOOKING_REMINDERS) {
    if (found.length >= limit) break;
    // The window of a game starting now gives the reminder's lead and the next one's:
    // now in [start − lead, start − next lead)  ⇔  start in (now + next lead, now + lead].
    const window = bookingReminderWindow(reminder, now);
    const lead = now.getTime() - window.from.getTime();
    const nextLead = now.getTime() - window.until.getTime();
    const latestStart = new Date(now.getTime() + lead);
    const earliestStart = new Date(now.getTime() + nextLead);
    const result = await db.execute<{
      booking_id: number;
      user_id: number;
      event_id: number;
      title: string;
      event_type: string;
      start_time: string | Date;
      venue_id: number;
      venue_name: string | null;
      address: string | null;
      city: string | null;
      state: string | null;
      lat: number | null;
      lng: number | null;
    }>(sql`
      select b.id as booking_id, b.user_id, e.id as event_id, e.title, e.event_type, e.start_time,
             e.venue_id, v.name as venue_name, v.address, v.city, v.state, v.lat, v.lng
        from events e
        join bookings b on b.event_id = e.id and b.status = 'confirmed'
        left join venues v on v.id = e.venue_id
        left join users u on u.id = b.user_id
       where e.deleted_at is null and e.status <> 'cancelled'
         and e.start_time > ${earliestStart.toISOString()}::timestamptz
         and e.start_time <= ${latestStart.toISOString()}::timestamptz
         and coalesce(b.decided_at, b.booked_at) <= e.start_time - ${`${lead} milliseconds`}::interval
         and coalesce(u.deleted, false) = false
         and not exists (
           select 1 from booking_reminders r
            where r.booking_id = b.id and r.reminder = ${reminder} and r.starts_at = e.start_time)
       order by e.start_time, b.id
       limit ${limit - found.length}`);
    for (const r of result.rows)
      found.push({
        bookingId: r.booking_id,
        userId: r.user_id,
        reminder,
        eventId: r.event_id,
        eventTitle: r.title,
        eventType: r.event_type,
        startTime: new Date(r.start_time),
        venueId: r.venue_id,
        venueName: r.venue_name,
        address: r.address,
        city: r.city,
        state: r.state,
        lat: r.lat,
        lng: r.lng,
      });
  }
  return found;
}

/**
 * Records the reminders as sent, in the caller's transaction; returns those not recorded before (a
 * row already there means this reminder went already, by this replica or another).
 */
export async function recordReminders(db: Db, due: DueReminder[], now: Date): Promise<DueReminder[]> {
  if (!due.length) return [];
  const inserted = await db
    .insert(bookingReminders)
    .values(
      due.map((d) => ({ bookingId: d.bookingId, reminder: d.reminder, startsAt: d.startTime, sentAt: now })),
    )
    .onConflictDoNothing()
    .returning({ bookingId: bookingReminders.bookingId, reminder: bookingReminders.reminder });
  const fresh = new Set(inserted.map((r) => `${r.bookingId}:${r.reminder}`));
  return due.filter((d) => fresh.has(`${d.bookingId}:${d.reminder}`));
}

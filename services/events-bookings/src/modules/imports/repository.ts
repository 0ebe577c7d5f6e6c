import type { BookingStatus } from '@linksmate/proto';
import { and, eq, inArray } from 'drizzle-orm';
import { bookings, events, users } from '../../db/schema';
import type { BookingRow, Db, EventRow, NewEvent } from '../../db/types';

/** Which of these people this service knows (and has not seen deleted). */
export async function knownPeople(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.deleted, false)));
  return new Set(rows.map((r) => r.id));
}

export interface ImportedBooking {
  userId: number;
  status: BookingStatus;
  notes: string | null;
  bookedAt: Date;
  /** When a request was answered: a seat confirmed or a request turned down. */
  decidedAt: Date | null;
}

/** The event's bookings as they stand: one seat each, nothing paid through the platform. */
export async function insertBookings(
  db: Db,
  eventId: number,
  rows: ImportedBooking[],
): Promise<BookingRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(bookings)
    .values(rows.map((r) => ({ ...r, eventId, seats: 1 })))
    .returning();
}

export async function insertEvent(db: Db, values: NewEvent): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

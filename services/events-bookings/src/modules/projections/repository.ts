import { and, asc, eq, sql } from 'drizzle-orm';
import { coaches, users, venues } from '../../db/schema';
import type { Db } from '../../db/types';

/** The guard of every upsert: only a newer version of the source replaces what is kept. */
const newer = (table: 'users' | 'venues' | 'coaches') => sql.raw(`excluded.version > "${table}".version`);

export type UserProjection = typeof users.$inferInsert;
export type VenueProjection = typeof venues.$inferInsert;
export type CoachProjection = typeof coaches.$inferInsert;
export type VenueProjectionRow = typeof venues.$inferSelect;

/**
 * Each upsert keeps the newest version the source reported: a late or repeated event (a version not
 * above the stored one) changes nothing, so a projection is never rolled back.
 */
export async function upsertUser(db: Db, row: UserProjection): Promise<void> {
  const { id: _id, ...set } = row;
  await db
    .insert(users)
    .values(row)
    .onConflictDoUpdate({ target: users.id, set, setWhere: newer('users') });
}

/** A person identity deleted: kept (their past bookings point at them), marked deleted. */
export async function markUserDeleted(db: Db, id: number, version: number): Promise<void> {
  await db
    .insert(users)
    // Deleted before this service heard of them: a placeholder that an older snapshot cannot revive.
    .values({ id, username: '', email: '', role: 'member', deleted: true, version })
    .onConflictDoUpdate({
      target: users.id,
      set: { deleted: true, version },
      setWhere: newer('users'),
    });
}

export async function upsertVenue(db: Db, row: VenueProjection): Promise<void> {
  const { id: _id, ...set } = row;
  await db
    .insert(venues)
    .values(row)
    .onConflictDoUpdate({ target: venues.id, set, setWhere: newer('venues') });
}

/** A deleted venue is kept (events point at it), marked deleted; nobody runs it any more. */
export async function markVenueDeleted(db: Db, id: number, version: number): Promise<void> {
  await db
    .insert(venues)
    .values({ id, name: '', listed: false, deleted: true, version })
    .onConflictDoUpdate({
      target: venues.id,
      set: { deleted: true, listed: false, adminUserIds: [], version },
      setWhere: newer('venues'),
    });
}

export async function upsertCoach(db: Db, row: CoachProjection): Promise<void> {
  const { id: _id, ...set } = row;
  await db
    .insert(coaches)
    .values(row)
    .onConflictDoUpdate({ target: coaches.id, set, setWhere: newer('coaches') });
}

export async function markCoachDeleted(db: Db, id: number, version: number): Promise<void> {
  await db
    .insert(coaches)
    .values({ id, deleted: true, version })
    .onConflictDoUpdate({
      target: coaches.id,
      set: { deleted: true, version },
      setWhere: newer('coaches'),
    });
}

export async function findVenue(db: Db, id: number): Promise<VenueProjectionRow | undefined> {
  const [row] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row;
}

export async function findCoach(db: Db, id: number) {
  const [row] = await db.select().from(coaches).where(eq(coaches.id, id)).limit(1);
  return row;
}

/** The venues a person runs (their id in the venue's `admin_user_ids`), deleted ones never. */
export async function venueIdsRunBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(sql`${venues.adminUserIds} @> array[${userId}::int]`, eq(venues.deleted, false)))
    .orderBy(asc(venues.id));
  return rows.map((r) => r.id);
}

/** The coach profile a person's account holds (one at the source), if any and not deleted. */
export async function coachIdOfUser(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.userId, userId), eq(coaches.deleted, false)))
    .orderBy(asc(coaches.id))
    .limit(1);
  return row?.id;
}

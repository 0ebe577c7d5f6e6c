import { upsertNewer } from '@linksmate/platform';
import { and, asc, eq, sql } from 'drizzle-orm';
import { blocks, coaches, users, venues } from '../../db/schema';
import type { Db } from '../../db/types';

export type UserProjection = typeof users.$inferInsert;
export type VenueProjection = typeof venues.$inferInsert;
export type CoachProjection = typeof coaches.$inferInsert;
export type VenueProjectionRow = typeof venues.$inferSelect;

// Each upsert keeps the newest version the source reported (upsertNewer): a late or repeated event
// changes nothing, so a projection is never rolled back.
export const upsertUser = (db: Db, row: UserProjection) => upsertNewer(db, users, row);

/** A person identity deleted: kept (their past bookings point at them), marked deleted. */
export const markUserDeleted = (db: Db, id: number, version: number) =>
  upsertNewer(
    db,
    users,
    // Deleted before this service heard of them: a placeholder that an older snapshot cannot revive.
    { id, username: '', email: '', role: 'member', deleted: true, version },
    { deleted: true, version },
  );

export const upsertVenue = (db: Db, row: VenueProjection) => upsertNewer(db, venues, row);

/** A deleted venue is kept (events point at it), marked deleted; nobody runs it any more. */
export const markVenueDeleted = (db: Db, id: number, version: number) =>
  upsertNewer(
    db,
    venues,
    { id, name: '', listed: false, deleted: true, version },
    { deleted: true, listed: false, adminUserIds: [], version },
  );

export const upsertCoach = (db: Db, row: CoachProjection) => upsertNewer(db, coaches, row);

export const markCoachDeleted = (db: Db, id: number, version: number) =>
  upsertNewer(db, coaches, { id, deleted: true, version }, { deleted: true, version });

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

/** A block's state as its latest event left it (an older event never undoes a newer one). */
export async function setBlock(
  db: Db,
  blockerUserId: number,
  blockedUserId: number,
  active: boolean,
  changedAt: Date,
): Promise<void> {
  await db
    .insert(blocks)
    .values({ blockerUserId, blockedUserId, active, changedAt })
    .onConflictDoUpdate({
      target: [blocks.blockerUserId, blocks.blockedUserId],
      set: { active, changedAt },
      setWhere: sql`excluded.changed_at >= ${blocks.changedAt}`,
    });
}

import { upsertNewer } from '@linksmate/platform';
import { and, asc, eq, sql } from 'drizzle-orm';
import { blocks, chatEvents, coaches, eventMembers, users, venues } from '../../db/schema';
import type { ChatEventRow, Db, UserRow } from '../../db/types';

export type UserProjection = typeof users.$inferInsert;
export type ChatEventProjection = typeof chatEvents.$inferInsert;
export type VenueProjection = typeof venues.$inferInsert;
export type CoachProjection = typeof coaches.$inferInsert;

// Each upsert keeps the newest version the source reported (upsertNewer): late or repeated events
// change nothing.
export const upsertUser = (db: Db, row: UserProjection) => upsertNewer(db, users, row);

/** Deleted before this service heard of them: a placeholder an older snapshot cannot revive. */
export const markUserDeleted = (db: Db, id: number, version: number) =>
  upsertNewer(
    db,
    users,
    { id, username: '', email: '', role: 'member', deleted: true, version },
    { deleted: true, version },
  );

export const upsertChatEvent = (db: Db, row: ChatEventProjection) => upsertNewer(db, chatEvents, row);

export const markChatEventDeleted = (db: Db, id: number, version: number) =>
  upsertNewer(
    db,
    chatEvents,
    {
      id,
      title: '',
      eventType: 'member_game',
      status: 'cancelled',
      startTime: new Date(0),
      deleted: true,
      version,
    },
    { deleted: true, version },
  );

export const upsertVenue = (db: Db, row: VenueProjection) => upsertNewer(db, venues, row);

/** A deleted venue is kept, marked deleted: nobody runs it any more. */
export const markVenueDeleted = (db: Db, id: number, version: number) =>
  upsertNewer(db, venues, { id, deleted: true, version }, { deleted: true, adminUserIds: [], version });

export const upsertCoach = (db: Db, row: CoachProjection) => upsertNewer(db, coaches, row);

/** A deleted coach profile is kept, marked deleted: no account holds it any more. */
export const markCoachDeleted = (db: Db, id: number, version: number) =>
  upsertNewer(db, coaches, { id, deleted: true, version }, { deleted: true, userId: null, version });

export async function findVenue(db: Db, id: number) {
  const [row] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row;
}

export async function findCoach(db: Db, id: number) {
  const [row] = await db.select().from(coaches).where(eq(coaches.id, id)).limit(1);
  return row;
}

/** The venues (not deleted) that name the person among their admins. */
export async function venueIdsRunBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(sql`${venues.adminUserIds} @> array[${userId}::int]`, eq(venues.deleted, false)))
    .orderBy(asc(venues.id));
  return rows.map((r) => r.id);
}

/** The coach profile (not deleted) a person's account holds (one at the source), if any. */
export async function coachIdOfUser(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.userId, userId), eq(coaches.deleted, false)))
    .orderBy(asc(coaches.id))
    .limit(1);
  return row?.id;
}

/** Whether the person holds a confirmed seat, as of `changedAt`; an older booking event changes nothing. */
export async function setMembership(
  db: Db,
  eventId: number,
  userId: number,
  confirmed: boolean,
  changedAt: Date,
): Promise<void> {
  await db
    .insert(eventMembers)
    .values({ eventId, userId, confirmed, changedAt })
    .onConflictDoUpdate({
      target: [eventMembers.eventId, eventMembers.userId],
      set: { confirmed, changedAt },
      setWhere: sql`excluded.changed_at >= ${eventMembers.changedAt}`,
    });
}

/** A block or unblock, as of `changedAt`; an older one changes nothing. */
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

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findChatEvent(db: Db, id: number): Promise<ChatEventRow | undefined> {
  const [row] = await db.select().from(chatEvents).where(eq(chatEvents.id, id)).limit(1);
  return row;
}

/** Whether either of two people has blocked the other. */
export async function eitherBlocked(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      and(
        eq(blocks.active, true),
        sql`((${blocks.blockerUserId} = ${a} and ${blocks.blockedUserId} = ${b})
          or (${blocks.blockerUserId} = ${b} and ${blocks.blockedUserId} = ${a}))`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function isConfirmedMember(db: Db, eventId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(eventMembers)
    .where(
      and(
        eq(eventMembers.eventId, eventId),
        eq(eventMembers.userId, userId),
        eq(eventMembers.confirmed, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The event's confirmed players. */
export async function confirmedMembers(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: eventMembers.userId })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.confirmed, true)));
  return rows.map((r) => r.userId);
}

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { directoryUsers } from '../../db/schema';
import type { Db, DirectoryUser, NewDirectoryUser } from '../../db/types';

export * from './repository-list';

/** The person as identity's snapshot gives them, without the membership (payments' part). */
export type PersonRow = Omit<
  NewDirectoryUser,
  'membershipType' | 'membershipStatus' | 'membershipEndsAt' | 'membershipVersion' | 'deleted' | 'searchText'
>;

/** Stores identity's snapshot unless a newer one is kept; a person deleted stays deleted. */
export async function upsertPerson(db: Db, row: PersonRow): Promise<void> {
  const { id: _id, ...set } = row;
  await db
    .insert(directoryUsers)
    .values({ ...row, deleted: false })
    .onConflictDoUpdate({
      target: directoryUsers.id,
      set: { ...set, deleted: false },
      setWhere: sql`excluded.user_version > ${directoryUsers.userVersion}`,
    });
}

/** Forgets a deleted person's details; the row stays so an older snapshot cannot bring them back. */
export async function markPersonDeleted(db: Db, id: number, version: number): Promise<void> {
  const forgotten = {
    username: '',
    email: '',
    firstName: null,
    lastName: null,
    banReason: null,
    lastLoginAt: null,
    membershipType: null,
    membershipStatus: null,
    membershipEndsAt: null,
    deleted: true,
    userVersion: version,
  };
  await db
    .insert(directoryUsers)
    .values({ id, role: 'member', createdAt: new Date(0), ...forgotten })
    .onConflictDoUpdate({
      target: directoryUsers.id,
      set: forgotten,
      setWhere: sql`excluded.user_version > ${directoryUsers.userVersion}`,
    });
}

export interface MembershipFacts {
  type: string | null;
  status: string | null;
  endsAt: Date | null;
}

/**
 * Stores payments' snapshot of a membership unless a newer one is kept. A membership heard of
 * before its person waits in a hidden row (deleted, version 0) that the person's snapshot fills.
 */
export async function applyMembership(
  db: Db,
  userId: number,
  membership: MembershipFacts,
  version: number,
): Promise<void> {
  const set = {
    membershipType: membership.type,
    membershipStatus: membership.status,
    membershipEndsAt: membership.endsAt,
    membershipVersion: version,
  };
  await db
    .insert(directoryUsers)
    .values({
      id: userId,
      username: '',
      email: '',
      role: 'member',
      createdAt: new Date(0),
      userVersion: 0,
      deleted: true,
      ...set,
    })
    .onConflictDoUpdate({
      target: directoryUsers.id,
      set,
      setWhere: sql`excluded.membership_version > ${directoryUsers.membershipVersion}`,
    });
}

/** What an admin action just changed, applied before the event that says the same arrives. */
export async function applyMembershipNow(db: Db, userId: number, membership: MembershipFacts): Promise<void> {
  await db
    .update(directoryUsers)
    .set({
      membershipType: membership.type,
      membershipStatus: membership.status,
      membershipEndsAt: membership.endsAt,
    })
    .where(eq(directoryUsers.id, userId));
}

export async function findPerson(db: Db, id: number): Promise<DirectoryUser | undefined> {
  const [row] = await db
    .select()
    .from(directoryUsers)
    .where(and(eq(directoryUsers.id, id), eq(directoryUsers.deleted, false)));
  return row;
}

export async function findPeopleByIds(db: Db, ids: number[]): Promise<DirectoryUser[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(directoryUsers)
    .where(and(inArray(directoryUsers.id, ids), eq(directoryUsers.deleted, false)));
}

/** Every person by their membership's status as payments said it (null: none), with the banned among them. */
export async function countByMembershipStatus(
  db: Db,
): Promise<{ byStatus: Array<{ status: string | null; count: number }>; total: number; banned: number }> {
  const rows = await db
    .select({
      status: directoryUsers.membershipStatus,
      count: sql<number>`count(*)::int`,
      banned: sql<number>`(count(*) filter (where ${directoryUsers.banned}))::int`,
    })
    .from(directoryUsers)
    .where(eq(directoryUsers.deleted, false))
    .groupBy(directoryUsers.membershipStatus);
  return {
    byStatus: rows.map(({ status, count }) => ({ status, count })),
    total: rows.reduce((sum, row) => sum + row.count, 0),
    banned: rows.reduce((sum, row) => sum + row.banned, 0),
  };
}

/** People who joined in [since, until), by month (`YYYY-MM`) in the time zone given. */
export async function countJoinedByMonth(
  db: Db,
  since: Date,
  until: Date,
  timeZone: string,
): Promise<Array<{ month: string; count: number }>> {
  return db
    .select({
      month: sql<string>`to_char(${directoryUsers.createdAt} at time zone ${timeZone}, 'YYYY-MM')`,
      count: sql<number>`count(*)::int`,
    })
    .from(directoryUsers)
    .where(
      and(
        eq(directoryUsers.deleted, false),
        gte(directoryUsers.createdAt, since),
        lt(directoryUsers.createdAt, until),
      ),
    )
    .groupBy(sql`1`);
}

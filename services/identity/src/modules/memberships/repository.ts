import { eq, gte, sql } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import type { Db, Membership, NewMembership } from '../../db/types';

export async function findMembership(db: Db, userId: number): Promise<Membership | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
  return row;
}

/** Keeps the newest snapshot: an older or repeated event changes nothing (undefined). */
export async function upsertMembership(db: Db, row: NewMembership): Promise<Membership | undefined> {
  const result = await db
    .insert(memberships)
    .values(row)
    .onConflictDoUpdate({
      target: memberships.userId,
      set: { ...row },
      setWhere: sql`${memberships.version} < ${row.version}`,
    })
    .returning();
  return result[0];
}

/** The memberships whose copy changed at or after `since`. */
export async function membershipsChangedSince(db: Db, since: Date): Promise<Membership[]> {
  return db.select().from(memberships).where(gte(memberships.updatedAt, since));
}

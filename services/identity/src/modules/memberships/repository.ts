import { eq, sql } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import type { Db, Membership, NewMembership } from '../../db/types';

export async function findMembership(db: Db, userId: number): Promise<Membership | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
  return row;
}

/** Keeps the newest snapshot: an older or repeated event changes nothing. Returns whether it changed. */
export async function upsertMembership(db: Db, row: NewMembership): Promise<boolean> {
  const result = await db
    .insert(memberships)
    .values(row)
    .onConflictDoUpdate({
      target: memberships.userId,
      set: { ...row },
      setWhere: sql`${memberships.version} < ${row.version}`,
    })
    .returning({ userId: memberships.userId });
  return result.length > 0;
}

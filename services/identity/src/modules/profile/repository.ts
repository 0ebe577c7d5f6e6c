import { and, asc, eq, or } from 'drizzle-orm';
import { blocks, users } from '../../db/schema';
import type { Db } from '../../db/types';

export async function blockedIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt), asc(blocks.blockedId));
  return rows.map((r) => r.id);
}

/** The people a user has blocked, oldest block first, with what the own profile shows of them. */
export async function blockedUsersOf(db: Db, userId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt), asc(blocks.blockedId));
}

/** Whether either of the two has blocked the other. */
export async function eitherBlocked(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ blocker: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return !!row;
}

/** Records a block; answers the moment it was made, or null when it already existed. */
export async function insertBlock(db: Db, blockerId: number, blockedId: number, now: Date) {
  const [row] = await db
    .insert(blocks)
    .values({ blockerId, blockedId, createdAt: now })
    .onConflictDoNothing()
    .returning({ createdAt: blocks.createdAt });
  return row?.createdAt ?? null;
}

/** Removes a block; answers whether there was one. */
export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return rows.length > 0;
}

import { and, eq, or } from 'drizzle-orm';
import { blocks } from '../../db/schema';
import type { Db } from '../../db/types';

export async function blockedIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, userId));
  return rows.map((r) => r.id);
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

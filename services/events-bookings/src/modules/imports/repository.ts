import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../db/types';

/** Which of these people this service knows (and has not seen deleted). */
export async function knownPeople(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.deleted, false)));
  return new Set(rows.map((r) => r.id));
}

import { and, count, desc, eq, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import { blocks, users } from '../../db/schema';
import type { Db } from '../../db/types';

/** Golfers others may see: verified, visible, not suspended, and no block either way with the viewer. */
function visibleTo(viewerId: number) {
  return and(
    ne(users.id, viewerId),
    isNotNull(users.emailVerifiedAt),
    isNull(users.bannedAt),
    eq(users.isProfileVisible, true),
    notExists(
      sql`(select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${users.id})
             or (${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${viewerId}))`,
    ),
  );
}

export async function listGolfers(db: Db, viewerId: number, limit: number, offset: number) {
  const where = visibleTo(viewerId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        first_name: users.firstName,
        last_name: users.lastName,
        profile_image_url: users.profileImageUrl,
        skill_level: users.skillLevel,
        manual_handicap: users.manualHandicap,
        availability_status: users.availabilityStatus,
      })
      .from(users)
      .where(where)
      // Complete profiles first: they make the better introduction on the home page.
      .orderBy(
        desc(sql`(${users.profileImageUrl} is not null or ${users.firstName} is not null)`),
        desc(users.createdAt),
        desc(users.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

import type { Executor } from '@linksmate/platform';
import type { UserSnapshot } from '@linksmate/proto';
import { eq, sql } from 'drizzle-orm';
import type Type from 'typebox';
import type * as schema from '../../db/schema';
import { memberships, users } from '../../db/schema';

export type Db = Executor<typeof schema>;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Membership = typeof memberships.$inferSelect;

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;
const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  return user;
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Which of the two are already taken, compared without regard to case. */
export async function takenIdentifiers(
  db: Db,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`${byUsername(username)} or ${byEmail(email)}`);
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertUser(db: Db, values: NewUser): Promise<User> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Applies a change and moves the aggregate version on; returns the user as it now is. */
export async function updateUser(db: Db, id: number, changes: Partial<NewUser>, now: Date): Promise<User> {
  const [user] = await db
    .update(users)
    .set({ ...changes, version: sql`${users.version} + 1`, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return user!;
}

export async function findMembership(db: Db, userId: number): Promise<Membership | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
  return row;
}

/** Keeps the newest snapshot: an older or repeated event changes nothing. */
export async function upsertMembership(db: Db, row: typeof memberships.$inferInsert): Promise<boolean> {
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

/** The public snapshot other contexts project (identity.user.* events). */
export function toUserSnapshot(user: User): Type.Static<typeof UserSnapshot> {
  return {
    user_id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_image_url: user.profileImageUrl,
    role: user.role as Type.Static<typeof UserSnapshot>['role'],
    skill_level: user.skillLevel,
    manual_handicap: user.manualHandicap,
    availability_status: user.availabilityStatus,
    is_profile_visible: user.isProfileVisible,
    email_verified: !!user.emailVerifiedAt,
    banned: !!user.bannedAt,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    token_version: user.tokenVersion,
    version: user.version,
  };
}

/** The end date a token's membership claim carries: the date access lapses unless renewed. */
export function membershipEndsAt(membership: Membership | undefined): Date | null {
  if (!membership) return null;
  if (membership.endsAt) return membership.endsAt;
  if (membership.status === 'trialing') return membership.trialEndsAt ?? membership.currentPeriodEndsAt;
  return membership.currentPeriodEndsAt;
}

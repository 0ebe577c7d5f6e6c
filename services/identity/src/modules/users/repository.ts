import { eq, gt, inArray, sql } from 'drizzle-orm';
import { deletedAccounts, users } from '../../db/schema';
import type { Db, NewUser, User } from '../../db/types';

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;
const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

/** `lock` holds the row to the end of the caller's transaction. */
export async function findUserByEmail(db: Db, email: string, lock = false): Promise<User | undefined> {
  const query = db.select().from(users).where(byEmail(email)).limit(1);
  const [user] = lock ? await query.for('update') : await query;
  return user;
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The names these accounts gave themselves; ids with no account are left out. */
export async function accountNames(
  db: Db,
  ids: number[],
): Promise<Array<{ id: number; firstName: string | null; lastName: string | null }>> {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Which of the two are already taken, compared without regard to case (no username: not taken). */
export async function takenIdentifiers(
  db: Db,
  username: string | undefined,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(username === undefined ? byEmail(email) : sql`${byUsername(username)} or ${byEmail(email)}`);
  return {
    username: username !== undefined && rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/** Which of these (lower-case) usernames someone holds, compared without regard to case. */
export async function heldUsernames(db: Db, candidates: string[]): Promise<Set<string>> {
  if (!candidates.length) return new Set();
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, candidates));
  return new Set(rows.map((r) => r.username));
}

/** Whether someone other than `exceptId` holds the username, compared without regard to case. */
export async function usernameHeldByOther(db: Db, username: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${byUsername(username)} and ${users.id} <> ${exceptId}`)
    .limit(1);
  return !!row;
}

export async function insertUser(db: Db, values: NewUser): Promise<User> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Deletes the account, keeping the token version its tokens must now carry (deletedAccounts). */
export async function deleteUser(db: Db, id: number, revokedTokenVersion: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
  await db
    .insert(deletedAccounts)
    .values({ userId: id, tokenVersion: revokedTokenVersion })
    .onConflictDoUpdate({ target: deletedAccounts.userId, set: { tokenVersion: revokedTokenVersion } });
}

/** Holds the admins' rows to the end of the caller's transaction and counts those not banned. */
export async function lockActiveAdmins(db: Db): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.role} = 'admin' and ${users.bannedAt} is null`)
    .for('update');
  return rows.length;
}

export async function findUserForUpdate(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return user;
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

/** Users whose earlier tokens were revoked, with the version a token must now carry. */
export async function revokedTokenVersions(
  db: Db,
): Promise<Array<{ user_id: number; token_version: number }>> {
  const [live, deleted] = await Promise.all([
    db
      .select({ user_id: users.id, token_version: users.tokenVersion })
      .from(users)
      .where(gt(users.tokenVersion, 0)),
    db
      .select({ user_id: deletedAccounts.userId, token_version: deletedAccounts.tokenVersion })
      .from(deletedAccounts),
  ]);
  return [...live, ...deleted];
}

import { and, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { memberships, subscriptions } from '../../db/schema';
import type { Db, Membership, MembershipFields, NewSubscription } from '../../db/types';

/** Namespace of the advisory locks that serialise membership changes per user. */
const MEMBERSHIP_LOCK_SPACE = 4242;

/** Serialises every change to one user's membership until the transaction ends. */
export async function lockUserMembership(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBERSHIP_LOCK_SPACE}, ${userId})`);
}

export async function findMembership(db: Db, userId: number): Promise<Membership | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
  return row;
}

/** Locks the user's membership row for the rest of the transaction (serialises concurrent changes). */
export async function lockMembership(db: Db, userId: number): Promise<Membership | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .for('update')
    .limit(1);
  return row;
}

export async function saveMembership(
  db: Db,
  userId: number,
  fields: MembershipFields,
  now: Date,
): Promise<Membership> {
  const [row] = await db
    .insert(memberships)
    .values({ userId, ...fields, version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: memberships.userId,
      set: { ...fields, version: sql`${memberships.version} + 1`, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function userHadTrial(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(sql`${subscriptions.userId} = ${userId} and ${subscriptions.hadTrial}`);
  return (row?.n ?? 0) > 0;
}

export async function saveSubscription(db: Db, row: NewSubscription): Promise<void> {
  await db
    .insert(subscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: { ...row, hadTrial: sql`${subscriptions.hadTrial} or ${row.hadTrial ?? false}` },
    });
}

/** Users whose granted membership is still marked active although its end has passed. */
export async function findExpiredGrants(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(eq(memberships.source, 'grant'), eq(memberships.status, 'active'), lt(memberships.endsAt, now)),
    )
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** The user's subscriptions the provider has not ended. */
export async function liveSubscriptionIds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNull(subscriptions.endedAt),
        notInArray(subscriptions.status, ['canceled', 'incomplete_expired']),
      ),
    );
  return rows.map((r) => r.id);
}

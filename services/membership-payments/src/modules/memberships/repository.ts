import type { MembershipNoticeChange } from '@linksmate/proto';
import { and, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { membershipNotices, memberships, subscriptions } from '../../db/schema';
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

/** A membership whose renewal or end comes within the notice period, not yet told. */
export interface DueMembershipNotice {
  userId: number;
  change: MembershipNoticeChange;
  on: Date;
  type: string | null;
  trial: boolean;
  source: 'purchase' | 'grant';
}

/**
 * Memberships in force whose date comes within `lead` of `now` and was not told yet: their end
 * when one is set (a cancelled subscription, a granted membership), else the renewal of a
 * subscription (the trial's end for one in its trial). Lifetime memberships have neither.
 */
export async function findDueMembershipNotices(
  db: Db,
  now: Date,
  leadMs: number,
  limit: number,
): Promise<DueMembershipNotice[]> {
  const result = await db.execute<{
    user_id: number;
    change: MembershipNoticeChange;
    on_date: string | Date;
    type: string | null;
    trial: boolean;
    source: 'purchase' | 'grant';
  }>(sql`
    select * from (
      select m.user_id, m.type, m.source, m.status = 'trialing' as trial,
             case when m.ends_at is not null then 'ends' else 'renews' end as change,
             case
               when m.ends_at is not null then m.ends_at
               when m.source = 'purchase' and m.provider_subscription_id is not null then
                 case when m.status = 'trialing' then coalesce(m.trial_ends_at, m.current_period_ends_at)
                      else m.current_period_ends_at end
             end as on_date
        from memberships m
       where m.status in ('active', 'trialing')
    ) due
     where due.on_date > ${now.toISOString()}::timestamptz
       and due.on_date <= ${new Date(now.getTime() + leadMs).toISOString()}::timestamptz
       and not exists (
         select 1 from membership_notices n
          where n.user_id = due.user_id and n.change = due.change and n.due_at = due.on_date)
     order by due.on_date, due.user_id
     limit ${limit}`);
  return result.rows.map((r) => ({
    userId: r.user_id,
    change: r.change,
    on: new Date(r.on_date),
    type: r.type,
    trial: r.trial,
    source: r.source,
  }));
}

/** Records the notices as told, in the caller's transaction; returns those not recorded before. */
export async function recordMembershipNotices(
  db: Db,
  due: DueMembershipNotice[],
  now: Date,
): Promise<DueMembershipNotice[]> {
  if (!due.length) return [];
  const inserted = await db
    .insert(membershipNotices)
    .values(due.map((d) => ({ userId: d.userId, change: d.change, dueAt: d.on, sentAt: now })))
    .onConflictDoNothing()
    .returning({ userId: membershipNotices.userId, change: membershipNotices.change });
  const fresh = new Set(inserted.map((r) => `${r.userId}:${r.change}`));
  return due.filter((d) => fresh.has(`${d.userId}:${d.change}`));
}

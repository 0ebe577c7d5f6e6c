import { eq, sql } from 'drizzle-orm';
import { digestStates } from '../../db/schema';
import type { Db } from '../../db/types';

export async function digestWanted(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: digestStates.emailDigest })
    .from(digestStates)
    .where(eq(digestStates.userId, userId));
  return row?.on ?? true;
}

export async function setDigestWanted(db: Db, userId: number, on: boolean, now: Date): Promise<void> {
  await db
    .insert(digestStates)
    .values({ userId, emailDigest: on, updatedAt: now })
    .onConflictDoUpdate({ target: digestStates.userId, set: { emailDigest: on, updatedAt: now } });
}

export interface DigestDue {
  userId: number;
  email: string;
  username: string;
  count: number;
  newestId: number;
  senders: string[];
}

/**
 * People with direct messages unread for at least `missedAfter`, newer than their last digest told
 * them of, who want the digest and were not mailed within `interval`: one row each, with who wrote.
 */
export async function digestsDue(
  db: Db,
  now: Date,
  missedAfterMs: number,
  intervalMs: number,
): Promise<DigestDue[]> {
  const missedBefore = new Date(now.getTime() - missedAfterMs);
  const mailedBefore = new Date(now.getTime() - intervalMs);
  const result = await db.execute<{
    user_id: number;
    email: string;
    username: string;
    count: number;
    newest_id: number | string;
    senders: string[];
  }>(sql`
    select m.receiver_user_id as user_id, u.email, u.username, count(*)::int as count,
      max(m.id) as newest_id,
      (array_agg(distinct coalesce(nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.username)))[1:3] as senders
    from messages m
    join users u on u.id = m.receiver_user_id and not u.deleted and not u.banned and u.email <> ''
    left join users s on s.id = m.sender_user_id
    left join digest_states d on d.user_id = m.receiver_user_id
    where m.read_at is null and m.receiver_user_id is not null and m.sent_at <= ${missedBefore}
      and m.id > coalesce(d.last_message_id, 0) and coalesce(d.email_digest, true)
      and (d.last_sent_at is null or d.last_sent_at <= ${mailedBefore})
    group by m.receiver_user_id, u.email, u.username
    limit 500`);
  return result.rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    username: r.username,
    count: Number(r.count),
    newestId: Number(r.newest_id),
    senders: r.senders.filter(Boolean),
  }));
}

/** The digest sent: when, and up to which message, so the next tells only of later ones. */
export async function markDigestSent(db: Db, userId: number, newestId: number, now: Date): Promise<void> {
  await db
    .insert(digestStates)
    .values({ userId, lastSentAt: now, lastMessageId: newestId, updatedAt: now })
    .onConflictDoUpdate({
      target: digestStates.userId,
      set: { lastSentAt: now, lastMessageId: newestId, updatedAt: now },
    });
}

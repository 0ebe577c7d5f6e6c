import type { Notification, NotificationChannel, NotificationKind } from '@linksmate/proto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { notificationPreferences, notifications, users } from '../../db/schema';
import type { Db } from '../../db/types';
import type { NotificationDraft } from './rules';

export type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    count: row.count,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Stores one; with a collapse key an unread one of the same key is renewed (its text, time and
 * count) instead: `collapsed` says which happened.
 */
export async function upsertNotification(
  tx: Db,
  draft: NotificationDraft,
  sourceEventId: string,
  now: Date,
): Promise<{ row: NotificationRow; collapsed: boolean }> {
  const values = {
    recipientUserId: draft.recipientUserId,
    kind: draft.kind,
    title: draft.title,
    body: draft.body,
    link: draft.link,
    collapseKey: draft.collapseKey ?? null,
    sourceEventId,
    createdAt: now,
  };
  if (!draft.collapseKey) {
    const [row] = await tx.insert(notifications).values(values).returning();
    return { row: row!, collapsed: false };
  }
  const [row] = await tx
    .insert(notifications)
    .values(values)
    .onConflictDoUpdate({
      target: [notifications.recipientUserId, notifications.collapseKey],
      targetWhere: sql`${notifications.readAt} is null and ${notifications.collapseKey} is not null`,
      set: {
        kind: sql`excluded.kind`,
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        link: sql`excluded.link`,
        sourceEventId: sql`excluded.source_event_id`,
        createdAt: sql`excluded.created_at`,
        count: sql`${notifications.count} + 1`,
      },
    })
    .returning();
  return { row: row!, collapsed: row!.count > 1 };
}

/**
 * One notification for every person messaging knows who has not turned the kind off, in a single
 * INSERT … SELECT: an announcement to ten thousand people is one statement, not ten thousand.
 */
export async function fanOutToEveryone(
  tx: Db,
  draft: Omit<NotificationDraft, 'recipientUserId'>,
  sourceEventId: string,
  now: Date,
): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${notifications} (recipient_user_id, kind, title, body, link, source_event_id, created_at)
    select u.id, ${draft.kind}, ${draft.title}, ${draft.body}, ${draft.link}, ${sourceEventId}::uuid, ${now}
    from ${users} u
    left join ${notificationPreferences} p on p.user_id = u.id and p.kind = ${draft.kind}
    where not u.deleted and not u.banned and coalesce(p.channel, 'in_app') <> 'off'`);
  return result.rowCount ?? 0;
}

/** The recipient's own, newest first. */
export function notificationsPage(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientUserId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotifications(db: Db, userId: number): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(eq(notifications.recipientUserId, userId));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Marks the recipient's own one read (kept as first read); another's id finds nothing. */
export async function markRead(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientUserId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.recipientUserId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function chosenChannels(
  db: Db,
  userId: number,
): Promise<Map<NotificationKind, NotificationChannel>> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map(rows.map((r) => [r.kind, r.channel]));
}

export async function chosenChannel(
  db: Db,
  userId: number,
  kind: NotificationKind,
): Promise<NotificationChannel | undefined> {
  const [row] = await db
    .select({ channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row?.channel;
}

export async function saveChannels(
  db: Db,
  userId: number,
  choices: Array<{ kind: NotificationKind; channel: NotificationChannel }>,
  now: Date,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(choices.map((c) => ({ userId, kind: c.kind, channel: c.channel, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { channel: sql`excluded.channel`, updatedAt: now },
    });
}

import type { Announcement } from '@linksmate/proto';
import { desc, sql } from 'drizzle-orm';
import { announcements } from '../../db/schema';
import type { AnnouncementRow, Db } from '../../db/types';

export function toAnnouncement(row: AnnouncementRow): Announcement {
  return { id: row.id, content: row.content, sent_at: row.sentAt.toISOString(), sender_name: row.senderName };
}

export async function insertAnnouncement(
  tx: Db,
  values: typeof announcements.$inferInsert,
): Promise<AnnouncementRow> {
  const [row] = await tx.insert(announcements).values(values).returning();
  return row!;
}

/** Newest first. */
export async function announcementsPage(
  db: Db,
  page: { limit: number; offset: number },
): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.sentAt), desc(announcements.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAnnouncements(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(announcements);
  return Number(row?.n ?? 0);
}

import { badRequest, type EventMeta } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  ANNOUNCEMENT_MAX_LENGTH,
  AnnouncementPublished,
  type AnnouncementsQuery,
  type AnnouncementsReply,
  type CreateAnnouncementBody,
  type CreateAnnouncementReply,
  DEFAULT_ANNOUNCEMENT_SENDER,
  MESSAGING_MESSAGES,
  PAGE_SIZES,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Projections } from '../projections/service';
import { announcementsPage, countAnnouncements, insertAnnouncement, toAnnouncement } from './repository';

/**
 * Platform announcements (spec 2 "Announcements", spec 3 "Platform Announcements"): site admins
 * publish, everyone signed in reads them, newest first; each one is pushed live to every socket.
 */
export class AnnouncementsService {
  constructor(private readonly deps: ModuleContext & { projections: Projections }) {}

  async list(query: AnnouncementsQuery): Promise<AnnouncementsReply> {
    const limit = query.limit ?? PAGE_SIZES.announcements;
    const offset = query.offset ?? 0;
    const db = this.deps.runtime.db;
    const [rows, total] = await Promise.all([
      announcementsPage(db, { limit, offset }),
      countAnnouncements(db),
    ]);
    return { announcements: rows.map(toAnnouncement), total, limit, offset };
  }

  async publish(
    admin: Pick<AccessTokenClaims, 'user_id'>,
    body: CreateAnnouncementBody,
    meta: EventMeta,
  ): Promise<CreateAnnouncementReply> {
    const content = typeof body.content === 'string' ? body.content.trim() : '';
    if (!content) throw badRequest(MESSAGING_MESSAGES.announcementBlank, 'announcement_blank');
    if (content.length > ANNOUNCEMENT_MAX_LENGTH)
      throw badRequest(MESSAGING_MESSAGES.announcementTooLong, 'announcement_too_long');
    const db = this.deps.runtime.db;
    const sender = await this.deps.projections.user(db, admin.user_id);
    const senderName =
      [sender?.firstName, sender?.lastName].filter(Boolean).join(' ').trim() || DEFAULT_ANNOUNCEMENT_SENDER;
    const now = this.deps.clock();
    const row = await db.transaction(async (tx) => {
      const stored = await insertAnnouncement(tx, {
        content,
        senderUserId: admin.user_id,
        senderName,
        sentAt: now,
      });
      await this.deps.runtime.publish(
        tx,
        this.deps.runtime.event(
          AnnouncementPublished,
          {
            announcement_id: stored.id,
            content: stored.content,
            sender_name: stored.senderName,
            sent_at: stored.sentAt.toISOString(),
          },
          meta,
        ),
      );
      return stored;
    });
    return { message: 'Announcement sent', announcement: toAnnouncement(row) };
  }
}

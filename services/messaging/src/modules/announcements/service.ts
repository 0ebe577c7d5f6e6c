import { badRequest, type EventMeta } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  ANNOUNCEMENT_MAX_LENGTH,
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
import { AnnouncementNotices } from './notify';
import { announcementsPage, countAnnouncements, insertAnnouncement, toAnnouncement } from './repository';

/**
 * Platform announcements (spec 2 "Announcements", spec 3 "Platform Announcements"): site admins
 * publish, everyone signed in reads them, newest first; each one is pushed live to every socket.
 */
export class AnnouncementsService {
  private readonly notices: AnnouncementNotices;

  constructor(private readonly deps: ModuleContext & { projections: Projections }) {
    this.notices = new AnnouncementNotices(deps.runtime);
  }

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

  /** A site admin's announcement: stored, and told to every socket once stored. */
  async send(
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
      await this.notices.published(tx, stored, meta);
      return stored;
    });
    return { message: 'Announcement sent', announcement: toAnnouncement(row) };
  }
}

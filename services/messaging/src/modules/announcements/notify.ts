import type { EventMeta } from '@linksmate/platform';
import { AnnouncementPublished } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { AnnouncementRow, Db } from '../../db/types';

/** A new announcement, for the gateway to push to every socket, written to the outbox in the caller's transaction. */
export class AnnouncementNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  published(tx: Db, announcement: AnnouncementRow, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        AnnouncementPublished,
        {
          announcement_id: announcement.id,
          content: announcement.content,
          sender_name: announcement.senderName,
          sent_at: announcement.sentAt.toISOString(),
        },
        meta,
      ),
    );
  }
}

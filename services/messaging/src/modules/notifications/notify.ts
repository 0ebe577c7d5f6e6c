import type { EventMeta } from '@linksmate/platform';
import { EmailRequested, NotificationCreated } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, UserRow } from '../../db/types';
import { type NotificationRow, toNotification } from './repository';
import type { NotificationDraft } from './rules';

/**
 * What the notification centre tells, written to the outbox in the caller's transaction: the
 * gateway pushes each new one to its recipient's sockets; an e-mail is asked of messaging's own
 * mail delivery where the recipient chose e-mail.
 */
export class NotificationNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  created(tx: Db, row: NotificationRow, collapsed: boolean, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        NotificationCreated,
        { recipient_user_id: row.recipientUserId, collapsed, notification: toNotification(row) },
        meta,
      ),
    );
  }

  email(
    tx: Db,
    recipient: UserRow,
    row: NotificationRow,
    meta: EventMeta,
    extra: NotificationDraft['mail'] = {},
  ): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        EmailRequested,
        {
          to: recipient.email,
          template: 'notification',
          variables: {
            username: recipient.username,
            title: row.title,
            body: row.body,
            link: row.link,
            ...extra,
          },
          user_id: recipient.id,
        },
        meta,
      ),
    );
  }
}

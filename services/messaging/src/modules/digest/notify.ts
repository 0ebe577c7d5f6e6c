import type { EventMeta } from '@linksmate/platform';
import { EmailRequested } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db } from '../../db/types';
import type { DigestDue } from './repository';

/** The digest mails, asked of messaging's own mail delivery through the outbox in the caller's transaction. */
export class DigestNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  digest(tx: Db, digest: DigestDue, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        EmailRequested,
        {
          to: digest.email,
          template: 'messages-digest',
          variables: { username: digest.username, count: digest.count, senders: digest.senders.join(', ') },
          user_id: digest.userId,
        },
        meta,
      ),
    );
  }
}

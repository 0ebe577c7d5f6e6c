import type { EventMeta } from '@linksmate/platform';
import {
  MESSAGE_DIGEST_AFTER_MS,
  MESSAGE_DIGEST_INTERVAL_MS,
  type MessagingPreferences,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import { DigestNotices } from './notify';
import { digestsDue, digestWanted, markDigestSent, setDigestWanted } from './repository';

/**
 * New messages while away (beyond the spec): a person with direct messages unread for a while gets
 * one e-mail about them at most once an hour, unless they turned it off on their profile.
 */
export class DigestService {
  private readonly notices: DigestNotices;

  constructor(private readonly deps: ModuleContext) {
    this.notices = new DigestNotices(deps.runtime);
  }

  async preferences(userId: number): Promise<MessagingPreferences> {
    return { email_digest: await digestWanted(this.deps.runtime.db, userId) };
  }

  async setPreferences(userId: number, body: MessagingPreferences): Promise<MessagingPreferences> {
    await setDigestWanted(this.deps.runtime.db, userId, body.email_digest, this.deps.clock());
    return { email_digest: body.email_digest };
  }

  /** One sweep: each digest due is asked for (an e-mail request in the outbox) and marked sent, together. */
  async sendDue(meta: EventMeta = {}): Promise<number> {
    const now = this.deps.clock();
    const { runtime } = this.deps;
    const due = await digestsDue(runtime.db, now, MESSAGE_DIGEST_AFTER_MS, MESSAGE_DIGEST_INTERVAL_MS);
    for (const digest of due) {
      await runtime.db.transaction(async (tx) => {
        await markDigestSent(tx, digest.userId, digest.newestId, now);
        await this.notices.digest(tx, digest, meta);
      });
    }
    return due.length;
  }
}

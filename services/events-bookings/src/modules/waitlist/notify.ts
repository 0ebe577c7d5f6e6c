import { WaitlistOffered } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, EventRow } from '../../db/types';

/** What the waitlist tells the gateway (a live nudge to the person offered a seat), in the caller's transaction. */
export class WaitlistNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  offered(tx: Db, event: EventRow, userId: number, offerExpiresAt: Date, now: Date): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(WaitlistOffered, {
        event_id: event.id,
        event_title: event.title,
        user_id: userId,
        offer_expires_at: offerExpiresAt.toISOString(),
        occurred_at: now.toISOString(),
      }),
    );
  }
}

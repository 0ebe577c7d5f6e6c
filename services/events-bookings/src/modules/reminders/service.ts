import { SpanKind, withSpan } from '@linksmate/platform';
import type { ModuleContext } from '../../context';
import { ReminderNotices } from './notify';
import { findDueReminders, recordReminders } from './repository';

/** How many reminders one transaction records and publishes. */
const BATCH = 200;

/**
 * Reminders before a booked game or event (docs/product.md#reminders): the job finds the bookings
 * whose reminder fell due, records each (booking, reminder, start) and publishes it in one
 * transaction, so however many replicas run it, each reminder is published once.
 */
export class RemindersService {
  private readonly notices: ReminderNotices;

  constructor(private readonly deps: ModuleContext) {
    this.notices = new ReminderNotices(deps.runtime);
  }

  /** Publishes every reminder due now; returns how many. */
  async sendDue(signal?: AbortSignal): Promise<number> {
    let sent = 0;
    for (;;) {
      if (signal?.aborted) return sent;
      const now = this.deps.clock();
      const db = this.deps.runtime.db;
      const due = await findDueReminders(db, now, BATCH);
      if (!due.length) return sent;
      // A run that sends is traced: messaging's handling and the mail join this trace.
      const fresh = await withSpan(
        'job booking-reminders',
        { kind: SpanKind.INTERNAL, attributes: { 'linksmate.reminders.due': due.length } },
        () =>
          db.transaction(async (tx) => {
            const recorded = await recordReminders(tx, due, now);
            await this.notices.fellDue(tx, recorded, now);
            return recorded.length;
          }),
      );
      sent += fresh;
      if (due.length < BATCH) return sent;
    }
  }
}

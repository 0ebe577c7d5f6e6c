import type { EventMeta, ServiceRuntime } from '@linksmate/platform';
import { type Transaction, TransactionRecorded } from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db } from '../../db/types';

/** The transactions told to the admin area's revenue figures, written to the outbox in the caller's transaction. */
export class TransactionNotices {
  constructor(private readonly runtime: ServiceRuntime<typeof schema>) {}

  /** A transaction as the admin list shows it, less what only the list needs, and whose it is. */
  recorded(tx: Db, transaction: Transaction, userId: number | null, meta: EventMeta): Promise<void> {
    const { id, payment_intent_id, event_id, booking_id, ...facts } = transaction;
    return this.runtime.publish(
      tx,
      this.runtime.event(TransactionRecorded, { transaction_id: id, ...facts, user_id: userId }, meta),
    );
  }
}

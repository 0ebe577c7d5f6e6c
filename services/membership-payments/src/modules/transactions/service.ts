import type { EventMeta, ServiceRuntime } from '@linksmate/platform';
import type { Transaction, TransactionsQuery, TransactionsReply } from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, NewTransaction, TransactionRow } from '../../db/types';
import { TransactionNotices } from './notify';
import { insertTransaction, listTransactions } from './repository';

const toTransaction = (t: TransactionRow): Transaction => ({
  id: t.id,
  type: t.type,
  status: t.status,
  amount: t.amount,
  currency: t.currency,
  user_email: t.userEmail,
  description: t.description,
  created_at: t.createdAt.toISOString(),
  stripe_event_id: t.stripeEventId,
  payment_intent_id: t.paymentIntentId,
  event_id: t.eventId,
  booking_id: t.bookingId,
});

/** Every provider event as a transaction (docs/product.md#admin-calls, #admin-limits), recorded once and published. */
export class TransactionsService {
  private readonly notices: TransactionNotices;

  constructor(private readonly runtime: ServiceRuntime<typeof schema>) {
    this.notices = new TransactionNotices(runtime);
  }

  /** Records the event and publishes it; undefined when this provider event was recorded before. */
  async record(tx: Db, row: NewTransaction, meta: EventMeta): Promise<TransactionRow | undefined> {
    const recorded = await insertTransaction(tx, row);
    if (!recorded) return undefined;
    await this.notices.recorded(tx, toTransaction(recorded), recorded.userId, meta);
    return recorded;
  }

  async list(query: TransactionsQuery): Promise<TransactionsReply> {
    const { rows, total } = await listTransactions(this.runtime.db, query);
    return { transactions: rows.map(toTransaction), total };
  }
}

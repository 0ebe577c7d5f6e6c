import { sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { Db, NewPayment } from '../../db/types';

/**
 * Stores a payment's latest status. Returns false when nothing changed: the same status again, or
 * any status after it succeeded or was canceled (both are final: a webhook that arrives late, e.g.
 * `payment_intent.created` after the cancel, never moves it back).
 */
export async function recordPaymentStatus(
  db: Db,
  payment: Omit<NewPayment, 'updatedAt'>,
  now: Date,
): Promise<boolean> {
  const changed = await db
    .insert(payments)
    .values({ ...payment, updatedAt: now })
    .onConflictDoUpdate({
      target: payments.providerPaymentIntentId,
      set: { status: payment.status, updatedAt: now },
      // After a decline the intent "requires a payment method": the same state told another way, so
      // a failed payment is not moved back and then failed (and published) a second time.
      setWhere: sql`${payments.status} <> ${payment.status} and ${payments.status} not in ('succeeded', 'canceled')
        and not (${payments.status} = 'failed' and ${payment.status} = 'requires_payment_method')`,
    })
    .returning({ id: payments.id });
  return changed.length > 0;
}

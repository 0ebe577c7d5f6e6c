import { eq, sql } from 'drizzle-orm';
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
      target: payments.paymentIntentId,
      set: { status: payment.status, updatedAt: now },
      // A failed payment moves on only when a new attempt is under way or done. After a decline the
      // intent "requires a payment method" (the same state told another way), and a late snapshot
      // from before the attempt reads "pending": neither may move it back, or the next report of the
      // decline would fail (and publish) it a second time.
      setWhere: sql`${payments.status} <> ${payment.status} and ${payments.status} not in ('succeeded', 'canceled')
        and not (${payments.status} = 'failed' and ${payment.status} in ('requires_payment_method', 'pending'))`,
    })
    .returning({ id: payments.id });
  return changed.length > 0;
}

export type PaymentRow = typeof payments.$inferSelect;

/** The ledger's row of one provider payment intent. */
export async function paymentByIntent(db: Db, paymentIntentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId));
  return row;
}

/** Adds facts to a payment's metadata (what was refunded, for which booking); keys given win. */
export async function mergePaymentMetadata(
  db: Db,
  paymentIntentId: string,
  patch: Record<string, string | number | boolean | null>,
  now: Date,
): Promise<void> {
  await db
    .update(payments)
    .set({ metadata: sql`${payments.metadata} || ${JSON.stringify(patch)}::jsonb`, updatedAt: now })
    .where(eq(payments.paymentIntentId, paymentIntentId));
}

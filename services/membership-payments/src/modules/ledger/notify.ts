import type { EventMeta, ServiceRuntime } from '@linksmate/platform';
import { type EventData, type PaymentPurpose, PaymentRefunded, PaymentSucceeded } from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db } from '../../db/types';

/** A payment as its events tell it: the amount charged (cents, GST included) and what it was for. */
export interface PaymentFacts {
  paymentIntentId: string;
  userId: number;
  amount: number;
  gstAmount: number;
  currency: string;
  purpose: PaymentPurpose;
  metadata: Record<string, string | number | boolean | null>;
}

/** What the ledger tells the contexts that act on payments, written to the outbox in the caller's transaction. */
export class PaymentNotices {
  constructor(private readonly runtime: ServiceRuntime<typeof schema>) {}

  succeeded(tx: Db, payment: PaymentFacts, now: Date, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(PaymentSucceeded, this.facts(payment, now), meta));
  }

  /** `amountRefunded` is everything refunded of the payment so far, the largest total told yet. */
  refunded(tx: Db, payment: PaymentFacts, amountRefunded: number, now: Date, meta: EventMeta): Promise<void> {
    const facts = this.facts(
      { ...payment, metadata: { ...payment.metadata, amount_refunded: amountRefunded } },
      now,
    );
    return this.runtime.publish(
      tx,
      this.runtime.event(
        PaymentRefunded,
        { ...facts, amount_refunded: amountRefunded, full: amountRefunded >= payment.amount },
        meta,
      ),
    );
  }

  private facts(payment: PaymentFacts, now: Date): EventData<typeof PaymentSucceeded> {
    return {
      payment_id: payment.paymentIntentId,
      provider_payment_intent_id: payment.paymentIntentId,
      user_id: payment.userId,
      amount: payment.amount,
      gst_amount: payment.gstAmount,
      currency: payment.currency,
      purpose: payment.purpose,
      metadata: payment.metadata,
      occurred_at: now.toISOString(),
    };
  }
}

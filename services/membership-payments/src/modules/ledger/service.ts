import type { Clock, EventMeta, ServiceRuntime } from '@linksmate/platform';
import {
  type EventPaymentPurpose,
  gstInsideCents,
  isEventPaymentPurpose,
  type PaymentPurpose,
} from '@linksmate/proto';
import type Stripe from 'stripe';
import type * as schema from '../../db/schema';
import type { Db } from '../../db/types';
import { PaymentNotices } from './notify';
import { mergePaymentMetadata, type PaymentRow, paymentByIntent, recordPaymentStatus } from './repository';

export type { PaymentRow } from './repository';

export interface PaymentOutcome {
  paymentIntentId: string;
  userId: number;
  purpose: PaymentPurpose;
  planId: string | null;
  /** Charged amount in cents, GST included. */
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string | number | boolean | null>;
}

/**
 * Every payment's latest status. A payment that newly succeeds is published once, with its purpose
 * and metadata, for the contexts that act on it (bookings, for event payments).
 */
export class PaymentsLedger {
  private readonly notices: PaymentNotices;

  constructor(
    runtime: ServiceRuntime<typeof schema>,
    private readonly clock: Clock,
  ) {
    this.notices = new PaymentNotices(runtime);
  }

  async record(tx: Db, outcome: PaymentOutcome, meta: EventMeta): Promise<boolean> {
    const now = this.clock();
    const gst =
      outcome.metadata.gst_amount !== undefined
        ? Number(outcome.metadata.gst_amount)
        : gstInsideCents(outcome.amount);
    const changed = await recordPaymentStatus(
      tx,
      {
        paymentIntentId: outcome.paymentIntentId,
        userId: outcome.userId,
        purpose: outcome.purpose,
        planId: outcome.planId,
        amount: outcome.amount,
        gstAmount: gst,
        currency: outcome.currency,
        status: outcome.status,
        metadata: outcome.metadata,
      },
      now,
    );
    if (!changed || (outcome.status !== 'succeeded' && outcome.status !== 'failed')) return false;
    // A failure is only recorded: the person is answered at once, and their held seat or checkout stays
    // open for another card, so no other context acts on it (docs/events.md#removed-contracts).
    if (outcome.status === 'succeeded')
      await this.notices.succeeded(tx, { ...outcome, gstAmount: gst }, now, meta);
    return true;
  }
}

/** What the provider's charge says was refunded of a payment, all told. */
export interface RefundFacts {
  paymentIntentId: string;
  /** The charge's whole amount and how much of it went back so far. */
  amount: number;
  amountRefunded: number;
  currency: string;
}

/** The refunds of payments: which booking was refunded, and how much went back, all told. */
export class RefundsLedger {
  private readonly notices: PaymentNotices;

  constructor(
    private readonly runtime: ServiceRuntime<typeof schema>,
    private readonly clock: Clock,
  ) {
    this.notices = new PaymentNotices(runtime);
  }

  payment(db: Db, paymentIntentId: string): Promise<PaymentRow | undefined> {
    return paymentByIntent(db, paymentIntentId);
  }

  /** Before the provider is asked: the booking and the reason, so its refund event finds them. */
  refundAsked(paymentIntentId: string, bookingId: number | undefined, reason: string): Promise<void> {
    return mergePaymentMetadata(
      this.runtime.db,
      paymentIntentId,
      { refund_reason: reason, ...(bookingId ? { booking_id: bookingId } : {}) },
      this.clock(),
    );
  }

  /**
   * A `charge.refunded` the provider sent (a refund asked for here or made in its dashboard): the
   * total refunded is kept on the payment and published as `payments.payment.refunded`, once per
   * provider event (the caller records the event once). Only payments the ledger knows are told.
   */
  async refunded(tx: Db, facts: RefundFacts, meta: EventMeta): Promise<boolean> {
    const payment = await paymentByIntent(tx, facts.paymentIntentId);
    if (!payment) return false;
    const before = Number(payment.metadata.amount_refunded ?? 0);
    const total = Math.max(before, facts.amountRefunded);
    await mergePaymentMetadata(tx, facts.paymentIntentId, { amount_refunded: total }, this.clock());
    await this.notices.refunded(
      tx,
      {
        paymentIntentId: payment.paymentIntentId,
        userId: payment.userId,
        amount: facts.amount,
        gstAmount: payment.gstAmount,
        currency: facts.currency,
        purpose: payment.purpose,
        metadata: payment.metadata,
      },
      total,
      this.clock(),
      meta,
    );
    return true;
  }
}

/** A lifetime membership payment as the ledger records it. */
export function lifetimeOutcome(intent: Stripe.PaymentIntent, userId: number): PaymentOutcome {
  return {
    paymentIntentId: intent.id,
    userId,
    purpose: 'membership',
    planId: 'lifetime',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    metadata: { plan_id: 'lifetime', gst_amount: Number(intent.metadata?.gst_amount ?? 0) },
  };
}

/** Whether a payment intent buys the lifetime membership. */
export const isLifetimePayment = (intent: Stripe.PaymentIntent) =>
  intent.metadata?.purpose === 'membership' && intent.metadata.plan_id === 'lifetime';

/** Whether a payment intent pays for seats of an event (events-bookings asked for it). */
export const isEventPayment = (intent: Pick<Stripe.PaymentIntent, 'metadata'>) =>
  isEventPaymentPurpose(intent.metadata?.purpose);

/** An event payment's status in the ledger's terms: a decline is a failure, anything unfinished pending. */
export function eventPaymentStatus(intent: Stripe.PaymentIntent): string {
  if (intent.status === 'succeeded' || intent.status === 'canceled') return intent.status;
  if (intent.last_payment_error && intent.status === 'requires_payment_method') return 'failed';
  return 'pending';
}

/** An event payment (paid join or slot purchase) as the ledger records it, with all its metadata. */
export function eventOutcome(intent: Stripe.PaymentIntent, userId: number, status?: string): PaymentOutcome {
  const metadata: PaymentOutcome['metadata'] = { ...(intent.metadata ?? {}) };
  return {
    paymentIntentId: intent.id,
    userId,
    purpose: intent.metadata.purpose as EventPaymentPurpose,
    planId: null,
    amount: intent.amount,
    currency: intent.currency,
    status: status ?? eventPaymentStatus(intent),
    metadata,
  };
}

import { conflict, type EventMeta, HttpError, notFound } from '@linksmate/platform';
import type {
  EventPayment,
  EventPaymentIntentBody,
  EventRefundBody,
  EventRefundReply,
} from '@linksmate/proto';
import type Stripe from 'stripe';
import type { Db } from '../../db/types';
import type { CheckoutService } from '../checkout/service';
import { eventOutcome, isEventPayment, type PaymentsLedger, type RefundsLedger } from '../ledger/service';
import type { PaymentsUsers } from '../users/service';

export const EVENT_PAYMENT_MESSAGES = {
  providerDown: 'The payment provider could not be reached. Please try again.',
  notAnEventPayment: 'No such event payment',
} as const;

/** The provider's refusals as answers: a 404 stays one, a request it will not do is a conflict. */
function providerFailure(err: unknown): never {
  const failure = err as { type?: string; statusCode?: number; message?: string; code?: string };
  if (failure.type === 'StripeInvalidRequestError' && failure.statusCode === 404)
    throw notFound(EVENT_PAYMENT_MESSAGES.notAnEventPayment);
  if (failure.type === 'StripeInvalidRequestError')
    throw conflict(
      failure.message ?? 'The payment provider refused the request',
      failure.code ?? 'provider_refused',
    );
  throw new HttpError(502, EVENT_PAYMENT_MESSAGES.providerDown, 'provider_unavailable');
}

export interface EventPaymentsDeps {
  db: Db;
  stripe: Stripe;
  checkout: CheckoutService;
  ledger: PaymentsLedger;
  refunds: RefundsLedger;
  users: PaymentsUsers;
}

/**
 * Payments for seats of events, asked for by events-bookings (internal routes): it prices and holds
 * the seats; this makes the provider's intent, reads its status, refunds or cancels it, and keeps
 * the ledger, which publishes `payments.payment.succeeded|failed` once per payment.
 */
export class EventPaymentsService {
  constructor(private readonly deps: EventPaymentsDeps) {}

  async create(body: EventPaymentIntentBody, meta: EventMeta): Promise<EventPayment> {
    const customer = await this.deps.checkout.ensureCustomer(body.user_id);
    const payer = await this.deps.users.find(body.user_id);
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(body.metadata)) metadata[key] = String(value);
    const intent = await this.deps.stripe.paymentIntents
      .create(
        {
          amount: body.amount,
          currency: body.currency.toLowerCase(),
          customer,
          description: body.description,
          ...(payer ? { receipt_email: payer.email } : {}),
          metadata: {
            ...metadata,
            user_id: String(body.user_id),
            purpose: body.purpose,
            gst_amount: String(body.gst_amount),
          },
        },
        { idempotencyKey: body.idempotency_key },
      )
      .catch(providerFailure);
    await this.apply(intent, meta);
    return this.toPayment(intent);
  }

  /** The intent as the provider has it now, applied to the ledger (which publishes a new outcome once). */
  async status(id: string, meta: EventMeta): Promise<EventPayment> {
    const intent = await this.retrieve(id);
    await this.apply(intent, meta);
    return this.toPayment(intent);
  }

  /**
   * All that is left of a paid intent back to the card. The provider's idempotency key is the
   * intent's own and the request the same whoever asks (a cancel, an event cancelled, a retry), so
   * however often and concurrently it is asked, one refund is made. The booking is noted in the
   * ledger first, so the provider's `charge.refunded` finds it; the answer says how much went back
   * in all (the charge as the provider has it after the refund).
   */
  async refund(id: string, body: EventRefundBody): Promise<EventRefundReply> {
    const intent = await this.retrieve(id);
    await this.deps.refunds.refundAsked(intent.id, body.booking_id, body.reason);
    const refund = await this.deps.stripe.refunds
      .create({ payment_intent: intent.id }, { idempotencyKey: `refund-${intent.id}` })
      .catch(providerFailure);
    const after = await this.deps.stripe.paymentIntents
      .retrieve(intent.id, { expand: ['latest_charge'] })
      .catch(providerFailure);
    const charge = after.latest_charge as Stripe.Charge | null;
    return {
      payment_intent_id: intent.id,
      refund_id: refund.id,
      status: refund.status ?? 'pending',
      amount: refund.amount,
      amount_refunded: charge?.amount_refunded ?? refund.amount,
      amount_paid: charge?.amount ?? intent.amount,
    };
  }

  /**
   * Cancels an intent not paid yet. One that was paid (or canceled) meanwhile cannot be: the answer
   * is then its current state, so the caller sees that it succeeded.
   */
  async cancel(id: string, meta: EventMeta): Promise<EventPayment> {
    const intent = await this.retrieve(id);
    let current = intent;
    if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
      current = await this.deps.stripe.paymentIntents.cancel(intent.id).catch(async (err) => {
        if ((err as { type?: string }).type !== 'StripeInvalidRequestError') providerFailure(err);
        return this.retrieve(id);
      });
    }
    await this.apply(current, meta);
    return this.toPayment(current);
  }

  private async retrieve(id: string): Promise<Stripe.PaymentIntent> {
    const intent = await this.deps.stripe.paymentIntents.retrieve(id).catch(providerFailure);
    if (!isEventPayment(intent)) throw notFound(EVENT_PAYMENT_MESSAGES.notAnEventPayment);
    return intent;
  }

  private async apply(intent: Stripe.PaymentIntent, meta: EventMeta): Promise<void> {
    const userId = Number(intent.metadata.user_id);
    if (!userId) return;
    await this.deps.db.transaction((tx) => this.deps.ledger.record(tx, eventOutcome(intent, userId), meta));
  }

  private toPayment(intent: Stripe.PaymentIntent): EventPayment {
    return {
      payment_intent_id: intent.id,
      client_secret: intent.client_secret,
      status: intent.status,
      user_id: Number(intent.metadata.user_id) || null,
      amount: intent.amount,
      currency: intent.currency,
      metadata: { ...intent.metadata },
    };
  }
}

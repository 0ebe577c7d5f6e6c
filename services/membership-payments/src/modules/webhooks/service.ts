import { badRequest, type EventMeta, stripeWebhooks } from '@linksmate/platform';
import type { WebhookReply } from '@linksmate/proto';
import type Stripe from 'stripe';
import type { Db } from '../../db/types';
import {
  eventOutcome,
  isEventPayment,
  isLifetimePayment,
  lifetimeOutcome,
  type PaymentsLedger,
  type RefundsLedger,
} from '../ledger/service';
import type { MembershipService } from '../memberships/service';
import { planById } from '../plans/service';
import type { TransactionsService } from '../transactions/service';
import type { PaymentsUsers } from '../users/service';

export interface WebhookDeps {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  memberships: MembershipService;
  ledger: PaymentsLedger;
  refunds: RefundsLedger;
  users: PaymentsUsers;
  transactions: TransactionsService;
}

type Described = {
  status: string;
  amount: number;
  currency: string;
  description: string;
  userId?: number;
  customerId?: string;
  subscriptionId?: string;
  /** The payment intent the event is about (an intent's own id, a charge's intent). */
  paymentIntentId?: string;
  eventId?: number;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

const STATUS_BY_TYPE: Record<string, string> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
  'invoice.paid': 'succeeded',
  'invoice.payment_succeeded': 'succeeded',
  'invoice.payment_failed': 'failed',
  'setup_intent.succeeded': 'succeeded',
  'setup_intent.setup_failed': 'failed',
  'charge.succeeded': 'succeeded',
  'charge.refunded': 'processed',
};

/** An intent's own status in the statuses transactions are filtered by (docs/product.md#admin-limits). */
function intentStatus(status: unknown): string {
  if (status === 'succeeded' || status === 'canceled' || status === 'requires_payment_method') return status;
  return 'pending';
}

/** What a provider event says, in the terms of a transaction (docs/product.md#admin-entities, #admin-limits). */
function describe(event: Stripe.Event): Described {
  const object = event.data.object as unknown as Record<string, unknown>;
  const metadata = (object.metadata ?? {}) as Record<string, string>;
  const userId = Number(metadata.user_id) || undefined;
  const customerId = idOf(object.customer as string | { id: string } | null);
  const status =
    STATUS_BY_TYPE[event.type] ??
    (event.type.startsWith('payment_intent.') ? intentStatus(object.status) : 'processed');
  const paymentIntentId =
    object.object === 'payment_intent'
      ? String(object.id)
      : idOf(object.payment_intent as string | { id: string } | null | undefined);
  const common = {
    status,
    userId,
    customerId,
    currency: String(object.currency ?? 'aud'),
    paymentIntentId,
    eventId: Number(metadata.event_id) || undefined,
  };
  const membershipName = (planId: string | undefined) => {
    const plan = planById(planId ?? '');
    return plan ? `${plan.name} membership` : 'Membership';
  };
  switch (object.object) {
    case 'payment_intent':
      return {
        ...common,
        amount: Number(object.amount ?? 0),
        description: String(object.description ?? 'Card payment'),
      };
    case 'invoice': {
      const parent = object.parent as {
        subscription_details?: { subscription?: string; metadata?: Record<string, string> };
      } | null;
      const details = parent?.subscription_details;
      const reason = object.billing_reason === 'subscription_cycle' ? 'renewal' : 'first invoice';
      return {
        ...common,
        userId: Number(details?.metadata?.user_id) || undefined,
        subscriptionId: details?.subscription,
        amount: Number(
          event.type === 'invoice.payment_failed'
            ? object.amount_due
            : (object.amount_paid ?? object.amount_due ?? 0),
        ),
        description: `${membershipName(details?.metadata?.plan_id)} ${reason}`,
      };
    }
    case 'subscription':
      return {
        ...common,
        subscriptionId: String(object.id),
        amount: 0,
        description: `${membershipName(metadata.plan_id)} subscription ${String(object.status)}`,
      };
    case 'setup_intent':
      return {
        ...common,
        subscriptionId: metadata.subscription,
        amount: 0,
        description: 'Card saved for membership',
      };
    case 'charge':
      return {
        ...common,
        amount: Number(event.type === 'charge.refunded' ? object.amount_refunded : object.amount),
        description: event.type === 'charge.refunded' ? 'Refund' : 'Card charge',
      };
    case 'refund':
      // One refund, as the provider made it: this amount (the charge's event says the total).
      return { ...common, amount: Number(object.amount ?? 0), description: 'Refund to card' };
    default:
      return { ...common, amount: Number(object.amount ?? 0), description: event.type };
  }
}

/**
 * The provider's webhooks: signature checked on the raw body, each event handled once however
 * often it is delivered, recorded as a transaction, and applied from the provider's current state
 * so that events arriving out of order still end in the right membership.
 */
export class WebhookService {
  constructor(private readonly deps: WebhookDeps) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookReply> {
    let event: Stripe.Event;
    try {
      event = this.deps.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.deps.webhookSecret);
    } catch {
      stripeWebhooks.inc({ event_type: 'unverified', outcome: 'rejected' });
      throw badRequest('Webhook signature verification failed', 'invalid_signature');
    }
    try {
      const reply = await this.receiveVerified(event);
      stripeWebhooks.inc({ event_type: event.type, outcome: reply.duplicate ? 'duplicate' : 'handled' });
      return reply;
    } catch (err) {
      stripeWebhooks.inc({ event_type: event.type, outcome: 'failed' });
      throw err;
    }
  }

  private async receiveVerified(event: Stripe.Event): Promise<WebhookReply> {
    const facts = describe(event);
    let userId =
      facts.userId ?? (facts.customerId ? await this.deps.users.userOfCustomer(facts.customerId) : undefined);
    if (!userId && facts.subscriptionId) {
      const owner = (await this.currentSubscription(facts.subscriptionId))?.metadata?.user_id;
      userId = Number(owner) || undefined;
    }
    const meta: EventMeta = { correlationId: event.id, actor: null };

    const duplicate = await this.deps.db.transaction(async (tx) => {
      const payment = facts.paymentIntentId
        ? await this.deps.refunds.payment(tx, facts.paymentIntentId)
        : undefined;
      // An event that names no one (a refund) is the payer's, as its payment says.
      const payer = userId ?? payment?.userId;
      const user = payer ? await this.deps.users.find(payer, tx) : undefined;
      const recorded = await this.deps.transactions.record(
        tx,
        {
          stripeEventId: event.id,
          type: event.type,
          status: facts.status,
          amount: facts.amount,
          currency: facts.currency,
          userId: payer ?? null,
          userEmail: user?.email ?? null,
          description: facts.description,
          paymentIntentId: facts.paymentIntentId ?? null,
          eventId: facts.eventId ?? (Number(payment?.metadata.event_id) || null),
          bookingId: Number(payment?.metadata.booking_id) || null,
          createdAt: new Date(event.created * 1000),
        },
        meta,
      );
      if (!recorded) return true;
      await this.apply(tx, event, facts, userId, meta);
      return false;
    });
    return { received: true, duplicate };
  }

  private async currentSubscription(id: string): Promise<Stripe.Subscription | undefined> {
    try {
      return await this.deps.stripe.subscriptions.retrieve(id);
    } catch (err) {
      // Not ours (or gone): nothing to apply. Anything else fails the delivery, so it comes again.
      if ((err as { statusCode?: number }).statusCode === 404) return undefined;
      throw err;
    }
  }

  private async apply(
    tx: Db,
    event: Stripe.Event,
    facts: Described,
    userId: number | undefined,
    meta: EventMeta,
  ): Promise<void> {
    const object = event.data.object as unknown as Record<string, unknown>;
    if (event.type === 'charge.refunded' && facts.paymentIntentId) {
      // Money went back (asked for here, or in the provider's dashboard): the ledger tells bookings.
      await this.deps.refunds.refunded(
        tx,
        {
          paymentIntentId: facts.paymentIntentId,
          amount: Number(object.amount ?? 0),
          amountRefunded: Number(object.amount_refunded ?? 0),
          currency: facts.currency,
        },
        meta,
      );
    }
    if (!userId) return;
    // The subscription as it is now, not as this (possibly old) event describes it.
    const membership = facts.subscriptionId
      ? await this.deps.memberships.syncSubscription(
          tx,
          userId,
          facts.subscriptionId,
          (id) => this.currentSubscription(id),
          meta,
        )
      : undefined;
    if (object.object === 'payment_intent') {
      const intent = object as unknown as Stripe.PaymentIntent;
      if (isLifetimePayment(intent)) {
        const outcome = lifetimeOutcome(intent, userId);
        const status = event.type === 'payment_intent.payment_failed' ? 'failed' : intent.status;
        await this.deps.ledger.record(tx, { ...outcome, status }, meta);
        if (intent.status === 'succeeded') {
          await this.deps.memberships.applyLifetime(
            tx,
            userId,
            (await this.deps.users.customerId(userId, tx)) ?? null,
            meta,
          );
        }
      } else if (isEventPayment(intent)) {
        // Seats of an event: the ledger publishes the outcome once, for events-bookings to confirm.
        const status = event.type === 'payment_intent.payment_failed' ? 'failed' : undefined;
        await this.deps.ledger.record(tx, eventOutcome(intent, userId, status), meta);
      }
    }
    if (
      object.object === 'invoice' &&
      (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') &&
      facts.amount > 0
    ) {
      const invoice = object as unknown as Stripe.Invoice;
      const planId = membership?.planId ?? null;
      await this.deps.ledger.record(
        tx,
        {
          paymentIntentId: invoice.id,
          userId,
          purpose: 'membership',
          planId,
          amount: facts.amount,
          currency: facts.currency,
          status: event.type === 'invoice.paid' ? 'succeeded' : 'failed',
          metadata: {
            plan_id: planId,
            invoice_id: invoice.id,
            billing_reason: invoice.billing_reason ?? null,
          },
        },
        meta,
      );
    }
  }
}

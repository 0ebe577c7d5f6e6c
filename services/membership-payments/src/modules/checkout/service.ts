import { randomUUID } from 'node:crypto';
import { badRequest, type Clock, conflict, type EventMeta, HttpError, notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type CancelSubscriptionReply,
  type ConfirmPaymentBody,
  type ConfirmPaymentReply,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentReply,
  type CreateSubscriptionBody,
  type CreateSubscriptionReply,
  isRunningSubscription,
  type SubscriptionStatusReply,
} from '@linksmate/proto';
import type Stripe from 'stripe';
import type { Db } from '../../db/types';
import { isLifetimePayment, lifetimeOutcome, type PaymentsLedger } from '../ledger/service';
import { isValidMembership, type MembershipService, toSnapshot } from '../memberships/service';
import { chargeFor, type PlansService } from '../plans/service';
import type { PaymentsUsers } from '../users/service';

export const CHECKOUT_MESSAGES = {
  alreadyMember: 'You already have an active membership.',
  alreadyLifetime: 'You already have a lifetime membership.',
  providerDown: 'The payment provider could not be reached. Please try again.',
  notYours: 'This payment does not belong to your account.',
  noSubscription: 'You have no membership subscription to cancel.',
} as const;

/** Provider failures that are not the customer's doing become a 502 with a plain message. */
function providerFailure(err: unknown): never {
  const type = (err as { type?: string }).type;
  if (type === 'StripeCardError') throw new HttpError(402, (err as Error).message, 'card_error');
  if (type === 'StripeInvalidRequestError' && (err as { statusCode?: number }).statusCode === 404)
    throw notFound('No such payment');
  throw new HttpError(502, CHECKOUT_MESSAGES.providerDown, 'provider_unavailable');
}

export interface CheckoutDeps {
  db: Db;
  stripe: Stripe;
  plans: PlansService;
  memberships: MembershipService;
  ledger: PaymentsLedger;
  users: PaymentsUsers;
  clock: Clock;
}

/** Buying a membership: subscriptions with trials, one-time lifetime payments, confirmation and cancel. */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /** The person's customer at the provider, made once (also for event payments). */
  async ensureCustomer(userId: number): Promise<string> {
    const known = await this.deps.users.customerId(userId);
    if (known) return known;
    const user = await this.deps.users.find(userId);
    const customer = await this.deps.stripe.customers
      .create(
        {
          ...(user ? { email: user.email, name: user.username } : {}),
          metadata: { user_id: String(userId) },
        },
        { idempotencyKey: `customer-${userId}` },
      )
      .catch(providerFailure);
    return this.deps.users.keepCustomer(userId, customer.id);
  }

  private async refuseIfMember(userId: number): Promise<void> {
    const current = await this.deps.memberships.find(userId);
    if (!isValidMembership(current, this.deps.clock())) return;
    throw conflict(
      current?.type === 'lifetime' ? CHECKOUT_MESSAGES.alreadyLifetime : CHECKOUT_MESSAGES.alreadyMember,
      'already_member',
    );
  }

  async createSubscription(
    user: AccessTokenClaims,
    input: CreateSubscriptionBody,
    idempotencyKey: string | undefined,
  ): Promise<CreateSubscriptionReply> {
    const plan = this.deps.plans.resolve(input.plan_id);
    if (plan.interval === 'lifetime')
      throw badRequest('The lifetime plan is a one-time payment.', 'not_a_subscription');
    await this.refuseIfMember(user.user_id);
    const customer = await this.ensureCustomer(user.user_id);
    // One free trial per person; the client may ask for a shorter one, never a longer one.
    const wanted =
      input.trial_days === undefined ? plan.trial_days : Math.min(input.trial_days, plan.trial_days);
    const trialDays = wanted > 0 && !(await this.deps.memberships.hadTrial(user.user_id)) ? wanted : 0;
    const subscription = await this.deps.stripe.subscriptions
      .create(
        {
          customer,
          items: [{ price: this.deps.plans.priceIdOf(plan.id)! }],
          ...(trialDays ? { trial_period_days: trialDays } : {}),
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { user_id: String(user.user_id), plan_id: plan.id },
          expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `subscription-${user.user_id}-${idempotencyKey ?? randomUUID()}` },
      )
      .catch(providerFailure);
    // One subscription per person: an earlier checkout that never came into force (declined,
    // abandoned, or a payment that keeps failing) is ended so it can neither bill nor take over.
    await this.deps.memberships.endOtherSubscriptions(user.user_id, subscription.id).catch(providerFailure);
    await this.sync(user.user_id, subscription.id, { actor: { user_id: user.user_id } });
    const setup = subscription.pending_setup_intent as Stripe.SetupIntent | null;
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const charge = chargeFor(plan);
    return {
      status: subscription.status,
      subscription_id: subscription.id,
      client_secret: setup?.client_secret ?? invoice?.confirmation_secret?.client_secret ?? null,
      intent_type: setup ? ('setup' as const) : ('payment' as const),
      plan_id: plan.id,
      trial_days: trialDays,
      amount: charge.total,
      gst_amount: charge.gst,
      currency: plan.currency,
    };
  }

  /** A one-time payment: the lifetime plan. The amount is the server's, whatever the client sends. */
  async createPaymentIntent(
    user: AccessTokenClaims,
    input: CreatePaymentIntentBody,
    idempotencyKey: string | undefined,
  ): Promise<CreatePaymentIntentReply> {
    if (input.event_id && input.event_id > 0) {
      throw badRequest('Event payments are taken when joining the event.', 'unknown_item');
    }
    const plan = this.deps.plans.resolve(String(input.plan_id || input.item_id || ''));
    if (plan.interval !== 'lifetime')
      throw badRequest('Monthly and annual plans are subscriptions.', 'not_one_time');
    await this.refuseIfMember(user.user_id);
    const customer = await this.ensureCustomer(user.user_id);
    const charge = chargeFor(plan);
    const purchaser = await this.deps.users.find(user.user_id);
    const intent = await this.deps.stripe.paymentIntents
      .create(
        {
          amount: charge.total,
          currency: plan.currency,
          customer,
          description: `LinksMate ${plan.name} membership (incl. GST)`,
          ...(purchaser ? { receipt_email: purchaser.email } : {}),
          metadata: {
            user_id: String(user.user_id),
            purpose: 'membership',
            plan_id: plan.id,
            gst_amount: String(charge.gst),
          },
        },
        { idempotencyKey: `payment-${user.user_id}-${idempotencyKey ?? randomUUID()}` },
      )
      .catch(providerFailure);
    await this.deps.db.transaction((tx) =>
      this.deps.ledger.record(tx, lifetimeOutcome(intent, user.user_id), {}),
    );
    return {
      client_secret: intent.client_secret!,
      payment_intent_id: intent.id,
      amount: charge.total,
      gst_amount: charge.gst,
      currency: plan.currency,
    };
  }

  /**
   * The browser's word that a card was confirmed. Nothing is taken on trust: the provider is asked
   * for the intent and the subscription, and what it says is applied (webhooks will say the same).
   */
  async confirmPayment(
    user: AccessTokenClaims,
    input: ConfirmPaymentBody,
    meta: EventMeta,
  ): Promise<ConfirmPaymentReply> {
    const customer = await this.deps.users.customerId(user.user_id);
    const belongs = (
      owner: string | Stripe.Customer | Stripe.DeletedCustomer | null,
      metadataUser?: string,
    ) =>
      (!!customer && (typeof owner === 'string' ? owner : owner?.id) === customer) ||
      metadataUser === String(user.user_id);
    let status: string;
    if (input.setup_intent_id) {
      const setup = await this.deps.stripe.setupIntents
        .retrieve(input.setup_intent_id)
        .catch(providerFailure);
      if (!belongs(setup.customer)) throw new HttpError(403, CHECKOUT_MESSAGES.notYours, 'not_yours');
      status = setup.status;
      const subscriptionId = input.subscription_id ?? setup.metadata?.subscription;
      if (setup.status === 'succeeded' && subscriptionId)
        await this.syncSubscription(subscriptionId, user, meta, setup);
    } else if (input.payment_intent_id) {
      const intent = await this.deps.stripe.paymentIntents
        .retrieve(input.payment_intent_id)
        .catch(providerFailure);
      if (!belongs(intent.customer, intent.metadata?.user_id))
        throw new HttpError(403, CHECKOUT_MESSAGES.notYours, 'not_yours');
      status = intent.status;
      if (intent.status === 'succeeded') {
        if (isLifetimePayment(intent)) {
          await this.deps.db.transaction(async (tx) => {
            await this.deps.ledger.record(tx, lifetimeOutcome(intent, user.user_id), meta);
            await this.deps.memberships.applyLifetime(tx, user.user_id, customer ?? null, meta);
          });
        } else if (input.subscription_id) {
          await this.syncSubscription(input.subscription_id, user, meta);
        }
      }
    } else {
      throw badRequest('payment_intent_id or setup_intent_id is required', 'validation_failed', {
        payment_intent_id: 'payment_intent_id is required',
      });
    }
    const membership = await this.deps.memberships.find(user.user_id);
    return { status, membership: membership ? toSnapshot(membership) : null };
  }

  private async syncSubscription(
    id: string,
    user: AccessTokenClaims,
    meta: EventMeta,
    setup?: Stripe.SetupIntent,
  ) {
    let subscription = await this.deps.stripe.subscriptions.retrieve(id).catch(providerFailure);
    if (subscription.metadata?.user_id !== String(user.user_id))
      throw new HttpError(403, CHECKOUT_MESSAGES.notYours, 'not_yours');
    // A card saved during a trial becomes the subscription's card for the first charge.
    if (setup?.payment_method && !subscription.default_payment_method) {
      const method =
        typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method.id;
      subscription = await this.deps.stripe.subscriptions
        .update(id, { default_payment_method: method })
        .catch(providerFailure);
    }
    await this.sync(user.user_id, subscription.id, meta);
  }

  /** The subscription as the provider has it now, applied under the user's lock. */
  private sync(userId: number, subscriptionId: string, meta: EventMeta) {
    return this.deps.db.transaction((tx) =>
      this.deps.memberships.syncSubscription(
        tx,
        userId,
        subscriptionId,
        (id) => this.deps.stripe.subscriptions.retrieve(id).catch(providerFailure),
        meta,
      ),
    );
  }

  async status(user: AccessTokenClaims): Promise<SubscriptionStatusReply> {
    const membership = await this.deps.memberships.find(user.user_id);
    // A membership past its end is over, even before the sweep or a webhook has said so.
    const lapsed =
      isRunningSubscription(membership?.status) && !isValidMembership(membership, this.deps.clock());
    return {
      status: lapsed ? 'canceled' : (membership?.status ?? null),
      plan_id: membership?.planId ?? null,
    };
  }

  /**
   * "Cancel anytime": the membership runs to the end of the period already paid for. A
   * subscription whose payments are failing ends at once instead of being retried.
   */
  async cancel(user: AccessTokenClaims, meta: EventMeta): Promise<CancelSubscriptionReply> {
    const membership = await this.deps.memberships.find(user.user_id);
    const failing = membership?.status === 'past_due' || membership?.status === 'unpaid';
    if (
      !membership?.providerSubscriptionId ||
      (!failing && !isValidMembership(membership, this.deps.clock()))
    ) {
      throw badRequest(CHECKOUT_MESSAGES.noSubscription, 'no_subscription');
    }
    const subscription = await (failing
      ? this.deps.stripe.subscriptions.cancel(membership.providerSubscriptionId)
      : this.deps.stripe.subscriptions.update(membership.providerSubscriptionId, {
          cancel_at_period_end: true,
        })
    ).catch(providerFailure);
    const saved = await this.sync(user.user_id, subscription.id, meta);
    return { membership: saved ? toSnapshot(saved) : null };
  }
}

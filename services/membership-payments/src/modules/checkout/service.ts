import { randomUUID } from 'node:crypto';
import { badRequest, conflict, type EventMeta, HttpError, notFound } from '@linksmate/platform';
import { type AccessTokenClaims, isRunningSubscription } from '@linksmate/proto';
import type Stripe from 'stripe';
import { findMembership, userHadTrial } from '../memberships/repository';
import { isValidMembership, toSnapshot } from '../memberships/service';
import type { PaymentsDeps } from '../payments/deps';
import { endOtherSubscriptions } from '../payments/subscriptions';
import { chargeFor, PLANS, type PlanDefinition, planById } from '../plans/catalogue';
import { findCustomerId, findUser, saveCustomer } from '../users/repository';

export const CHECKOUT_MESSAGES = {
  unknownPlan: 'Unknown membership plan.',
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

export interface CheckoutDeps extends PaymentsDeps {
  priceIds: () => Map<string, string>;
}

/** Buying a membership: subscriptions with trials, one-time lifetime payments, confirmation and cancel. */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /** The plan named either by our id or by the provider's price id (what the spec's client sends). */
  resolvePlan(planOrPriceId: string): PlanDefinition {
    const direct = planById(planOrPriceId);
    if (direct) return direct;
    for (const [planId, priceId] of this.deps.priceIds())
      if (priceId === planOrPriceId) return planById(planId)!;
    throw badRequest(CHECKOUT_MESSAGES.unknownPlan, 'unknown_plan', {
      plan_id: CHECKOUT_MESSAGES.unknownPlan,
    });
  }

  private async ensureCustomer(userId: number): Promise<string> {
    const known = await findCustomerId(this.deps.db, userId);
    if (known) return known;
    const user = await findUser(this.deps.db, userId);
    const customer = await this.deps.stripe.customers
      .create(
        {
          ...(user ? { email: user.email, name: user.username } : {}),
          metadata: { user_id: String(userId) },
        },
        { idempotencyKey: `customer-${userId}` },
      )
      .catch(providerFailure);
    await saveCustomer(this.deps.db, userId, customer.id);
    return (await findCustomerId(this.deps.db, userId)) ?? customer.id;
  }

  private async refuseIfMember(userId: number): Promise<void> {
    const current = await findMembership(this.deps.db, userId);
    if (!isValidMembership(current, this.deps.clock())) return;
    throw conflict(
      current?.type === 'lifetime' ? CHECKOUT_MESSAGES.alreadyLifetime : CHECKOUT_MESSAGES.alreadyMember,
      'already_member',
    );
  }

  async createSubscription(
    user: AccessTokenClaims,
    input: { plan_id: string; trial_days?: number },
    idempotencyKey: string | undefined,
  ) {
    const plan = this.resolvePlan(input.plan_id);
    if (plan.interval === 'lifetime')
      throw badRequest('The lifetime plan is a one-time payment.', 'not_a_subscription');
    await this.refuseIfMember(user.user_id);
    const customer = await this.ensureCustomer(user.user_id);
    // One free trial per person; the client may ask for a shorter one, never a longer one.
    const wanted =
      input.trial_days === undefined ? plan.trial_days : Math.min(input.trial_days, plan.trial_days);
    const trialDays = wanted > 0 && !(await userHadTrial(this.deps.db, user.user_id)) ? wanted : 0;
    const subscription = await this.deps.stripe.subscriptions
      .create(
        {
          customer,
          items: [{ price: this.deps.priceIds().get(plan.id)! }],
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
    await endOtherSubscriptions(this.deps, user.user_id, subscription.id).catch(providerFailure);
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
    input: { plan_id?: string; item_id?: string | number; event_id?: number; description?: string },
    idempotencyKey: string | undefined,
  ) {
    if (input.event_id && input.event_id > 0) {
      throw badRequest('Event payments are taken when joining the event.', 'unknown_item');
    }
    const plan = this.resolvePlan(String(input.plan_id || input.item_id || ''));
    if (plan.interval !== 'lifetime')
      throw badRequest('Monthly and annual plans are subscriptions.', 'not_one_time');
    await this.refuseIfMember(user.user_id);
    const customer = await this.ensureCustomer(user.user_id);
    const charge = chargeFor(plan);
    const purchaser = await findUser(this.deps.db, user.user_id);
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
    input: { payment_intent_id?: string; setup_intent_id?: string; subscription_id?: string },
    meta: EventMeta,
  ) {
    const customer = await findCustomerId(this.deps.db, user.user_id);
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
        if (intent.metadata?.purpose === 'membership' && intent.metadata.plan_id === 'lifetime') {
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
    const membership = await findMembership(this.deps.db, user.user_id);
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

  async status(user: AccessTokenClaims) {
    const membership = await findMembership(this.deps.db, user.user_id);
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
  async cancel(user: AccessTokenClaims, meta: EventMeta) {
    const membership = await findMembership(this.deps.db, user.user_id);
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

  async plans(userId?: number) {
    const priceIds = this.deps.priceIds();
    const trialUsed = userId !== undefined && (await userHadTrial(this.deps.db, userId));
    return {
      plans: PLANS.map((plan) => {
        const charge = chargeFor(plan);
        return {
          ...plan,
          provider_price_id: priceIds.get(plan.id) ?? null,
          trial_days: trialUsed ? 0 : plan.trial_days,
          gstExclusive: true,
          gstAmount: charge.gst,
          totalPrice: charge.total,
        };
      }),
    };
  }
}

/** A lifetime membership payment as the ledger records it. */
export function lifetimeOutcome(intent: Stripe.PaymentIntent, userId: number) {
  return {
    intentId: intent.id,
    userId,
    purpose: 'membership' as const,
    planId: 'lifetime',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    metadata: { plan_id: 'lifetime', gst_amount: Number(intent.metadata?.gst_amount ?? 0) },
  };
}

import { invoiceFailed, invoicePaid } from './invoices';
import { createPaymentIntent } from './payment-intents';
import { outcomeOf } from './payment-methods';
import { createSetupIntent } from './setup-intents';
import type { Simulation } from './store';
import { addInterval, asBool, asInt, DAY, invalid, type Json, newId, now, type StripeObject } from './values';

type Recurring = { interval: string; interval_count: number };

/**
 * A subscription to one recurring price. Without a trial it is incomplete until its first invoice
 * is paid; with one it is trialing at once, with a setup intent to save the card for later.
 */
export function createSubscription(sim: Simulation, p: Json): StripeObject {
  const customer = sim.store.get('customer', String(p.customer ?? ''));
  const item = ((p.items as Json[] | undefined) ?? [])[0];
  if (!item?.price) throw invalid('Missing required param: items[0][price].', 'items');
  const price = sim.store.get('price', String(item.price));
  if (!price.recurring) throw invalid('The price specified is not recurring.', 'items[0][price]');
  const { interval, interval_count } = price.recurring as Recurring;
  const start = now();
  const trialDays = asInt(p.trial_period_days) ?? 0;
  const trialEnd = trialDays > 0 ? start + trialDays * DAY : null;
  const periodEnd = trialEnd ?? addInterval(start, interval, interval_count);
  const id = newId('sub');
  const subscription = sim.store.put({
    id,
    object: 'subscription',
    customer: customer.id,
    status: trialEnd ? 'trialing' : 'incomplete',
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          price: structuredClone(price),
          quantity: 1,
          current_period_start: start,
          current_period_end: periodEnd,
        },
      ],
    },
    trial_start: trialEnd ? start : null,
    trial_end: trialEnd,
    start_date: start,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    default_payment_method: null,
    pending_setup_intent: null,
    latest_invoice: null,
    metadata: (p.metadata as Json) ?? {},
    currency: price.currency,
    created: start,
    livemode: false,
  });
  if (trialEnd) {
    subscription.pending_setup_intent = createSetupIntent(sim, customer.id, id, start).id;
    // Free until the trial ends: the first invoice is for nothing.
    subscription.latest_invoice = createInvoice(
      sim,
      subscription,
      0,
      'subscription_create',
      start,
      periodEnd,
      true,
    ).id;
  } else {
    const invoice = createInvoice(
      sim,
      subscription,
      Number(price.unit_amount),
      'subscription_create',
      start,
      periodEnd,
      false,
    );
    subscription.latest_invoice = invoice.id;
  }
  sim.webhooks.emit('customer.subscription.created', subscription);
  return subscription;
}

/** An invoice for one period; one still to pay gets the payment intent that pays it. */
function createInvoice(
  sim: Simulation,
  subscription: StripeObject,
  amount: number,
  reason: string,
  periodStart: number,
  periodEnd: number,
  paid: boolean,
): StripeObject {
  const id = newId('in');
  const invoice = sim.store.put({
    id,
    object: 'invoice',
    customer: subscription.customer,
    status: paid ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    currency: subscription.currency,
    billing_reason: reason,
    period_start: periodStart,
    period_end: periodEnd,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    confirmation_secret: null,
    created: now(),
    livemode: false,
  });
  if (!paid && amount > 0) {
    const intent = createPaymentIntent(
      sim,
      {
        amount,
        currency: subscription.currency,
        customer: subscription.customer,
        metadata: subscription.metadata,
      },
      { invoice: id },
    );
    invoice.confirmation_secret = { client_secret: intent.client_secret, type: 'payment_intent' };
    invoice.payments = {
      object: 'list',
      data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: intent.id } }],
    };
  }
  sim.webhooks.emit('invoice.created', invoice);
  if (paid) {
    sim.webhooks.emit('invoice.paid', invoice);
    sim.webhooks.emit('invoice.payment_succeeded', invoice);
  }
  return invoice;
}

/** Cancelling at the period's end (or taking that back) and metadata; nothing else changes here. */
export function updateSubscription(sim: Simulation, subscription: StripeObject, p: Json): StripeObject {
  if (p.cancel_at_period_end !== undefined) {
    if (subscription.status === 'canceled')
      throw invalid('A canceled subscription can only update its metadata.');
    subscription.cancel_at_period_end = asBool(p.cancel_at_period_end);
    const item = (subscription.items as { data: Json[] }).data[0]!;
    subscription.cancel_at = subscription.cancel_at_period_end ? item.current_period_end : null;
    subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
  }
  if (p.metadata) subscription.metadata = { ...(subscription.metadata as Json), ...(p.metadata as Json) };
  sim.webhooks.emit('customer.subscription.updated', subscription);
  return subscription;
}

export function endSubscription(sim: Simulation, subscription: StripeObject): StripeObject {
  subscription.status = 'canceled';
  subscription.ended_at = now();
  subscription.canceled_at ??= now();
  sim.webhooks.emit('customer.subscription.deleted', subscription);
  return subscription;
}

/**
 * Moves a subscription to the end of its trial or period, as time passing would: it ends if it
 * was set to cancel, otherwise the saved card is charged for the next period.
 */
export function advanceSubscription(
  sim: Simulation,
  id: string,
  options: { fail?: boolean } = {},
): StripeObject {
  const subscription = sim.store.get('subscription', id);
  if (subscription.status === 'canceled') throw invalid('This subscription has ended.');
  const item = (subscription.items as { data: Json[] }).data[0]!;
  const periodEnd = Number(item.current_period_end);
  if (subscription.cancel_at_period_end) return endSubscription(sim, subscription);
  const price = item.price as Json;
  const { interval, interval_count } = price.recurring as Recurring;
  const nextEnd = addInterval(periodEnd, interval, interval_count);
  const method = subscription.default_payment_method
    ? sim.store.get('payment_method', String(subscription.default_payment_method))
    : null;
  const outcome = method ? outcomeOf(sim, method.id) : null;
  const succeeds = !!outcome?.ok && !options.fail;
  item.current_period_start = periodEnd;
  item.current_period_end = nextEnd;
  if (subscription.status === 'trialing') subscription.trial_end = periodEnd;
  const invoice = createInvoice(
    sim,
    subscription,
    Number(price.unit_amount),
    'subscription_cycle',
    periodEnd,
    nextEnd,
    false,
  );
  subscription.latest_invoice = invoice.id;
  const intentId = (invoice.payments as { data: Array<{ payment: Json }> }).data[0]!.payment
    .payment_intent as string;
  const intent = sim.store.get('payment_intent', intentId);
  intent.payment_method = method?.id ?? null;
  if (succeeds) {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    sim.webhooks.emit('payment_intent.succeeded', intent);
    invoicePaid(sim, invoice, method!.id);
  } else {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      message: outcome?.message ?? 'Your card was declined.',
    };
    sim.webhooks.emit('payment_intent.payment_failed', intent);
    invoiceFailed(sim, invoice);
  }
  return subscription;
}

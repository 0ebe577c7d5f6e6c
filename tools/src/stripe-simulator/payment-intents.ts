import { invoiceFailed, invoicePaid } from './invoices';
import { cardError, newPaymentMethod, outcomeOf } from './payment-methods';
import type { Simulation } from './store';
import {
  asInt,
  asString,
  clientSecretFor,
  invalid,
  type Json,
  newId,
  now,
  type StripeObject,
} from './values';

export function createPaymentIntent(sim: Simulation, p: Json, extra: Json = {}): StripeObject {
  const amount = asInt(p.amount);
  if (!amount || amount < 50) throw invalid('Amount must be at least 50 cents.', 'amount');
  const id = newId('pi');
  const intent = sim.store.put({
    id,
    object: 'payment_intent',
    amount,
    amount_received: 0,
    currency: String(p.currency ?? 'aud').toLowerCase(),
    customer: asString(p.customer) ?? null,
    description: asString(p.description) ?? null,
    metadata: (p.metadata as Json) ?? {},
    status: 'requires_payment_method',
    client_secret: clientSecretFor(id),
    payment_method: null,
    last_payment_error: null,
    receipt_email: asString(p.receipt_email) ?? null,
    latest_charge: null,
    canceled_at: null,
    cancellation_reason: null,
    created: now(),
    livemode: false,
    ...extra,
  });
  sim.webhooks.emit('payment_intent.created', intent);
  return intent;
}

/** Charges the card given (new or saved); an intent of an invoice settles the invoice too. */
export function confirmPaymentIntent(sim: Simulation, intent: StripeObject, p: Json): StripeObject {
  if (intent.status === 'succeeded') return intent;
  if (intent.status === 'canceled') throw invalid('This PaymentIntent has been canceled.');
  const method = p.payment_method_data
    ? newPaymentMethod(sim, p, asString(intent.customer) ?? null)
    : p.payment_method
      ? sim.store.get('payment_method', String(p.payment_method))
      : null;
  if (!method)
    throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_method');
  intent.payment_method = method.id;
  const outcome = outcomeOf(sim, method.id);
  if (!outcome.ok) {
    const failure = cardError(intent, 'payment_intent', outcome);
    sim.webhooks.emit('payment_intent.payment_failed', intent);
    if (intent.invoice) invoiceFailed(sim, sim.store.get('invoice', String(intent.invoice)));
    throw failure;
  }
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
  const charge = sim.store.put({
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_refunded: 0,
    refunded: false,
    currency: intent.currency,
    payment_intent: intent.id,
    customer: intent.customer,
    metadata: intent.metadata,
    paid: true,
    status: 'succeeded',
    created: now(),
    livemode: false,
  });
  intent.latest_charge = charge.id;
  sim.webhooks.emit('charge.succeeded', charge);
  sim.webhooks.emit('payment_intent.succeeded', intent);
  if (intent.invoice) invoicePaid(sim, sim.store.get('invoice', String(intent.invoice)), method.id);
  return intent;
}

const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

/** As Stripe: only an intent not yet paid (nor already canceled) can be canceled. */
export function cancelPaymentIntent(sim: Simulation, intent: StripeObject, p: Json): StripeObject {
  if (!CANCELABLE.includes(String(intent.status))) {
    throw invalid(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    );
  }
  intent.status = 'canceled';
  intent.canceled_at = now();
  intent.cancellation_reason = asString(p.cancellation_reason) ?? null;
  sim.webhooks.emit('payment_intent.canceled', intent);
  return intent;
}

import type { Simulation } from './store';
import { asInt, asString, invalid, type Json, newId, now, type StripeObject } from './values';

/**
 * Gives money back on a paid intent, all of it or `amount` cents, as Stripe does: only an intent
 * that succeeded, never more than is left unrefunded. The charge says how much went back in all
 * (`charge.refunded` carries it, with the intent's metadata).
 */
export function createRefund(sim: Simulation, p: Json): StripeObject {
  const intentId = asString(p.payment_intent);
  if (!intentId) throw invalid('One of `charge` or `payment_intent` is required.', 'payment_intent');
  const intent = sim.store.get('payment_intent', intentId);
  if (intent.status !== 'succeeded' || !intent.latest_charge) {
    throw invalid(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      'payment_intent',
    );
  }
  const charge = sim.store.get('charge', String(intent.latest_charge));
  const left = Number(charge.amount) - Number(charge.amount_refunded);
  if (left <= 0) {
    const failure = invalid(`Charge ${charge.id} has already been refunded.`, 'charge');
    (failure.body.error as Json).code = 'charge_already_refunded';
    throw failure;
  }
  const amount = p.amount === undefined ? left : asInt(p.amount);
  if (amount === undefined || Number.isNaN(amount) || amount < 1)
    throw invalid('Invalid positive integer', 'amount');
  if (amount > left) {
    throw invalid(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      'amount',
    );
  }
  const refund = sim.store.put({
    id: newId('re'),
    object: 'refund',
    amount,
    currency: intent.currency,
    charge: charge.id,
    payment_intent: intent.id,
    reason: asString(p.reason) ?? null,
    metadata: (p.metadata as Json) ?? {},
    status: 'succeeded',
    created: now(),
  });
  charge.amount_refunded = Number(charge.amount_refunded) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  charge.metadata = intent.metadata;
  sim.webhooks.emit('charge.refunded', charge);
  sim.webhooks.emit('refund.created', refund);
  return refund;
}

import type { Simulation } from './store';
import type { Json, StripeObject } from './values';

// What paying an invoice, or failing to, does to it and to its subscription.

function subscriptionOf(sim: Simulation, invoice: StripeObject): StripeObject {
  const details = (invoice.parent as Json).subscription_details as Json;
  return sim.store.get('subscription', String(details.subscription));
}

export function invoicePaid(sim: Simulation, invoice: StripeObject, paymentMethod: string): void {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  const subscription = subscriptionOf(sim, invoice);
  subscription.status = 'active';
  subscription.default_payment_method ??= paymentMethod;
  sim.webhooks.emit('invoice.paid', invoice);
  sim.webhooks.emit('invoice.payment_succeeded', invoice);
  sim.webhooks.emit('customer.subscription.updated', subscription);
}

/** A failed renewal makes the subscription past due; a failed first payment leaves it incomplete. */
export function invoiceFailed(sim: Simulation, invoice: StripeObject): void {
  const subscription = subscriptionOf(sim, invoice);
  sim.webhooks.emit('invoice.payment_failed', invoice);
  if (invoice.billing_reason === 'subscription_cycle') {
    subscription.status = 'past_due';
    sim.webhooks.emit('customer.subscription.updated', subscription);
  }
}

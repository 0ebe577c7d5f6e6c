import { cardError, newPaymentMethod, outcomeOf } from './payment-methods';
import type { Simulation } from './store';
import { asString, clientSecretFor, type Json, newId, type StripeObject } from './values';

/** Saves a card for later charges without charging it now: a trial's, for when the trial ends. */
export function createSetupIntent(
  sim: Simulation,
  customer: string,
  subscription: string,
  created: number,
): StripeObject {
  const id = newId('seti');
  return sim.store.put({
    id,
    object: 'setup_intent',
    status: 'requires_payment_method',
    client_secret: clientSecretFor(id),
    customer,
    payment_method: null,
    usage: 'off_session',
    metadata: { subscription },
    last_setup_error: null,
    created,
    livemode: false,
  });
}

/** Saves the card given; a subscription's setup intent makes it the subscription's default. */
export function confirmSetupIntent(sim: Simulation, intent: StripeObject, p: Json): StripeObject {
  if (intent.status === 'succeeded') return intent;
  const method = newPaymentMethod(sim, p, asString(intent.customer) ?? null);
  intent.payment_method = method.id;
  const outcome = outcomeOf(sim, method.id);
  if (!outcome.ok) {
    const failure = cardError(intent, 'setup_intent', outcome);
    sim.webhooks.emit('setup_intent.setup_failed', intent);
    throw failure;
  }
  intent.status = 'succeeded';
  intent.last_setup_error = null;
  sim.webhooks.emit('setup_intent.succeeded', intent);
  const subscriptionId = asString((intent.metadata as Json).subscription);
  if (subscriptionId) {
    const subscription = sim.store.get('subscription', subscriptionId);
    subscription.default_payment_method = method.id;
    subscription.pending_setup_intent = null;
    sim.webhooks.emit('customer.subscription.updated', subscription);
  }
  return intent;
}

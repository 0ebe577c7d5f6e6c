import type { Simulation } from './store';
import { asString, type Json, newId, now, type StripeObject } from './values';

export function createCustomer(sim: Simulation, p: Json): StripeObject {
  return sim.store.put({
    id: newId('cus'),
    object: 'customer',
    email: asString(p.email) ?? null,
    name: asString(p.name) ?? null,
    metadata: (p.metadata as Json) ?? {},
    invoice_settings: { default_payment_method: null },
    created: now(),
    livemode: false,
  });
}

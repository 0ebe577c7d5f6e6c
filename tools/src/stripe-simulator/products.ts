import type { Simulation } from './store';
import { asInt, asString, invalid, type Json, newId, now, type StripeObject } from './values';

export function createProduct(sim: Simulation, p: Json): StripeObject {
  return sim.store.put({
    id: asString(p.id) ?? newId('prod'),
    object: 'product',
    name: asString(p.name) ?? 'Product',
    active: true,
    metadata: (p.metadata as Json) ?? {},
    created: now(),
    livemode: false,
  });
}

/** Prices, all or those with the given lookup keys. */
export function listPrices(sim: Simulation, p: Json): StripeObject[] {
  const lookupKeys = (p.lookup_keys as string[] | undefined) ?? [];
  return sim.store.find('price', (o) => !lookupKeys.length || lookupKeys.includes(String(o.lookup_key)));
}

/** A new price takes its lookup key from any older price that had it (Stripe does so on `transfer_lookup_key`). */
export function createPrice(sim: Simulation, p: Json): StripeObject {
  const recurring = p.recurring as Json | undefined;
  if (!asInt(p.unit_amount) && asInt(p.unit_amount) !== 0)
    throw invalid('Missing required param: unit_amount.', 'unit_amount');
  const lookupKey = asString(p.lookup_key);
  if (lookupKey) {
    for (const existing of sim.store.find('price', (o) => o.lookup_key === lookupKey)) {
      existing.lookup_key = null;
    }
  }
  return sim.store.put({
    id: newId('price'),
    object: 'price',
    active: true,
    currency: String(p.currency ?? 'aud').toLowerCase(),
    unit_amount: asInt(p.unit_amount)!,
    product: asString(p.product) ?? null,
    nickname: asString(p.nickname) ?? null,
    lookup_key: lookupKey ?? null,
    recurring: recurring
      ? { interval: String(recurring.interval), interval_count: asInt(recurring.interval_count) ?? 1 }
      : null,
    type: recurring ? 'recurring' : 'one_time',
    metadata: (p.metadata as Json) ?? {},
    created: now(),
    livemode: false,
  });
}

import type { Executor } from '@linksmate/platform';
import type Stripe from 'stripe';
import type * as schema from '../../db/schema';
import { providerPrices } from '../../db/schema';
import { chargeFor, lookupKey, PLANS, type PlanDefinition } from './catalogue';

/**
 * Makes sure the provider has a price for each plan (found by lookup key, created when missing)
 * and remembers them, so the plans served carry their provider price ids.
 */
export async function syncProviderPrices(
  db: Executor<typeof schema>,
  stripe: Stripe,
): Promise<Map<string, string>> {
  const keys = PLANS.map(lookupKey);
  const existing = await stripe.prices.list({ lookup_keys: keys, limit: 100 });
  const byKey = new Map(existing.data.map((price) => [price.lookup_key, price]));
  const ids = new Map<string, string>();
  for (const plan of PLANS) {
    const price = byKey.get(lookupKey(plan)) ?? (await createPrice(stripe, plan));
    ids.set(plan.id, price.id);
    await db
      .insert(providerPrices)
      .values({
        planId: plan.id,
        priceId: price.id,
        unitAmount: chargeFor(plan).total,
        currency: plan.currency,
      })
      .onConflictDoUpdate({
        target: providerPrices.planId,
        set: {
          priceId: price.id,
          unitAmount: chargeFor(plan).total,
          currency: plan.currency,
          updatedAt: new Date(),
        },
      });
  }
  return ids;
}

async function createPrice(stripe: Stripe, plan: PlanDefinition): Promise<Stripe.Price> {
  const product = await stripe.products.create(
    { name: `LinksMate ${plan.name} membership`, metadata: { plan_id: plan.id } },
    { idempotencyKey: `product-${lookupKey(plan)}` },
  );
  return stripe.prices.create(
    {
      product: product.id,
      currency: plan.currency,
      unit_amount: chargeFor(plan).total,
      lookup_key: lookupKey(plan),
      nickname: `${plan.name} (GST inclusive)`,
      metadata: { plan_id: plan.id },
      ...(plan.interval === 'lifetime' ? {} : { recurring: { interval: plan.interval } }),
    },
    { idempotencyKey: `price-${lookupKey(plan)}` },
  );
}

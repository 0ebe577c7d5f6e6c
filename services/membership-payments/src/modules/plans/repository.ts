import { providerPrices } from '../../db/schema';
import type { Db } from '../../db/types';

/** Remembers the provider's price of a plan. */
export async function saveProviderPrice(
  db: Db,
  price: { planId: string; priceId: string; unitAmount: number; currency: string },
): Promise<void> {
  await db
    .insert(providerPrices)
    .values(price)
    .onConflictDoUpdate({
      target: providerPrices.planId,
      set: {
        priceId: price.priceId,
        unitAmount: price.unitAmount,
        currency: price.currency,
        updatedAt: new Date(),
      },
    });
}

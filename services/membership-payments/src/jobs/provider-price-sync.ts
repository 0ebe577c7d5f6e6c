import type { JobSpec } from '@linksmate/platform';
import type { PlansService } from '../modules/plans/service';

export const PROVIDER_PRICE_SYNC = 'provider-price-sync';

/** The provider's prices, needed before anyone can buy; a provider that is away is asked again. */
export function providerPriceSync(plans: PlansService): JobSpec {
  return {
    name: PROVIDER_PRICE_SYNC,
    everyMs: 60 * 60 * 1000,
    retryMs: 2_000,
    run: async () => {
      await plans.syncProviderPrices();
      return 'done';
    },
  };
}

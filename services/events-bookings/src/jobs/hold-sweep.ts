import type { JobSpec } from '@linksmate/platform';
import type { CheckoutService } from '../modules/checkout/service';

export const HOLD_SWEEP = 'hold-sweep';

/**
 * Holds whose time ran out are released and their seats offered again (the waitlist listens); refunds
 * owed for payments that came too late are asked of payments until it has made them.
 */
export function holdSweep(checkout: CheckoutService, everyMs: number): JobSpec {
  return {
    name: HOLD_SWEEP,
    everyMs,
    run: async () => {
      await checkout.sweepLapsedHolds();
      await checkout.refundOwed();
      return undefined;
    },
  };
}

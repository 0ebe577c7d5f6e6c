import type Stripe from 'stripe';
import { type Db, liveSubscriptionIds } from '../memberships/repository';

/**
 * Ends, at the provider and at once, every subscription of the user it has not ended yet (except
 * `keep`): one subscription per person, and nobody billed for what replaced it.
 */
export async function endOtherSubscriptions(
  deps: { db: Db; stripe: Stripe },
  userId: number,
  keep?: string,
): Promise<void> {
  for (const id of await liveSubscriptionIds(deps.db, userId)) {
    if (id !== keep) await deps.stripe.subscriptions.cancel(id);
  }
}

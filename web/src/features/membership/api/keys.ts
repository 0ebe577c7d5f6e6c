import { sharedQueryRoots } from '../../../lib/query-keys';

/** The membership's query keys, under the shared payments root. */
export const membershipKeys = {
  all: sharedQueryRoots.payments,
  config: () => [...sharedQueryRoots.payments, 'config'] as const,
  plans: () => [...sharedQueryRoots.payments, 'plans'] as const,
  subscriptionStatus: () => [...sharedQueryRoots.payments, 'subscription-status'] as const,
  /** Read from /profile, so it goes stale with the profile. */
  billingEmail: () => [...sharedQueryRoots.profile, 'billing-email'] as const,
};

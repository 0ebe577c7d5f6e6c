import { sharedQueryRoots } from '../../../lib/query-keys';

/** The membership's query keys, under the shared payments root. */
export const membershipKeys = {
  all: sharedQueryRoots.payments,
  plans: () => [...sharedQueryRoots.payments, 'plans'] as const,
  subscriptionStatus: () => [...sharedQueryRoots.payments, 'subscription-status'] as const,
};

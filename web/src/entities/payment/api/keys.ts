import { sharedQueryRoots } from '../../../lib/query-keys';

/** The checkouts' shared reads (membership's and the events' slot purchase). */
export const paymentKeys = {
  config: () => [...sharedQueryRoots.payments, 'config'] as const,
  /** Read from /profile, so it goes stale with the profile. */
  billingEmail: () => [...sharedQueryRoots.profile, 'billing-email'] as const,
};

import { sharedQueryRoots } from '../../../lib/query-keys';

/** What the add-user dialog reads, wherever it opens (Event Listings' detail, the admin's events). */
export const eventKeys = {
  /** Under the admin's people: a change in Users makes the picker stale. */
  pickableUsers: (search: string) => [...sharedQueryRoots.adminUsers, 'picker', search] as const,
};

import { sharedQueryRoots } from '../../../lib/query-keys';

const root = sharedQueryRoots.venues;

/** The venue directory's own query keys (its search, a venue by id and its courses are entities/venue's). */
export const venuesKeys = {
  all: root,
  bySlug: (slug: string) => [...root, 'slug', slug] as const,
  /** One of the filter selects' option lists. */
  options: (list: 'states' | 'types' | 'course-amenities' | 'club-amenities') =>
    [...root, 'options', list] as const,
};

/** The filter lists change only when venues do; a visit reads them once. */
export const OPTION_LISTS_STALE_MS = 10 * 60_000;

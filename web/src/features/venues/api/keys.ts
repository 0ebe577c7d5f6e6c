import type { VenuesQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

const root = sharedQueryRoots.venues;

/** The venue directory's and venue detail's query keys. */
export const venuesKeys = {
  all: root,
  search: (query: VenuesQuery) => [...root, 'search', query] as const,
  byId: (venueId: number) => [...root, 'id', venueId] as const,
  bySlug: (slug: string) => [...root, 'slug', slug] as const,
  courses: (venueId: number) => [...root, 'courses', venueId] as const,
  /** One of the filter selects' option lists. */
  options: (list: 'states' | 'types' | 'course-amenities' | 'club-amenities') =>
    [...root, 'options', list] as const,
};

/** The filter lists change only when venues do; a visit reads them once. */
export const OPTION_LISTS_STALE_MS = 10 * 60_000;

import type { VenuesQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';
import type { VenueOptionsSource } from './get-venue-options';

/** Under the shared venues root: a venue changed in the admin area leaves none of these stale. */
export const venueKeys = {
  search: (query: VenuesQuery) => [...sharedQueryRoots.venues, 'search', query] as const,
  byId: (venueId: number) => [...sharedQueryRoots.venues, 'id', venueId] as const,
  courses: (venueId: number) => [...sharedQueryRoots.venues, 'courses', venueId] as const,
  pickerOptions: (source: VenueOptionsSource) => [...sharedQueryRoots.venues, 'picker', source] as const,
};

import type { VenuesQuery, VenuesReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { venueKeys } from './keys';

export type { VenueListItem, VenuesQuery } from '@linksmate/proto';

/**
 * docs/product.md#community-calls: GET /venues with the filters and a page → `{venues, count}`. Public.
 * The directory pages through it, and Create Game's venue picker searches it by name.
 */
export const findVenues = (query: VenuesQuery) => api.get<VenuesReply>(`/venues${queryString(query)}`);

export const findVenuesQuery = (query: VenuesQuery) =>
  queryOptions({ queryKey: venueKeys.search(query), queryFn: () => findVenues(query) });

/** The page before stays on screen while the next one loads, so paging and filtering do not flash. */
export function useFindVenues(query: VenuesQuery, enabled = true) {
  return useQuery({ ...findVenuesQuery(query), placeholderData: keepPreviousData, enabled });
}

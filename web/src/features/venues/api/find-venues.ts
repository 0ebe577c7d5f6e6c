import type { VenuesQuery, VenuesReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { venuesKeys } from './keys';

export type { VenueListItem, VenuesQuery } from '@linksmate/proto';

/** docs/product.md#community-calls: GET /venues with the filters and a page → `{venues, count}`. Public. */
export const findVenues = (query: VenuesQuery) => api.get<VenuesReply>(`/venues${queryString(query)}`);

export const findVenuesQuery = (query: VenuesQuery) =>
  queryOptions({ queryKey: venuesKeys.search(query), queryFn: () => findVenues(query) });

/** The page before stays on screen while the next one loads, so paging and filtering do not flash. */
export function useFindVenues(query: VenuesQuery) {
  return useQuery({ ...findVenuesQuery(query), placeholderData: keepPreviousData });
}

import type { VenuesQuery, VenuesReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { gamesKeys } from './keys';

export type { VenueListItem } from '@linksmate/proto';

/** docs/product.md#community-limits: the venue picker searches by name (and place) and shows 10 venues a page. Public. */
export const findVenuePage = (query: VenuesQuery) => api.get<VenuesReply>(`/venues${queryString(query)}`);

export const venuePageQuery = (query: VenuesQuery) =>
  queryOptions({
    queryKey: gamesKeys.venuePage(query),
    queryFn: () => findVenuePage(query),
    staleTime: 60_000,
  });

export function useVenuePage(query: VenuesQuery, enabled = true) {
  return useQuery({ ...venuePageQuery(query), placeholderData: keepPreviousData, enabled });
}

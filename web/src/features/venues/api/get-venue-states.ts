import type { FilterOption, StatesReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { OPTION_LISTS_STALE_MS, venuesKeys } from './keys';

/** docs/product.md#community-calls: GET /venues/states → `{states}`, the states some listed venue is in. */
export const getVenueStates = () => api.get<StatesReply>('/venues/states');

export const venueStatesQuery = () =>
  queryOptions({
    queryKey: venuesKeys.options('states'),
    queryFn: getVenueStates,
    staleTime: OPTION_LISTS_STALE_MS,
  });

/** The State select's options; a failed lookup leaves the list empty, silently (docs/product.md#community-calls). */
export function useVenueStateOptions(): FilterOption[] {
  const { data } = useQuery(venueStatesQuery());
  return (data?.states ?? []).map((state) => ({ value: state, label: state }));
}

import type { FilterOption, VenueTypesReply } from '@linksmate/proto';
import { VENUE_TYPE_LABELS, VENUE_TYPES } from '@linksmate/proto/rules/venues';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { OPTION_LISTS_STALE_MS, venuesKeys } from './keys';

/** The eight known venue types (docs/product.md#community-entities), offered when the server's list cannot be had. */
const BUILT_IN_TYPES: FilterOption[] = VENUE_TYPES.map((value) => ({
  value,
  label: VENUE_TYPE_LABELS[value],
}));

/** docs/product.md#community-calls: GET /venues/types → `{types}` with value and label. */
export const getVenueTypes = () => api.get<VenueTypesReply>('/venues/types');

export const venueTypesQuery = () =>
  queryOptions({
    queryKey: venuesKeys.options('types'),
    queryFn: getVenueTypes,
    staleTime: OPTION_LISTS_STALE_MS,
  });

/** The Venue Type select's options; a failed lookup falls back to the built-in eight, silently. */
export function useVenueTypeOptions(): FilterOption[] {
  const { data, isError } = useQuery(venueTypesQuery());
  return data?.types ?? (isError ? BUILT_IN_TYPES : []);
}

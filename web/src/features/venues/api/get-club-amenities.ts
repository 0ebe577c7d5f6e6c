import type { AmenitiesReply, FilterOption } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { OPTION_LISTS_STALE_MS, venuesKeys } from './keys';

/** docs/product.md#community-calls: GET /venues/club-amenities → `{amenities}` with value and label. */
export const getClubAmenities = () => api.get<AmenitiesReply>('/venues/club-amenities');

export const clubAmenitiesQuery = () =>
  queryOptions({
    queryKey: venuesKeys.options('club-amenities'),
    queryFn: getClubAmenities,
    staleTime: OPTION_LISTS_STALE_MS,
  });

/** The Club Amenity select's options; a failed lookup leaves the list empty, silently. */
export function useClubAmenityOptions(): FilterOption[] {
  return useQuery(clubAmenitiesQuery()).data?.amenities ?? [];
}

import type { AmenitiesReply, FilterOption } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { OPTION_LISTS_STALE_MS, venuesKeys } from './keys';

/** docs/product.md#community-calls: GET /venues/course-amenities → `{amenities}` with value and label. */
export const getCourseAmenities = () => api.get<AmenitiesReply>('/venues/course-amenities');

export const courseAmenitiesQuery = () =>
  queryOptions({
    queryKey: venuesKeys.options('course-amenities'),
    queryFn: getCourseAmenities,
    staleTime: OPTION_LISTS_STALE_MS,
  });

/** The Course Amenity select's options; a failed lookup leaves the list empty, silently. */
export function useCourseAmenityOptions(): FilterOption[] {
  return useQuery(courseAmenitiesQuery()).data?.amenities ?? [];
}

import type { CoursesReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { venueKeys } from './keys';

export type { Course } from '@linksmate/proto';

/** docs/product.md#courses: the venue page and the results' tee picker read it. GET /venues/{id}/courses → a listed venue's courses, tees and holes. */
export const getVenueCourses = (venueId: number) => api.get<CoursesReply>(`/venues/${venueId}/courses`);

export const venueCoursesQuery = (venueId: number) =>
  queryOptions({ queryKey: venueKeys.courses(venueId), queryFn: () => getVenueCourses(venueId) });

export const useVenueCourses = (venueId: number) => useQuery(venueCoursesQuery(venueId));

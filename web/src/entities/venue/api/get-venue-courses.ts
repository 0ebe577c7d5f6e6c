import type { CoursesReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { venueKeys } from './keys';

export type { Course } from '@linksmate/proto';

/**
 * docs/product.md#courses: GET /venues/{id}/courses → a listed venue's courses, tees and holes: the
 * venue page shows them, and recording a round picks its course and tee from them.
 */
export const getVenueCourses = (venueId: number) => api.get<CoursesReply>(`/venues/${venueId}/courses`);

export const venueCoursesQuery = (venueId: number) =>
  queryOptions({ queryKey: venueKeys.courses(venueId), queryFn: () => getVenueCourses(venueId) });

export const useVenueCourses = (venueId: number, enabled = true) =>
  useQuery({ ...venueCoursesQuery(venueId), enabled });

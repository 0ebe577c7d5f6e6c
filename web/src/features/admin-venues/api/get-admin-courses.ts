import type { CoursesReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminVenuesKeys } from './keys';

export type { Course, Tee } from '@linksmate/proto';

/** docs/product.md#courses: GET /admin/venues/{id}/courses → `{courses}` with their tees and holes. */
export const getAdminCourses = (venueId: number) => api.get<CoursesReply>(`/admin/venues/${venueId}/courses`);

export const adminCoursesQuery = (venueId: number) =>
  queryOptions({ queryKey: adminVenuesKeys.courses(venueId), queryFn: () => getAdminCourses(venueId) });

export const useAdminCourses = (venueId: number) => useQuery(adminCoursesQuery(venueId));

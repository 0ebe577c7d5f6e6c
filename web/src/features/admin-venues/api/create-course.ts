import type { CourseBody, CourseReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** docs/product.md#courses: POST /admin/venues/{id}/courses, a course with all its tees and holes. */
export const createCourse = ({ venueId, body }: { venueId: number; body: CourseBody }) =>
  api.post<CourseReply>(`/admin/venues/${venueId}/courses`, body);

export const useCreateCourse = () => useVenuesMutation(createCourse);

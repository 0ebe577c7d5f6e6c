import type { CourseBody, CourseReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** docs/product.md#courses: PUT /admin/venues/{id}/courses/{courseId}, the course saved whole (tees keep their ids). */
export const updateCourse = ({
  venueId,
  courseId,
  body,
}: {
  venueId: number;
  courseId: number;
  body: CourseBody;
}) => api.put<CourseReply>(`/admin/venues/${venueId}/courses/${courseId}`, body);

export const useUpdateCourse = () => useVenuesMutation(updateCourse);

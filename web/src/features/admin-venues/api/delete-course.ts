import type { MessageReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** docs/product.md#courses: DELETE /admin/venues/{id}/courses/{courseId}; its tees go with it. */
export const deleteCourse = ({ venueId, courseId }: { venueId: number; courseId: number }) =>
  api.delete<MessageReply>(`/admin/venues/${venueId}/courses/${courseId}`);

export const useDeleteCourse = () => useVenuesMutation(deleteCourse);

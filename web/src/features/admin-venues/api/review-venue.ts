import type { AdminVenueReply, VenueReviewBody } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** PUT /admin/venues/{id}/review: a venue someone submitted is approved (then listed) or rejected. */
export const reviewVenue = ({
  venueId,
  decision,
}: {
  venueId: number;
  decision: VenueReviewBody['review_status'];
}) => api.put<AdminVenueReply>(`/admin/venues/${venueId}/review`, { review_status: decision });

export const useReviewVenue = () => useVenuesMutation(reviewVenue);

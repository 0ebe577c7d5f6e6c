import type { CoachVenuesReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useCoachVenuesMutation } from './keys';

/** docs/product.md#admin-calls: DELETE /admin/coaches/{id}/venues/{venueId} (the venue's id, not the link's). */
export const removeCoachVenue = ({ coachId, venueId }: { coachId: number; venueId: number }) =>
  api.delete<CoachVenuesReply>(`/admin/coaches/${coachId}/venues/${venueId}`);

export const useRemoveCoachVenue = () => useCoachVenuesMutation(removeCoachVenue);

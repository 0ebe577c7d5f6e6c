import type { CoachVenuesReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useCoachVenuesMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/coaches/{id}/venues with venue_id, is_primary (answers the new list). */
export const addCoachVenue = ({
  coachId,
  venueId,
  isPrimary,
}: {
  coachId: number;
  venueId: number;
  isPrimary: boolean;
}) =>
  api.post<CoachVenuesReply>(`/admin/coaches/${coachId}/venues`, {
    venue_id: venueId,
    is_primary: isPrimary,
  });

export const useAddCoachVenue = () => useCoachVenuesMutation(addCoachVenue);

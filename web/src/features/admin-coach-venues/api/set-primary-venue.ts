import type { CoachVenuesReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useCoachVenuesMutation } from './keys';

/** docs/product.md#admin-calls: PUT /admin/coaches/{id}/venues/{linkId}/primary with an empty body. */
export const setPrimaryVenue = ({ coachId, linkId }: { coachId: number; linkId: number }) =>
  api.put<CoachVenuesReply>(`/admin/coaches/${coachId}/venues/${linkId}/primary`);

export const useSetPrimaryVenue = () => useCoachVenuesMutation(setPrimaryVenue);

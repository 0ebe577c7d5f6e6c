import type { VenueMediaDeletedReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** DELETE /upload/venue-photo/{venueId}: the venue's featured image goes. */
export const deleteVenuePhoto = (venueId: number) =>
  api.delete<VenueMediaDeletedReply>(`/upload/venue-photo/${venueId}`);

export const useDeleteVenuePhoto = () => useVenuesMutation(deleteVenuePhoto);

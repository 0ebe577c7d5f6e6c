import type { VenueMediaDeletedReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** DELETE /upload/venue-image/{mediaId}: one gallery item goes; those after it move up. */
export const deleteVenueMedia = (mediaId: number) =>
  api.delete<VenueMediaDeletedReply>(`/upload/venue-image/${mediaId}`);

export const useDeleteVenueMedia = () => useVenuesMutation(deleteVenueMedia);

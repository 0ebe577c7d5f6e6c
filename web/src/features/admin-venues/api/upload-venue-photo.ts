import type { VenuePhotoReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/**
 * POST /upload/venue-photo (multipart: `venue_id` first, then the picture in `image`): the venue's
 * featured image, replacing any before it.
 */
export function uploadVenuePhoto({ venueId, file }: { venueId: number; file: File }) {
  const form = new FormData();
  form.append('venue_id', String(venueId));
  form.append('image', file);
  return api.post<VenuePhotoReply>('/upload/venue-photo', form);
}

export const useUploadVenuePhoto = () => useVenuesMutation(uploadVenuePhoto);

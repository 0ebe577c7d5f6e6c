import type { VenueGalleryReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/**
 * POST /upload/venue-gallery (multipart: `venue_id` first, then the file in `media`): a picture or a
 * video at the end of the venue's gallery.
 */
export function uploadVenueGalleryItem({ venueId, file }: { venueId: number; file: File }) {
  const form = new FormData();
  form.append('venue_id', String(venueId));
  form.append('media', file);
  return api.post<VenueGalleryReply>('/upload/venue-gallery', form);
}

export const useUploadVenueGalleryItem = () => useVenuesMutation(uploadVenueGalleryItem);

import { uploadVenueGalleryItem } from '../../api/upload-venue-gallery';
import { uploadVenuePhoto } from '../../api/upload-venue-photo';
import { uploadFailure } from '../media-files';
import type { PendingMedia } from './MediaStep';

/**
 * docs/product.md#admin-states: once the venue is saved, the featured image and then each gallery file in turn. A file
 * that fails is logged and skipped; what was skipped is returned, one sentence each.
 */
export async function uploadPendingMedia(venueId: number, pending: PendingMedia): Promise<string[]> {
  const skipped: string[] = [];
  const attempt = async (file: File, upload: () => Promise<unknown>) => {
    try {
      await upload();
    } catch (error) {
      console.error(`Uploading ${file.name} for venue ${venueId} failed`, error);
      skipped.push(`${file.name}: ${uploadFailure(error)}`);
    }
  };
  const { featured } = pending;
  if (featured) await attempt(featured, () => uploadVenuePhoto({ venueId, file: featured }));
  for (const file of pending.gallery) await attempt(file, () => uploadVenueGalleryItem({ venueId, file }));
  return skipped;
}

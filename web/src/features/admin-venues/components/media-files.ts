import {
  IMAGE_MIME_TYPES,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  VENUE_MESSAGES,
  VIDEO_MIME_TYPES,
} from '@linksmate/proto/rules';
import { ApiError } from '../../../lib/api-client';

/** Venue media checked before it is sent (docs/product.md#admin-validation); the server checks the content again. */

const MB = 1024 * 1024;
const sizeLabel = (bytes: number) => `${Math.round(bytes / MB)}MB`;

export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
export const MEDIA_ACCEPT = [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES].join(',');

export const FEATURED_IMAGE_HINT = `Maximum ${sizeLabel(UPLOAD_LIMITS.venuePhotoBytes)}. JPEG, PNG, GIF, WebP`;
export const GALLERY_HINT = `Images up to ${sizeLabel(UPLOAD_LIMITS.venuePhotoBytes)} each, videos up to ${sizeLabel(UPLOAD_LIMITS.venueVideoBytes)} each.`;

// A browser that cannot name a file's type (some give '' for .3gp or .avi) is answered by its extension.
const extension = (file: File) => /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
const isImage = (file: File) =>
  file.type
    ? (IMAGE_MIME_TYPES as readonly string[]).includes(file.type)
    : ['jpg', 'jpeg', 'png', 'gif', 'webp'].includes(extension(file));
const isVideo = (file: File) =>
  file.type
    ? (VIDEO_MIME_TYPES as readonly string[]).includes(file.type)
    : ['mp4', 'mov', 'avi', 'webm', '3gp'].includes(extension(file));

/** Why a featured image cannot be sent, or null. */
export function featuredImageProblem(file: File): string | null {
  if (!isImage(file)) return UPLOAD_MESSAGES.invalidImageType;
  if (file.size > UPLOAD_LIMITS.venuePhotoBytes)
    return VENUE_MESSAGES.tooLargeFor('image', sizeLabel(UPLOAD_LIMITS.venuePhotoBytes));
  return null;
}

/** Why a gallery file cannot be sent, or null: an image up to 10MB or a video up to 100MB. */
export function galleryFileProblem(file: File): string | null {
  if (isImage(file))
    return file.size > UPLOAD_LIMITS.venuePhotoBytes
      ? VENUE_MESSAGES.tooLargeFor('image', sizeLabel(UPLOAD_LIMITS.venuePhotoBytes))
      : null;
  if (isVideo(file))
    return file.size > UPLOAD_LIMITS.venueVideoBytes
      ? VENUE_MESSAGES.tooLargeFor('video', sizeLabel(UPLOAD_LIMITS.venueVideoBytes))
      : null;
  return UPLOAD_MESSAGES.invalidMediaType;
}

/** The server's own words for a failed upload when it gave some, else a general one. */
export const uploadFailure = (error: unknown) =>
  error instanceof ApiError && !error.message.startsWith('API error') ? error.message : 'Upload failed';

/** '2.4 MB', '830 KB'. */
export function fileSize(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

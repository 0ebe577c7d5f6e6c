import { HttpError } from '@linksmate/platform';
import { MediaRejected, reencodeImage } from '@linksmate/platform/media';
import { UPLOAD_MESSAGES } from '@linksmate/proto';

/** The sizes a profile picture is kept in: shown on the profile, and a square for lists and avatars. */
export const PICTURE_SIZES = { display: 1024, thumbnail: 256 } as const;

const invalidType = () =>
  new HttpError(415, UPLOAD_MESSAGES.invalidImageType, 'invalid_image_type', {
    image: UPLOAD_MESSAGES.invalidImageType,
  });
const unreadable = () =>
  new HttpError(422, UPLOAD_MESSAGES.unreadableImage, 'unreadable_image', {
    image: UPLOAD_MESSAGES.unreadableImage,
  });

export interface Picture {
  display: { bytes: Buffer; width: number; height: number };
  thumbnail: { bytes: Buffer; width: number; height: number };
}

/**
 * Checks an upload and re-encodes it (platform media: the type comes from its bytes, JPEG, PNG, GIF
 * or WebP only; a polyglot is refused; only the upright pixels are kept, as WebP) in a display size
 * and a square thumbnail.
 */
export async function reencodePicture(bytes: Buffer): Promise<Picture> {
  try {
    const {
      images: [display, thumbnail],
    } = await reencodeImage(bytes, [
      { width: PICTURE_SIZES.display, height: PICTURE_SIZES.display, fit: 'inside', quality: 82 },
      { width: PICTURE_SIZES.thumbnail, height: PICTURE_SIZES.thumbnail, fit: 'cover', quality: 80 },
    ]);
    return { display, thumbnail };
  } catch (err) {
    if (!(err instanceof MediaRejected)) throw err;
    throw err.reason === 'unreadable' ? unreadable() : invalidType();
  }
}

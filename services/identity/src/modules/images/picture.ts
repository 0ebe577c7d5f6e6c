import { HttpError } from '@linksmate/platform';
import { UPLOAD_MESSAGES } from '@linksmate/proto';
import sharp from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

/** The sizes a profile picture is kept in: shown on the profile, and a square for lists and avatars. */
export const PICTURE_SIZES = { display: 1024, thumbnail: 256 } as const;
/** Larger pictures are refused before decoding: a small file can unpack into gigabytes of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type the file's first bytes declare, whatever the client called it. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Markup a browser or an interpreter would run: no picture carries it. */
const ACTIVE_CONTENT = /<(?:script|html|body|iframe|object|embed|svg|\?php)[\s>/]|javascript:/i;

function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at;
  }
  return null;
}

function webpEnd(bytes: Buffer): number | null {
  if (bytes.length < 12) return null;
  const size = bytes.readUInt32LE(4);
  return 8 + size + (size % 2);
}

/** Skips a run of GIF data sub-blocks (length-prefixed, ended by an empty one). */
function skipSubBlocks(bytes: Buffer, at: number): number {
  let position = at;
  while (position < bytes.length && bytes[position] !== 0) position += 1 + (bytes[position] as number);
  return position + 1;
}

function gifEnd(bytes: Buffer): number | null {
  if (bytes.length < 13) return null;
  const flags = bytes[10] as number;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) return at + 1;
    if (block === 0x21) at = skipSubBlocks(bytes, at + 2);
    else if (block === 0x2c) {
      const local = bytes[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      at = skipSubBlocks(bytes, at);
    } else return null;
  }
  return null;
}

/**
 * Whether bytes follow the picture's own end: the classic polyglot (a PNG with a script or an
 * archive appended). JPEG is not judged so: cameras append second images and motion clips there.
 */
function carriesTrailer(bytes: Buffer, type: ImageType): boolean {
  const end =
    type === 'png' ? pngEnd(bytes) : type === 'webp' ? webpEnd(bytes) : type === 'gif' ? gifEnd(bytes) : null;
  return end !== null && end < bytes.length;
}

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
 * Checks an upload and re-encodes it: the type comes from its bytes (JPEG, PNG, GIF, WebP only),
 * a file that also carries markup or bytes past the picture's end is refused, and what is kept is
 * the decoded pixels alone, turned upright by the EXIF orientation, without any metadata, as WebP
 * in a display size and a square thumbnail.
 */
export async function reencodePicture(bytes: Buffer): Promise<Picture> {
  const type = sniffImageType(bytes);
  if (!type) throw invalidType();
  if (ACTIVE_CONTENT.test(bytes.toString('latin1')) || carriesTrailer(bytes, type)) throw invalidType();
  const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
  try {
    const { format } = await input().metadata();
    if (format !== type) throw invalidType();
    // sharp strips metadata unless asked to keep it; rotate() applies the EXIF orientation first.
    const [display, thumbnail] = await Promise.all([
      input()
        .rotate()
        .resize({
          width: PICTURE_SIZES.display,
          height: PICTURE_SIZES.display,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      input()
        .rotate()
        .resize({ width: PICTURE_SIZES.thumbnail, height: PICTURE_SIZES.thumbnail, fit: 'cover' })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      display: { bytes: display.data, width: display.info.width, height: display.info.height },
      thumbnail: { bytes: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height },
    };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // Truncated, corrupt or too many pixels: sharp cannot give a picture back.
    throw unreadable();
  }
}

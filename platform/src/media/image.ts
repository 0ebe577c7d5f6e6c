import sharp from 'sharp';
import { MediaRejected } from './errors';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

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

/** Markup a browser or an interpreter would run: no picture or video carries it. */
export const ACTIVE_CONTENT = /<(?:script|html|body|iframe|object|embed|svg|\?php)[\s>/]|javascript:/i;
/** The longest text ACTIVE_CONTENT can match, so a scan in chunks keeps this much of the last one. */
export const ACTIVE_CONTENT_SPAN = 16;

/** Whether the bytes carry markup that would run somewhere. */
export function carriesActiveContent(bytes: Buffer): boolean {
  return ACTIVE_CONTENT.test(bytes.toString('latin1'));
}

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

/**
 * The picture's type by its content (JPEG, PNG, GIF, WebP only). A file of any other type, or one
 * that also carries markup or bytes past the picture's end, is refused as `invalid_type`.
 */
export function checkImage(bytes: Buffer): ImageType {
  const type = sniffImageType(bytes);
  if (!type) throw new MediaRejected('invalid_type', undefined, 'not a JPEG, PNG, GIF or WebP');
  if (carriesActiveContent(bytes)) throw new MediaRejected('invalid_type', 'image', 'carries markup');
  if (carriesTrailer(bytes, type)) throw new MediaRejected('invalid_type', 'image', 'bytes past its end');
  return type;
}

export interface ImageSize {
  /** The box the picture is made to fit (`inside`, never enlarged) or to fill (`cover`, cropped). */
  width: number;
  height: number;
  fit: 'inside' | 'cover';
  quality?: number;
}

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Checks an upload (`checkImage`) and re-encodes it: what is kept is the decoded pixels alone,
 * turned upright by the EXIF orientation, without any metadata, as WebP, once per size asked for
 * (an animation keeps its first frame). A truncated or corrupt file, or one of too many pixels, is
 * `unreadable`.
 */
export async function reencodeImage<const S extends readonly ImageSize[]>(
  bytes: Buffer,
  sizes: S,
): Promise<{ type: ImageType; images: { [K in keyof S]: EncodedImage } }> {
  const type = checkImage(bytes);
  const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
  try {
    const { format } = await input().metadata();
    if (format !== type)
      throw new MediaRejected('invalid_type', 'image', `declares ${type}, decodes as ${format}`);
    // sharp strips metadata unless asked to keep it; rotate() applies the EXIF orientation first.
    const images = await Promise.all(
      sizes.map(async (size) => {
        const { data, info } = await input()
          .rotate()
          .resize({
            width: size.width,
            height: size.height,
            fit: size.fit,
            withoutEnlargement: size.fit === 'inside',
          })
          .webp({ quality: size.quality ?? 82 })
          .toBuffer({ resolveWithObject: true });
        return { bytes: data, width: info.width, height: info.height };
      }),
    );
    return { type, images: images as { [K in keyof S]: EncodedImage } };
  } catch (err) {
    if (err instanceof MediaRejected) throw err;
    // Truncated, corrupt or too many pixels: sharp cannot give a picture back.
    throw new MediaRejected('unreadable', 'image', (err as Error).message);
  }
}

/** A JPEG of the picture (e.g. a video frame), fit inside the box and without metadata. */
export async function toJpeg(
  bytes: Buffer,
  box: { width: number; height: number },
  quality = 80,
): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality })
      .toBuffer();
  } catch (err) {
    throw new MediaRejected('unreadable', undefined, (err as Error).message);
  }
}

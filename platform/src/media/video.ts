import { open } from 'node:fs/promises';
import { MediaRejected } from './errors';

/** The video types accepted (docs/product.md#account-validation): MP4, QuickTime, 3GP (ISO boxes), AVI (RIFF), WebM (EBML). */
export type VideoType = 'mp4' | 'mov' | '3gp' | 'avi' | 'webm';

/** The extension a stored video gets, and the content type it is served with. */
export const VIDEO_FILES: Record<VideoType, { extension: string; contentType: string }> = {
  mp4: { extension: '.mp4', contentType: 'video/mp4' },
  mov: { extension: '.mov', contentType: 'video/quicktime' },
  '3gp': { extension: '.3gp', contentType: 'video/3gpp' },
  avi: { extension: '.avi', contentType: 'video/x-msvideo' },
  webm: { extension: '.webm', contentType: 'video/webm' },
};

/** How many first bytes the sniffing looks at. */
export const VIDEO_HEAD_BYTES = 4096;

const text = (bytes: Buffer, at: number, length: number) => bytes.toString('latin1', at, at + length);

/** ISO base media brands (the `ftyp` box) of MP4 and its relatives that browsers and phones write. */
// biome-ignore format: a table reads better than one brand per line
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'mp71', 'avc1', 'hvc1', 'hev1', 'av01', 'dash', 'cmfc', 'mmp4',
  'M4V ', 'M4VH', 'M4VP', 'f4v ', 'F4V ', 'MSNV', 'XAVC',
  'NDAS', 'NDSC', 'NDSH', 'NDSM', 'NDSP', 'NDSS', 'NDXC', 'NDXH', 'NDXM', 'NDXP', 'NDXS',
]);

function brandType(brand: string): VideoType | null {
  if (brand === 'qt  ') return 'mov';
  if (brand.startsWith('3g')) return '3gp';
  if (MP4_BRANDS.has(brand)) return 'mp4';
  return null;
}

/** MP4, MOV and 3GP by their `ftyp` box: the major brand, else the first compatible brand we know. */
function sniffIsoBmff(bytes: Buffer): VideoType | null {
  if (bytes.length < 16 || text(bytes, 4, 4) !== 'ftyp') return null;
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size % 4 !== 0) return null;
  const major = brandType(text(bytes, 8, 4));
  if (major) return major;
  for (let at = 16; at + 4 <= Math.min(size, bytes.length); at += 4) {
    const compatible = brandType(text(bytes, at, 4));
    if (compatible) return compatible;
  }
  return null;
}

/** An EBML variable-length integer at `at`: its length in bytes and its value (marker bit removed). */
function readVint(bytes: Buffer, at: number): { length: number; value: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] as number;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value, unknown: allOnes };
}

/** An EBML element ID at `at` (marker bits kept, as IDs are written). */
function readId(bytes: Buffer, at: number): { length: number; id: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 4 || at + length > bytes.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + (bytes[at + i] as number);
  return { length, id };
}

const EBML_ID = 0x1a45dfa3;
const DOCTYPE_ID = 0x4282;
const SEGMENT_ID = 0x18538067;

/** WebM: an EBML header whose DocType is `webm` (a Matroska file of another DocType is not taken). */
function sniffWebm(bytes: Buffer): VideoType | null {
  const header = readId(bytes, 0);
  if (header?.id !== EBML_ID) return null;
  const size = readVint(bytes, header.length);
  if (!size || size.unknown) return null;
  const end = Math.min(header.length + size.length + size.value, bytes.length);
  let at = header.length + size.length;
  while (at < end) {
    const child = readId(bytes, at);
    const childSize = child && readVint(bytes, at + child.length);
    if (!child || !childSize || childSize.unknown) return null;
    const body = at + child.length + childSize.length;
    if (child.id === DOCTYPE_ID)
      return text(bytes, body, childSize.value).replace(/\0+$/, '') === 'webm' ? 'webm' : null;
    at = body + childSize.value;
  }
  return null;
}

/** The video type the file's first bytes declare (see VIDEO_HEAD_BYTES), whatever the client called it. */
export function sniffVideoType(head: Buffer): VideoType | null {
  if (text(head, 0, 4) === 'RIFF' && text(head, 8, 4) === 'AVI ') return 'avi';
  return sniffIsoBmff(head) ?? sniffWebm(head);
}

/** The demuxer ffmpeg is told to use for each type, so it never guesses from the content. */
export const VIDEO_DEMUXERS: Record<VideoType, string> = {
  mp4: 'mov',
  mov: 'mov',
  '3gp': 'mov',
  avi: 'avi',
  webm: 'matroska',
};

/** A file's top-level structures are walked at most this far; real files have a few, or a few thousand fragments. */
const MAX_TOP_LEVEL = 100_000;
const FOURCC = /^[\x20-\x7e]{4}$/;

type Reader = (at: number, length: number) => Promise<Buffer>;

/** Where the ISO boxes from `at` end, box after box; null when a box header is not one. */
async function isoBoxesEnd(read: Reader, size: number): Promise<number | null> {
  let at = 0;
  for (let count = 0; at < size; count++) {
    if (count >= MAX_TOP_LEVEL || at + 8 > size) return null;
    const header = await read(at, 16);
    const type = text(header, 4, 4);
    if (!FOURCC.test(type)) return null;
    let length = header.readUInt32BE(0);
    if (length === 0) return size; // The last box runs to the end of the file.
    if (length === 1) {
      if (header.length < 16) return null;
      length = Number(header.readBigUInt64BE(8));
      if (length < 16) return null;
    } else if (length < 8) return null;
    at += length;
  }
  return at;
}

/** Where the RIFF chunks (the AVI itself, its AVIX extensions, any JUNK after) end; null when one is not a chunk. */
async function riffChunksEnd(read: Reader, size: number): Promise<number | null> {
  let at = 0;
  for (let count = 0; at < size; count++) {
    if (count >= MAX_TOP_LEVEL || at + 8 > size) return null;
    const header = await read(at, 8);
    if (!FOURCC.test(text(header, 0, 4))) return null;
    const length = header.readUInt32LE(4);
    at += 8 + length + (length % 2);
  }
  // A writer that leaves out the pad byte of an odd last chunk is common enough to forgive.
  return at === size + 1 ? size : at;
}

/** Where the WebM's EBML header and Segment end; the size when the Segment's size is unknown (a recording). */
async function webmEnd(read: Reader, size: number): Promise<number | null> {
  let at = 0;
  for (const expected of [EBML_ID, SEGMENT_ID]) {
    const header = await read(at, 12);
    const id = readId(header, 0);
    const length = id && readVint(header, id.length);
    if (!id || id.id !== expected || !length) return null;
    if (length.unknown) return expected === SEGMENT_ID ? size : null;
    at += id.length + length.length + length.value;
  }
  return at;
}

/**
 * Checks the container of a stored video: its top-level structures (ISO boxes, RIFF chunks, the
 * WebM segment) must account for the file exactly. Bytes after them (a script, an archive: a
 * polyglot) are `invalid_type`; structures that claim more than the file holds (cut short) are
 * `unreadable`.
 */
export async function checkVideoContainer(path: string, type: VideoType): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const read: Reader = async (at, length) => {
      const buffer = Buffer.alloc(Math.min(length, Math.max(0, size - at)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      return buffer.subarray(0, bytesRead);
    };
    const end =
      type === 'avi'
        ? await riffChunksEnd(read, size)
        : type === 'webm'
          ? await webmEnd(read, size)
          : await isoBoxesEnd(read, size);
    if (end === null || end < size) throw new MediaRejected('invalid_type', 'video', 'bytes past its end');
    if (end > size) throw new MediaRejected('unreadable', 'video', 'cut short');
  } finally {
    await handle.close();
  }
}

import { createReadStream } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaRejected } from './errors';
import { FfmpegFailed, type FfmpegLimits, runFfmpeg } from './ffmpeg';
import { ACTIVE_CONTENT, ACTIVE_CONTENT_SPAN, toJpeg } from './image';
import { withTempDir } from './temp';
import {
  checkVideoContainer,
  sniffVideoType,
  VIDEO_DEMUXERS,
  VIDEO_HEAD_BYTES,
  type VideoType,
} from './video';

/** The box a video thumbnail fits in. */
export const VIDEO_THUMBNAIL_BOX = { width: 640, height: 640 } as const;
/** How many first frames ffmpeg picks the most representative one from (not a black first frame). */
const THUMBNAIL_CANDIDATE_FRAMES = 24;

async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(VIDEO_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the file carries markup that would run somewhere, read in chunks that overlap by the longest match. */
async function fileCarriesActiveContent(path: string): Promise<boolean> {
  let tail = '';
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const text = tail + (chunk as Buffer).toString('latin1');
    if (ACTIVE_CONTENT.test(text)) return true;
    tail = text.slice(-ACTIVE_CONTENT_SPAN);
  }
  return false;
}

/**
 * Checks a video file by its content: its type (MP4, MOV, 3GP, AVI, WebM) from its first bytes, its
 * container accounting for the whole file (nothing appended), and no markup anywhere in it.
 * Answers the type; a file that fails is MediaRejected. Whether it decodes is `videoThumbnail`'s to say.
 */
export async function inspectVideo(path: string): Promise<VideoType> {
  const type = sniffVideoType(await headOf(path));
  if (!type) throw new MediaRejected('invalid_type', undefined, 'not an MP4, MOV, 3GP, AVI or WebM');
  if (await fileCarriesActiveContent(path))
    throw new MediaRejected('invalid_type', 'video', 'carries markup');
  await checkVideoContainer(path, type);
  return type;
}

export interface ThumbnailOptions {
  /** The type, when already known (otherwise sniffed from the first bytes). */
  type?: VideoType;
  /** Limits of the ffmpeg run (time, output, memory). */
  limits?: Partial<FfmpegLimits>;
  /** Where a video given as bytes is written for ffmpeg to read (the system's temporary folder by default). */
  tempRoot?: string;
}

/**
 * A JPEG thumbnail of a video: ffmpeg decodes its first frames and keeps the most representative
 * one, which proves the file decodes. ffmpeg is told the demuxer (it never guesses from the content)
 * and may open local files only, reads the video from a file (bytes are written to a temporary
 * file first, removed afterwards) and runs under a time limit. A video that does not decode, or
 * takes too long, is `unreadable`.
 */
export async function videoThumbnail(
  input: Buffer | { path: string },
  options: ThumbnailOptions = {},
): Promise<Buffer> {
  if (Buffer.isBuffer(input)) {
    const type = options.type ?? sniffVideoType(input.subarray(0, VIDEO_HEAD_BYTES));
    if (!type) throw new MediaRejected('invalid_type', undefined, 'not an MP4, MOV, 3GP, AVI or WebM');
    return withTempDir(async (dir) => {
      const path = join(dir, 'video');
      await writeFile(path, input, { flag: 'wx' });
      return thumbnailOf(path, type, options.limits);
    }, options.tempRoot);
  }
  const type = options.type ?? sniffVideoType(await headOf(input.path));
  if (!type) throw new MediaRejected('invalid_type', undefined, 'not an MP4, MOV, 3GP, AVI or WebM');
  return thumbnailOf(input.path, type, options.limits);
}

async function thumbnailOf(path: string, type: VideoType, limits?: Partial<FfmpegLimits>): Promise<Buffer> {
  const { width, height } = VIDEO_THUMBNAIL_BOX;
  let frame: Buffer;
  try {
    frame = await runFfmpeg(
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        // Only the file itself, read by its own demuxer: no playlist, reference or embedded stream
        // inside it may make ffmpeg open another file or hand bytes to another demuxer (an AVI's
        // embedded subtitles once led to HLS reading local files).
        '-protocol_whitelist',
        'file',
        '-format_whitelist',
        VIDEO_DEMUXERS[type],
        // A couple of decoder threads: enough for a first frame, and within the memory limit on any host.
        '-threads',
        '2',
        '-f',
        VIDEO_DEMUXERS[type],
        '-i',
        // `file:` named outright, so no part of the path is read as another protocol.
        `file:${path}`,
        '-map',
        '0:v:0',
        '-an',
        '-sn',
        '-dn',
        '-vf',
        `scale='min(${width},iw)':'min(${height},ih)':force_original_aspect_ratio=decrease,thumbnail=${THUMBNAIL_CANDIDATE_FRAMES}`,
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      limits,
    );
  } catch (err) {
    // ffmpeg missing is the host's fault, not the file's: that one stays an error.
    if (err instanceof FfmpegFailed && err.reason !== 'unavailable')
      throw new MediaRejected('unreadable', 'video', err.message);
    throw err;
  }
  if (!frame.length) throw new MediaRejected('unreadable', 'video', 'no frame decoded');
  try {
    return await toJpeg(frame, VIDEO_THUMBNAIL_BOX);
  } catch (err) {
    throw new MediaRejected('unreadable', 'video', (err as Error).message);
  }
}

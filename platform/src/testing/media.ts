import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg';
import { withTempDir } from '../media/temp';

/** How each test video is encoded: a codec every build of ffmpeg has, in the type's usual container. */
const ENCODINGS = {
  mp4: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mp4'],
  mov: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mov'],
  '3gp': ['-c:v', 'h263', '-f', '3gp'],
  avi: ['-c:v', 'mpeg4', '-f', 'avi'],
  webm: ['-c:v', 'libvpx', '-b:v', '200k', '-f', 'webm'],
} as const;

/**
 * A real, short video made by the same ffmpeg the services use: ffmpeg's test pattern, one second
 * by default. 3GP's H.263 takes only a few sizes, so it is always 176×144.
 */
export async function makeTestVideo(
  type: keyof typeof ENCODINGS,
  options: { seconds?: number; width?: number; height?: number } = {},
): Promise<Buffer> {
  const { seconds = 1, width = 160, height = 120 } = options;
  const size = type === '3gp' ? '176x144' : `${width}x${height}`;
  // Written to a file, as a camera or phone writes one (a pipe would need a different layout).
  return withTempDir(async (dir) => {
    const path = join(dir, `video.${type}`);
    await runFfmpeg([
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${size}:rate=10`,
      ...ENCODINGS[type],
      path,
    ]);
    return readFile(path);
  });
}

/** A multipart body as a browser's FormData sends it, parts in the order given. */
export function multipartBody(
  parts: Array<{ name: string; filename?: string; contentType?: string; data: Buffer | string }>,
) {
  const boundary = `----linksmate${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

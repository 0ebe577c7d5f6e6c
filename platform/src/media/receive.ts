import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { type MediaKind, MediaRejected } from './errors';
import { type ImageType, sniffImageType } from './image';
import { sniffVideoType, VIDEO_HEAD_BYTES, type VideoType } from './video';

export type ReceivedMedia =
  | { kind: 'image'; type: ImageType; path: string; size: number }
  | { kind: 'video'; type: VideoType; path: string; size: number };

export interface ReceiveOptions {
  /** The kinds accepted, each with its limit in bytes. */
  limits: Partial<Record<MediaKind, number>>;
  /** The folder the file is written to (one from `withTempDir`, which removes it). */
  dir: string;
}

function classify(head: Buffer, limits: ReceiveOptions['limits']) {
  const image = limits.image !== undefined ? sniffImageType(head) : null;
  if (image) return { kind: 'image' as const, type: image, limit: limits.image as number };
  const video = limits.video !== undefined ? sniffVideoType(head) : null;
  if (video) return { kind: 'video' as const, type: video, limit: limits.video as number };
  return null;
}

/**
 * Streams an upload into a file: its first bytes say what it is (a type of an accepted kind, or it
 * is `invalid_type`), and that kind's limit holds as it arrives (past it, `too_large`), so nothing
 * larger than the limit is ever written and nothing is held in memory but the first bytes. A refused
 * upload is still read to its end (and thrown away), so the request's body is consumed.
 */
export async function receiveMedia(
  stream: AsyncIterable<Buffer>,
  options: ReceiveOptions,
): Promise<ReceivedMedia> {
  const path = join(options.dir, 'upload');
  let head: Buffer[] = [];
  let headBytes = 0;
  let kind: ReturnType<typeof classify> = null;
  let size = 0;
  let refusal: MediaRejected | null = null;
  const file = await open(path, 'wx');
  try {
    const accept = async (chunk: Buffer) => {
      if (!kind) {
        kind = classify(chunk, options.limits);
        if (!kind) throw new MediaRejected('invalid_type');
      }
      size += chunk.length;
      if (size > kind.limit) throw new MediaRejected('too_large', kind.kind);
      await file.write(chunk);
    };
    // An error of the stream itself (the body broke off, the parser gave up) is the upload's
    // fault: `incomplete`. An error of our own writing is not, and goes on as it is.
    let ownError: unknown = null;
    try {
      for await (const chunk of stream) {
        if (refusal) continue;
        try {
          if (kind) await accept(chunk);
          else {
            head.push(chunk);
            headBytes += chunk.length;
            if (headBytes >= VIDEO_HEAD_BYTES) {
              await accept(Buffer.concat(head));
              head = [];
            }
          }
        } catch (err) {
          if (!(err instanceof MediaRejected)) {
            ownError = err;
            throw err;
          }
          refusal = err;
        }
      }
    } catch (err) {
      if (err === ownError) throw err;
      throw new MediaRejected('incomplete', undefined, (err as Error).message);
    }
    if (!refusal && !kind) {
      if (!headBytes) refusal = new MediaRejected('invalid_type', undefined, 'empty');
      else
        await accept(Buffer.concat(head)).catch((err: unknown) => {
          if (!(err instanceof MediaRejected)) throw err;
          refusal = err;
        });
    }
  } finally {
    await file.close();
  }
  if (refusal) throw refusal;
  const received = kind as unknown as NonNullable<ReturnType<typeof classify>>;
  return { kind: received.kind, type: received.type, path, size } as ReceivedMedia;
}

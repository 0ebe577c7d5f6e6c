import { readFile } from 'node:fs/promises';
import {
  badRequest,
  HttpError,
  type Logger,
  newStorageKey,
  type ObjectStorage,
  serviceUnavailable,
} from '@linksmate/platform';
import {
  type ImageSize,
  type IncomingUpload,
  inspectVideo,
  MediaRejected,
  receiveMedia,
  reencodeImage,
  VIDEO_FILES,
  videoThumbnail,
  withTempDir,
} from '@linksmate/platform/media';
import { type MessageMediaReply, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@linksmate/proto';

/** Where message media is kept; chats accept only what lies here (chats/rules.ts). */
const FOLDER = 'message-media';
/** Pictures in a chat: up to this size, as WebP. */
const PICTURE_SIZE: ImageSize = { width: 1600, height: 1600, fit: 'inside', quality: 80 };
const MB = 1024 * 1024;
const LIMITS = { image: UPLOAD_LIMITS.messageImageBytes, video: UPLOAD_LIMITS.messageVideoBytes } as const;

/** A refusal of the checks, in the spec's words (docs/product.md#account-validation 'Invalid file type…', 'File too large…'). */
function refusal(err: MediaRejected): HttpError {
  const fail = (status: number, message: string, code: string) =>
    new HttpError(status, message, code, { media: message });
  if (err.reason === 'too_large') {
    const kind = err.kind ?? 'image';
    return fail(413, UPLOAD_MESSAGES.tooLarge(`${LIMITS[kind] / MB}MB`), 'file_too_large');
  }
  if (err.reason === 'incomplete') return fail(400, UPLOAD_MESSAGES.invalidMediaType, 'malformed_upload');
  if (err.reason === 'unreadable')
    return err.kind === 'video'
      ? fail(422, UPLOAD_MESSAGES.invalidMediaType, 'unreadable_video')
      : fail(422, UPLOAD_MESSAGES.unreadableImage, 'unreadable_image');
  return fail(415, UPLOAD_MESSAGES.invalidMediaType, 'invalid_media_type');
}
const answer = (err: unknown): never => {
  throw err instanceof MediaRejected ? refusal(err) : err;
};

/** The name a person gave the file, kept only as a label: no path, no control characters, 120 at most. */
function labelOf(filename: string, fallback: string): string {
  const name =
    filename
      .split(/[\\/]/)
      .pop()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
      ?.replace(/[\u0000-\u001f\u007f]/g, '')
      .trim() ?? '';
  return (name || fallback).slice(0, 120);
}

/**
 * `POST /upload/message-media` (docs/product.md#account-calls): a picture (5 MB) or a video (100 MB) for a message,
 * checked by its content as it streams in. Pictures are re-encoded to WebP; videos must decode and
 * give ffmpeg a frame for their poster, stored beside them as `<name>-poster.jpg`. Nothing is kept
 * of a refused file.
 */
export class MessageMediaService {
  constructor(private readonly deps: { storage: ObjectStorage; logger: Logger; tempRoot?: string }) {}

  async upload(upload: IncomingUpload): Promise<MessageMediaReply> {
    const file = upload.file?.field === 'media' ? upload.file : null;
    if (!file)
      throw badRequest(UPLOAD_MESSAGES.invalidMediaType, 'file_required', {
        media: UPLOAD_MESSAGES.invalidMediaType,
      });
    const { storage } = this.deps;
    return withTempDir(async (dir) => {
      const received = await receiveMedia(file.stream, { limits: LIMITS, dir }).catch(answer);
      if (file.stream.truncated) throw refusal(new MediaRejected('too_large', received.kind));
      if (received.kind === 'image') {
        const {
          images: [picture],
        } = await reencodeImage(await readFile(received.path), [PICTURE_SIZE]).catch(answer);
        const key = newStorageKey(FOLDER, '.webp');
        await this.store([key], () => storage.put(key, picture.bytes, 'image/webp'));
        return {
          url: storage.urlFor(key),
          media_type: 'image',
          media_filename: labelOf(file.filename, 'photo.webp'),
          thumbnail_url: null,
        };
      }
      const type = await inspectVideo(received.path).catch(answer);
      const poster = await videoThumbnail({ path: received.path }, { type }).catch(answer);
      const { extension, contentType } = VIDEO_FILES[type];
      const key = newStorageKey(FOLDER, extension);
      const posterKey = `${key.replace(/\.[a-z0-9]+$/, '')}-poster.jpg`;
      await this.store([key, posterKey], () =>
        Promise.all([
          storage.putFile(key, received.path, contentType),
          storage.put(posterKey, poster, 'image/jpeg'),
        ]),
      );
      return {
        url: storage.urlFor(key),
        media_type: 'video',
        media_filename: labelOf(file.filename, `video${extension}`),
        thumbnail_url: storage.urlFor(posterKey),
      };
    }, this.deps.tempRoot);
  }

  /** Writes files; if any write fails, whatever was written goes and the upload answers 503. */
  private async store(keys: string[], write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (err) {
      this.deps.logger.error({ err, keys }, 'message media: storing failed');
      await Promise.all(keys.map((key) => this.deps.storage.delete(key).catch(() => {})));
      throw serviceUnavailable('Upload failed', 'upload_failed');
    }
  }
}

import { readFile } from 'node:fs/promises';
import {
  badRequest,
  type EventMeta,
  forbidden,
  HttpError,
  type Logger,
  newStorageKey,
  notFound,
  type ObjectStorage,
  serviceUnavailable,
} from '@linksmate/platform';
import {
  type ImageSize,
  type IncomingUpload,
  inspectVideo,
  type MediaKind,
  MediaRejected,
  type ReceivedMedia,
  receiveMedia,
  reencodeImage,
  VIDEO_FILES,
  videoThumbnail,
  withTempDir,
} from '@linksmate/platform/media';
import {
  type AccessTokenClaims,
  idFromText,
  SITE_ADMIN_ROLES,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  VENUE_MESSAGES,
  type VenueGalleryReply,
  type VenueMediaDeletedReply,
  type VenuePhotoReply,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, VenueRow } from '../../db/types';
import { touchVenue, VenueNotices } from '../venues/service';
import {
  appendMedia,
  galleryUrls,
  lockVenue,
  mediaById,
  removeMedia,
  runsVenue,
  venueExists,
} from './repository';

const PHOTO_FOLDER = 'venues/photos';
const GALLERY_FOLDER = 'venues/gallery';
/** Venue pictures are kept up to this size (a full-width carousel on a large screen), as WebP. */
const PICTURE_SIZE: ImageSize = { width: 1920, height: 1920, fit: 'inside', quality: 82 };

const MB = 1024 * 1024;
const sizeLabel = (bytes: number) => `${Math.round(bytes / MB)}MB`;
const LIMITS = {
  image: { bytes: UPLOAD_LIMITS.venuePhotoBytes, label: sizeLabel(UPLOAD_LIMITS.venuePhotoBytes) },
  video: { bytes: UPLOAD_LIMITS.venueVideoBytes, label: sizeLabel(UPLOAD_LIMITS.venueVideoBytes) },
} as const;

/** A video's thumbnail: the same place, in a `thumbnails` folder, as a JPEG (docs/product.md#account-entities). */
export function thumbnailKeyOf(videoKey: string): string {
  const slash = videoKey.lastIndexOf('/');
  const name = videoKey.slice(slash + 1).replace(/\.[^.]+$/, '');
  return `${videoKey.slice(0, slash)}/thumbnails/${name}.jpg`;
}

/** How each endpoint words a refusal: the field the file came in and what that field takes. */
interface Wording {
  field: 'image' | 'media';
  invalidType: string;
  invalidTypeCode: string;
  noFile: string;
}
const PHOTO_WORDING: Wording = {
  field: 'image',
  invalidType: UPLOAD_MESSAGES.invalidImageType,
  invalidTypeCode: 'invalid_image_type',
  noFile: UPLOAD_MESSAGES.invalidImageSelection,
};
const GALLERY_WORDING: Wording = {
  field: 'media',
  invalidType: UPLOAD_MESSAGES.invalidMediaType,
  invalidTypeCode: 'invalid_media_type',
  noFile: UPLOAD_MESSAGES.invalidMediaType,
};

function refusal(err: MediaRejected, wording: Wording): HttpError {
  const fail = (status: number, message: string, code: string) =>
    new HttpError(status, message, code, { [wording.field]: message });
  if (err.reason === 'too_large') {
    const kind: MediaKind = err.kind ?? 'image';
    return fail(413, VENUE_MESSAGES.tooLargeFor(kind, LIMITS[kind].label), 'file_too_large');
  }
  // The body broke off or was not well-formed multipart: there is no file to speak of.
  if (err.reason === 'incomplete') return fail(400, wording.noFile, 'malformed_upload');
  if (err.reason === 'unreadable')
    return err.kind === 'video'
      ? fail(422, wording.invalidType, 'unreadable_video')
      : fail(422, UPLOAD_MESSAGES.unreadableImage, 'unreadable_image');
  return fail(415, wording.invalidType, wording.invalidTypeCode);
}

/** Refusals of the media checks become the endpoint's answers. */
function answerFor(wording: Wording) {
  return (err: unknown): never => {
    throw err instanceof MediaRejected ? refusal(err, wording) : err;
  };
}

/**
 * Venue photos and gallery media. Who: admin and site_admin for any venue, others for the venues
 * they run. An upload is checked as it streams in (its first bytes say what it is, its kind's
 * limit holds), then pictures are re-encoded and videos must pass the container checks and give
 * ffmpeg a frame for their thumbnail, all in a temporary folder removed afterwards. Files are
 * stored before the database change; if the change fails they are deleted, so a failed upload
 * leaves nothing. Each change bumps the venue's version and publishes `venues.venue.updated` in its
 * transaction; files a change lets go are deleted once it has committed.
 */
export class VenueMediaService {
  private readonly notices: VenueNotices;

  constructor(
    private readonly deps: ModuleContext & {
      storage: ObjectStorage;
      logger: Logger;
      /** Where uploads are streamed while checked; the system's temporary folder when unset. */
      tempRoot?: string;
    },
  ) {
    this.notices = new VenueNotices(deps.runtime);
  }

  private get db(): Db {
    return this.deps.runtime.db;
  }

  /** `POST /upload/venue-photo`: replaces the venue's featured picture. */
  async uploadPhoto(
    user: AccessTokenClaims,
    upload: IncomingUpload,
    meta: EventMeta,
  ): Promise<VenuePhotoReply> {
    const venueId = venueIdOf(upload);
    await this.authorize(this.db, user, venueId);
    const file = fileOf(upload, 'image', PHOTO_WORDING);
    const picture = await withTempDir(async (dir) => {
      const received = await this.receive(file, { image: LIMITS.image.bytes }, dir, PHOTO_WORDING);
      return this.reencode(received, PHOTO_WORDING);
    }, this.deps.tempRoot);
    const key = newStorageKey(PHOTO_FOLDER, '.webp');
    await this.store([key], () => this.deps.storage.put(key, picture, 'image/webp'));
    const url = this.deps.storage.urlFor(key);
    const replaced = await this.withFilesUndone([key], () =>
      this.db.transaction(async (tx) => {
        const venue = await this.lockManaged(tx, user, venueId);
        const snapshot = await touchVenue(tx, venueId, this.deps.clock(), {
          featuredImageUrl: url,
          featuredImageKey: key,
        });
        await this.published(tx, snapshot, meta);
        return venue.featuredImageKey;
      }),
    );
    if (replaced) await this.deleteLetGo([replaced]);
    return { url, venue_id: venueId };
  }

  /** `POST /upload/venue-gallery`: appends a picture or a video (with its thumbnail) to the gallery. */
  async uploadGalleryItem(
    user: AccessTokenClaims,
    upload: IncomingUpload,
    meta: EventMeta,
  ): Promise<VenueGalleryReply> {
    const venueId = venueIdOf(upload);
    await this.authorize(this.db, user, venueId);
    const file = fileOf(upload, 'media', GALLERY_WORDING);
    const { storage } = this.deps;
    // Stored from inside the temporary folder: a video goes from its file, never whole into memory.
    const stored = await withTempDir(async (dir) => {
      const received = await this.receive(
        file,
        { image: LIMITS.image.bytes, video: LIMITS.video.bytes },
        dir,
        GALLERY_WORDING,
      );
      if (received.kind === 'image') {
        const picture = await this.reencode(received, GALLERY_WORDING);
        const key = newStorageKey(GALLERY_FOLDER, '.webp');
        await this.store([key], () => storage.put(key, picture, 'image/webp'));
        return { kind: 'image' as const, key, thumbnailKey: null };
      }
      const type = await inspectVideo(received.path).catch(answerFor(GALLERY_WORDING));
      const thumbnail = await videoThumbnail({ path: received.path }, { type }).catch(
        answerFor(GALLERY_WORDING),
      );
      const { extension, contentType } = VIDEO_FILES[type];
      const key = newStorageKey(GALLERY_FOLDER, extension);
      const thumbnailKey = thumbnailKeyOf(key);
      await this.store([key, thumbnailKey], () =>
        Promise.all([
          storage.putFile(key, received.path, contentType),
          storage.put(thumbnailKey, thumbnail, 'image/jpeg'),
        ]),
      );
      return { kind: 'video' as const, key, thumbnailKey };
    }, this.deps.tempRoot);
    const keys = [stored.key, ...(stored.thumbnailKey ? [stored.thumbnailKey] : [])];
    return this.withFilesUndone(keys, () =>
      this.db.transaction(async (tx) => {
        await this.lockManaged(tx, user, venueId);
        const now = this.deps.clock();
        const item = await appendMedia(
          tx,
          {
            venueId,
            kind: stored.kind,
            url: storage.urlFor(stored.key),
            storageKey: stored.key,
            thumbnailUrl: stored.thumbnailKey ? storage.urlFor(stored.thumbnailKey) : null,
            thumbnailKey: stored.thumbnailKey,
          },
          now,
        );
        await this.published(tx, await touchVenue(tx, venueId, now), meta);
        return {
          id: item.id,
          url: item.url,
          media_type: item.kind,
          thumbnail_url: item.thumbnailUrl,
          position: item.position,
          venue_id: venueId,
          gallery_image_urls: await galleryUrls(tx, venueId),
        };
      }),
    );
  }

  /** `DELETE /upload/venue-image/{id}`: removes a gallery item; the items after it move up. */
  async removeGalleryItem(
    user: AccessTokenClaims,
    mediaId: number,
    meta: EventMeta,
  ): Promise<VenueMediaDeletedReply> {
    const item = await mediaById(this.db, mediaId);
    if (!item) throw notFound(VENUE_MESSAGES.mediaNotFound, 'media_not_found');
    await this.authorize(this.db, user, item.venueId);
    const removed = await this.db.transaction(async (tx) => {
      await this.lockManaged(tx, user, item.venueId);
      const row = await removeMedia(tx, mediaId);
      if (!row) throw notFound(VENUE_MESSAGES.mediaNotFound, 'media_not_found');
      await this.published(tx, await touchVenue(tx, item.venueId, this.deps.clock()), meta);
      return row;
    });
    await this.deleteLetGo([removed.storageKey, removed.thumbnailKey]);
    return { message: 'Media deleted successfully' };
  }

  /** `DELETE /upload/venue-photo/{id}`: removes venue id's featured picture. */
  async removePhoto(
    user: AccessTokenClaims,
    venueId: number,
    meta: EventMeta,
  ): Promise<VenueMediaDeletedReply> {
    await this.authorize(this.db, user, venueId);
    const letGo = await this.db.transaction(async (tx) => {
      const venue = await this.lockManaged(tx, user, venueId);
      if (!venue.featuredImageUrl) throw notFound(VENUE_MESSAGES.mediaNotFound, 'media_not_found');
      const snapshot = await touchVenue(tx, venueId, this.deps.clock(), {
        featuredImageUrl: null,
        featuredImageKey: null,
      });
      await this.published(tx, snapshot, meta);
      return venue.featuredImageKey;
    });
    await this.deleteLetGo([letGo]);
    return { message: 'Featured image removed successfully' };
  }

  /** 404 for a venue that is not there, 403 for someone who may not manage it. */
  private async authorize(db: Db, user: AccessTokenClaims, venueId: number): Promise<void> {
    if (!(await venueExists(db, venueId))) throw notFound(VENUE_MESSAGES.notFound, 'venue_not_found');
    await this.mayManage(db, user, venueId);
  }

  private async mayManage(db: Db, user: AccessTokenClaims, venueId: number): Promise<void> {
    if ((SITE_ADMIN_ROLES as readonly string[]).includes(user.role)) return;
    if (!(await runsVenue(db, venueId, user.user_id)))
      throw forbidden(VENUE_MESSAGES.notAllowed, 'not_venue_admin');
  }

  /** In the change's transaction: the venue locked, and the person still allowed (asked again: an upload takes time). */
  private async lockManaged(tx: Db, user: AccessTokenClaims, venueId: number) {
    const venue = await lockVenue(tx, venueId);
    if (!venue) throw notFound(VENUE_MESSAGES.notFound, 'venue_not_found');
    await this.mayManage(tx, user, venueId);
    return venue;
  }

  /** The venue's change, told as every change of a venue is (the venues module's snapshot). */
  private published(tx: Db, venue: VenueRow, meta: EventMeta): Promise<void> {
    return this.notices.updated(tx, venue, meta);
  }

  private async receive(
    file: NonNullable<IncomingUpload['file']>,
    limits: { image?: number; video?: number },
    dir: string,
    wording: Wording,
  ): Promise<ReceivedMedia> {
    const received = await receiveMedia(file.stream, { limits, dir }).catch(answerFor(wording));
    // The multipart parser cut the file at its own limit: more came than any kind may have.
    if (file.stream.truncated) throw refusal(new MediaRejected('too_large', received.kind), wording);
    return received;
  }

  private async reencode(received: ReceivedMedia, wording: Wording): Promise<Buffer> {
    const bytes = await readFile(received.path);
    const {
      images: [picture],
    } = await reencodeImage(bytes, [PICTURE_SIZE]).catch(answerFor(wording));
    return picture.bytes;
  }

  /** Writes files; if any write fails, whatever was written goes and the upload answers 503. */
  private async store(keys: string[], write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (err) {
      this.deps.logger.error({ err, keys }, 'venue media: storing failed');
      await this.deleteLetGo(keys);
      throw serviceUnavailable('Upload failed', 'upload_failed');
    }
  }

  /** Runs the database change; if it fails, the files stored for it are deleted before the error goes on. */
  private async withFilesUndone<T>(keys: string[], change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (err) {
      await this.deleteLetGo(keys);
      throw err;
    }
  }

  /** Deletes files nothing refers to any more; a failure is logged (the file is orphaned, not lost data). */
  private async deleteLetGo(keys: ReadonlyArray<string | null>): Promise<void> {
    await Promise.all(
      keys
        .filter((key): key is string => !!key)
        .map((key) =>
          this.deps.storage.delete(key).catch((err: unknown) => {
            this.deps.logger.warn(
              { err: (err as Error).message, key },
              'venue media: a file could not be deleted',
            );
          }),
        ),
    );
  }
}

/** The venue the upload is for, from the field sent before the file; without one the venue was not saved yet. */
function venueIdOf(upload: IncomingUpload): number {
  const id = idFromText(upload.fields.venue_id);
  if (id === null)
    throw badRequest(VENUE_MESSAGES.saveFirst, 'venue_required', { venue_id: VENUE_MESSAGES.saveFirst });
  return id;
}

function fileOf(upload: IncomingUpload, field: Wording['field'], wording: Wording) {
  if (!upload.file || upload.file.field !== field)
    throw badRequest(wording.noFile, 'file_required', { [field]: wording.noFile });
  return upload.file;
}

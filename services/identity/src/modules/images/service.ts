import {
  type Clock,
  invalidFields,
  newStorageKey,
  type ObjectStorage,
  serviceUnavailable,
  unauthorized,
} from '@linksmate/platform';
import { PROFILE_TEXT_MESSAGES, type UploadReply } from '@linksmate/proto';
import type { Logger } from 'pino';
import type { Db } from '../../db/types';
import type { UsersService } from '../users/service';
import { reencodePicture } from './picture';
import {
  attachPending,
  deleteImages,
  discardAttached,
  discardedBatch,
  expirePending,
  insertPending,
  isPendingOf,
  type StoredFiles,
} from './repository';

/** How long an upload waits for the profile form that uploaded it to be saved. */
export const PENDING_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 100;
const FOLDER = 'profile-images';

/** Pictures a profile let go in a transaction: their files are deleted once it has committed. */
export interface LetGo {
  readonly images: readonly StoredFiles[];
}
export const NOTHING_LET_GO: LetGo = { images: [] };

/**
 * Profile pictures: uploads are checked, re-encoded and stored through the storage port, then wait
 * as pending until the owner's profile takes one; the picture a profile replaces or removes has its
 * files deleted after the change commits. A database row is written before any file, so a crash
 * at any point leaves a row the sweep finds, never a file nobody knows of.
 */
export class ProfileImages {
  constructor(
    private readonly deps: {
      db: Db;
      storage: ObjectStorage;
      users: UsersService;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  /** `POST /upload/profile-image`: the stored picture's URLs, pending until the profile takes it. */
  async upload(userId: number, bytes: Buffer): Promise<UploadReply> {
    const user = await this.deps.users.byId(userId);
    if (!user || user.bannedAt)
      throw unauthorized('Authentication failed. Please log in again.', 'account_unavailable');
    const picture = await reencodePicture(bytes);
    const { storage, db } = this.deps;
    const displayKey = newStorageKey(FOLDER, '.webp');
    const thumbnailKey = displayKey.replace(/\.webp$/, '-thumb.webp');
    const row = await insertPending(
      db,
      {
        userId,
        url: storage.urlFor(displayKey),
        thumbnailUrl: storage.urlFor(thumbnailKey),
        displayKey,
        thumbnailKey,
      },
      this.deps.clock(),
    );
    try {
      await Promise.all([
        storage.put(displayKey, picture.display.bytes, 'image/webp'),
        storage.put(thumbnailKey, picture.thumbnail.bytes, 'image/webp'),
      ]);
    } catch (err) {
      this.deps.logger.error({ err, userId }, 'profile image: storing failed');
      // Whichever half was written goes, and the row with it; what fails here the sweep finishes.
      await this.deleteFiles([row]).catch(() => {});
      throw serviceUnavailable('Upload failed', 'upload_failed');
    }
    return { url: row.url, thumbnail_url: row.thumbnailUrl };
  }

  /** Whether the URL is an upload of this user that a profile may still take. */
  isAttachable(userId: number, url: string): Promise<boolean> {
    return isPendingOf(this.deps.db, userId, url);
  }

  /**
   * Inside the profile change's transaction: the profile now shows `url` (an upload of this user
   * still pending) or no picture (null). Every other picture the profile held is let go; the
   * caller passes the answer to `deleteLetGo` once the transaction has committed. Someone else's
   * upload, or any other URL, is a field error and the transaction goes no further.
   */
  async attach(tx: Db, userId: number, url: string | null): Promise<LetGo> {
    const now = this.deps.clock();
    if (url !== null && !(await attachPending(tx, userId, url, now)))
      throw invalidFields({ profile_image_url: PROFILE_TEXT_MESSAGES.invalidImage });
    return { images: await discardAttached(tx, userId, url, now) };
  }

  /** After the commit: the files of the pictures let go. A failure is left to the sweep. */
  async deleteLetGo(letGo: LetGo): Promise<void> {
    if (!letGo.images.length) return;
    await this.deleteFiles(letGo.images).catch((err) =>
      this.deps.logger.warn({ err: (err as Error).message }, 'profile image: deletion left to the sweep'),
    );
  }

  /** Files first, rows after: a row stays until its files are surely gone. */
  private async deleteFiles(images: readonly StoredFiles[]): Promise<void> {
    await Promise.all(
      images.flatMap((image) => [
        this.deps.storage.delete(image.displayKey),
        this.deps.storage.delete(image.thumbnailKey),
      ]),
    );
    await deleteImages(
      this.deps.db,
      images.map((image) => image.id),
    );
  }

  /**
   * Uploads no profile took within a day, pictures let go whose files are still there, and those of
   * deleted accounts: their files and rows are removed. Returns how many pictures went.
   */
  async sweep(signal?: AbortSignal): Promise<number> {
    const now = this.deps.clock();
    await expirePending(this.deps.db, new Date(now.getTime() - PENDING_UPLOAD_LIFETIME_MS), now);
    let removed = 0;
    while (!signal?.aborted) {
      const batch = await discardedBatch(this.deps.db, SWEEP_BATCH);
      if (batch.length) await this.deleteFiles(batch);
      removed += batch.length;
      if (batch.length < SWEEP_BATCH) break;
    }
    return removed;
  }
}

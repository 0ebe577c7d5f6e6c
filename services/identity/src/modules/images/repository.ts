import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { profileImages } from '../../db/schema';
import type { Db } from '../../db/types';

export type ProfileImage = typeof profileImages.$inferSelect;
export type StoredFiles = Pick<ProfileImage, 'id' | 'displayKey' | 'thumbnailKey'>;

const files = {
  id: profileImages.id,
  displayKey: profileImages.displayKey,
  thumbnailKey: profileImages.thumbnailKey,
};

export async function insertPending(
  db: Db,
  image: Pick<ProfileImage, 'userId' | 'url' | 'thumbnailUrl' | 'displayKey' | 'thumbnailKey'>,
  now: Date,
): Promise<ProfileImage> {
  const [row] = await db
    .insert(profileImages)
    .values({ ...image, state: 'pending', createdAt: now, stateChangedAt: now })
    .returning();
  return row!;
}

export async function deleteImages(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(profileImages).where(inArray(profileImages.id, ids));
}

export async function isPendingOf(db: Db, userId: number, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profileImages.id })
    .from(profileImages)
    .where(
      and(eq(profileImages.url, url), eq(profileImages.userId, userId), eq(profileImages.state, 'pending')),
    );
  return !!row;
}

/** Marks the user's pending upload of this URL attached; false when there is none. */
export async function attachPending(db: Db, userId: number, url: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(profileImages)
    .set({ state: 'attached', stateChangedAt: now })
    .where(
      and(eq(profileImages.url, url), eq(profileImages.userId, userId), eq(profileImages.state, 'pending')),
    )
    .returning({ id: profileImages.id });
  return rows.length > 0;
}

/** Lets go of every picture the user's profile holds, except the one given; returns their files. */
export async function discardAttached(
  db: Db,
  userId: number,
  except: string | null,
  now: Date,
): Promise<StoredFiles[]> {
  return db
    .update(profileImages)
    .set({ state: 'discarded', stateChangedAt: now })
    .where(
      and(
        eq(profileImages.userId, userId),
        eq(profileImages.state, 'attached'),
        except === null ? undefined : ne(profileImages.url, except),
      ),
    )
    .returning(files);
}

/**
 * Pending uploads older than the cutoff become discarded. Done in one statement, so an upload a
 * profile takes at this moment is either attached first (and kept) or discarded first (and refused).
 */
export async function expirePending(db: Db, createdBefore: Date, now: Date): Promise<number> {
  const rows = await db
    .update(profileImages)
    .set({ state: 'discarded', stateChangedAt: now })
    .where(and(eq(profileImages.state, 'pending'), lt(profileImages.createdAt, createdBefore)))
    .returning({ id: profileImages.id });
  return rows.length;
}

/** Pictures whose files should go: discarded ones, and those of accounts that are gone. */
export async function discardedBatch(db: Db, limit: number): Promise<StoredFiles[]> {
  return db
    .select(files)
    .from(profileImages)
    .where(or(eq(profileImages.state, 'discarded'), isNull(profileImages.userId)))
    .orderBy(profileImages.createdAt)
    .limit(limit);
}

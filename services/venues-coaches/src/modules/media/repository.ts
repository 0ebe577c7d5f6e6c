import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { venueAdmins, venueMedia, venues } from '../../db/schema';
import type { Db, VenueMediaRow } from '../../db/types';

export async function venueExists(db: Db, venueId: number): Promise<boolean> {
  const [row] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
  return !!row;
}

/** Whether the person runs the venue (a facility admin or an approved claimant of it). */
export async function runsVenue(db: Db, venueId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: venueAdmins.userId })
    .from(venueAdmins)
    .where(and(eq(venueAdmins.venueId, venueId), eq(venueAdmins.userId, userId)));
  return !!row;
}

/**
 * The venue's featured picture, with the row locked until the transaction ends: changes to one
 * venue's media happen one after the other, so positions and the picture replaced are never raced.
 */
export async function lockVenue(
  tx: Db,
  venueId: number,
): Promise<{ featuredImageUrl: string | null; featuredImageKey: string | null } | null> {
  const [row] = await tx
    .select({ featuredImageUrl: venues.featuredImageUrl, featuredImageKey: venues.featuredImageKey })
    .from(venues)
    .where(eq(venues.id, venueId))
    .for('update');
  return row ?? null;
}

/** Adds an item after the last of the venue's gallery (call with the venue locked). */
export async function appendMedia(
  tx: Db,
  item: Pick<VenueMediaRow, 'venueId' | 'kind' | 'url' | 'storageKey' | 'thumbnailUrl' | 'thumbnailKey'>,
  now: Date,
): Promise<VenueMediaRow> {
  const [row] = await tx
    .insert(venueMedia)
    .values({
      ...item,
      position: sql`(select coalesce(max(${venueMedia.position}) + 1, 0) from ${venueMedia} where ${venueMedia.venueId} = ${item.venueId})`,
      createdAt: now,
    })
    .returning();
  return row!;
}

/** The gallery's URLs in carousel order. */
export async function galleryUrls(db: Db, venueId: number): Promise<string[]> {
  const rows = await db
    .select({ url: venueMedia.url })
    .from(venueMedia)
    .where(eq(venueMedia.venueId, venueId))
    .orderBy(asc(venueMedia.position), asc(venueMedia.id));
  return rows.map((row) => row.url);
}

export async function mediaById(db: Db, mediaId: number): Promise<VenueMediaRow | null> {
  const [row] = await db.select().from(venueMedia).where(eq(venueMedia.id, mediaId));
  return row ?? null;
}

/**
 * Removes a gallery item and moves the ones after it up, so positions stay 0…n-1 (call with the
 * venue locked). Answers the removed row, or null when it was already gone.
 */
export async function removeMedia(tx: Db, mediaId: number): Promise<VenueMediaRow | null> {
  const [removed] = await tx.delete(venueMedia).where(eq(venueMedia.id, mediaId)).returning();
  if (!removed) return null;
  await tx
    .update(venueMedia)
    .set({ position: sql`${venueMedia.position} - 1` })
    .where(and(eq(venueMedia.venueId, removed.venueId), gt(venueMedia.position, removed.position)));
  return removed;
}

import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { listedVenue, venueAdmins, venueMedia, venues } from '../../db/schema';
import type { Db, NewVenue, VenueMediaRow, VenueRow } from '../../db/types';

export * from './repository-directory';

// ── One venue ────────────────────────────────────────────────────────────────

/** A listed venue by id or slug; unlisted ones (inactive, pending, rejected) are not found. */
export async function listedVenueBy(
  db: Db,
  key: { id: number } | { slug: string },
): Promise<VenueRow | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and('id' in key ? eq(venues.id, key.id) : eq(venues.slug, key.slug), listedVenue(venues)))
    .limit(1);
  return row;
}

/** A venue's gallery in carousel order. */
export function galleryOf(db: Db, venueId: number): Promise<VenueMediaRow[]> {
  return db
    .select()
    .from(venueMedia)
    .where(eq(venueMedia.venueId, venueId))
    .orderBy(asc(venueMedia.position), asc(venueMedia.id));
}

// ── Filter lists ─────────────────────────────────────────────────────────────

export interface UsedValues {
  regions: string[];
  states: string[];
  types: string[];
  courseAmenities: string[];
  clubAmenities: string[];
}

/** Each value some listed venue has, per filter, in one statement (regions sorted by name). */
export async function usedFilterValues(db: Db): Promise<UsedValues> {
  const listed = listedVenue(venues);
  const distinctOf = (value: SQL) => sql`array(select distinct ${value} from ${venues} where ${listed})`;
  const result = await db.execute<{
    regions: string[];
    states: string[];
    types: string[];
    course_amenities: string[];
    club_amenities: string[];
  }>(sql`select
    array(
      select distinct btrim(${venues.region}) as region from ${venues}
      where ${listed} and btrim(${venues.region}) <> '' order by region
    ) as regions,
    ${distinctOf(sql`${venues.state}`)} as states,
    ${distinctOf(sql`unnest(${venues.venueType})`)} as types,
    ${distinctOf(sql`unnest(${venues.courseAmenities})`)} as course_amenities,
    ${distinctOf(sql`unnest(${venues.clubAmenities})`)} as club_amenities`);
  const row = result.rows[0]!;
  return {
    regions: row.regions,
    states: row.states.filter((s) => s !== null),
    types: row.types,
    courseAmenities: row.course_amenities,
    clubAmenities: row.club_amenities,
  };
}

// ── Changes ──────────────────────────────────────────────────────────────────

export async function insertVenue(db: Db, values: NewVenue): Promise<VenueRow> {
  const [row] = await db.insert(venues).values(values).returning();
  return row!;
}

/** Applies a change and moves the aggregate version on; the venue as it now is, or undefined. */
/** Records a change of the venue (its gallery, by the media module): the given columns, a new version and update time. */
export async function touchVenue(
  tx: Db,
  venueId: number,
  now: Date,
  changes: { featuredImageUrl?: string | null; featuredImageKey?: string | null } = {},
): Promise<VenueRow> {
  const [row] = await tx
    .update(venues)
    .set({ ...changes, version: sql`${venues.version} + 1`, updatedAt: now })
    .where(eq(venues.id, venueId))
    .returning();
  return row!;
}

export async function updateVenue(
  db: Db,
  id: number,
  changes: Partial<NewVenue>,
  now: Date,
): Promise<VenueRow | undefined> {
  const [row] = await db
    .update(venues)
    .set({ ...changes, version: sql`${venues.version} + 1`, updatedAt: now })
    .where(eq(venues.id, id))
    .returning();
  return row;
}

/** Deletes a venue (its gallery and links go with it); the version its deletion carries. */
export async function deleteVenue(db: Db, id: number): Promise<{ id: number; version: number } | undefined> {
  const [row] = await db
    .delete(venues)
    .where(eq(venues.id, id))
    .returning({ id: venues.id, version: sql<number>`${venues.version} + 1` });
  return row;
}

/**
 * Holds, until the transaction ends, the right to choose a slug from `base`: venues of one name made
 * at the same moment choose in turn instead of all picking the same free number.
 */
export async function lockSlugChoice(db: Db, base: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`venue-slug:${base}`}))`);
}

/** Slugs already taken among `base` and `base-<n>` (a base holds only a-z, 0-9 and '-'). */
export async function slugsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: venues.slug })
    .from(venues)
    .where(sql`${venues.slug} = ${base} or ${venues.slug} like ${`${base}-%`}`);
  return rows.map((r) => r.slug);
}

// ── The admin area (spec 3) ─────────────────────────────────────────────────

/** Venues in the admin table's order (newest first), with how many gallery items each has. */
export async function adminVenuePage(
  db: Db,
  page: { limit: number; offset: number },
  onlyIds: number[] | null,
): Promise<{ rows: Array<VenueRow & { galleryCount: number }>; count: number }> {
  const scope: SQL | undefined = onlyIds ? inArray(venues.id, onlyIds.length ? onlyIds : [-1]) : undefined;
  // Columns named in full: inside the subquery a bare "id" would be venue_media's own.
  const galleryCount = sql<number>`(select count(*)::int from "venue_media" where "venue_media"."venue_id" = "venues"."id")`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ venue: venues, galleryCount })
      .from(venues)
      .where(scope)
      .orderBy(sql`${venues.createdAt} desc`, asc(venues.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(venues).where(scope),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.venue, galleryCount: r.galleryCount })),
    count: counted?.count ?? 0,
  };
}

/** Any venue by id, listed or not. */
export async function venueById(db: Db, id: number): Promise<VenueRow | undefined> {
  const [row] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row;
}

/** The venues a person runs (facility admin or approved claimant). */
export async function venueIdsRunBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ venueId: venueAdmins.venueId })
    .from(venueAdmins)
    .where(eq(venueAdmins.userId, userId))
    .orderBy(asc(venueAdmins.createdAt));
  return rows.map((r) => r.venueId);
}

/** The people who run a venue, in the order they were given it. */
export async function venueAdminIds(db: Db, venueId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: venueAdmins.userId })
    .from(venueAdmins)
    .where(eq(venueAdmins.venueId, venueId))
    .orderBy(asc(venueAdmins.createdAt), asc(venueAdmins.userId));
  return rows.map((r) => r.userId);
}

/**
 * Makes the person one who runs the venue (an approved claim); whether that changed anything
 * (false when they already did).
 */
export async function addVenueAdmin(db: Db, venueId: number, userId: number): Promise<boolean> {
  const added = await db
    .insert(venueAdmins)
    .values({ venueId, userId })
    .onConflictDoNothing()
    .returning({ venueId: venueAdmins.venueId });
  return added.length > 0;
}

/** The person runs no venue any more; the venues they ran. */
export async function removeVenueAdmin(db: Db, userId: number): Promise<number[]> {
  const removed = await db
    .delete(venueAdmins)
    .where(eq(venueAdmins.userId, userId))
    .returning({ venueId: venueAdmins.venueId });
  return removed.map((r) => r.venueId).sort((a, b) => a - b);
}

import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { coaches, coachVenues, listedVenue, venues } from '../../db/schema';
import type { CoachRow, CoachVenueRow, Db, NewCoach } from '../../db/types';

/** A coach with the primary venue, when that venue is listed (a link to it must lead somewhere). */
const coachWithVenue = {
  coach: coaches,
  venueId: venues.id,
  venueName: venues.name,
};

export type CoachWithVenue = { coach: CoachRow; venueId: number | null; venueName: string | null };

function withPrimaryVenue(db: Db) {
  return db
    .select(coachWithVenue)
    .from(coaches)
    .leftJoin(coachVenues, and(eq(coachVenues.coachId, coaches.id), coachVenues.isPrimary))
    .leftJoin(venues, and(eq(venues.id, coachVenues.venueId), listedVenue(venues)));
}

/** A page of coaches: verified first, then by name; the id makes the order total. */
export async function coachPage(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: CoachWithVenue[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    withPrimaryVenue(db)
      .orderBy(desc(coaches.isVerified), asc(coaches.firstName), asc(coaches.lastName), asc(coaches.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(coaches),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function coachById(db: Db, id: number): Promise<CoachWithVenue | undefined> {
  const [row] = await withPrimaryVenue(db).where(eq(coaches.id, id)).limit(1);
  return row;
}

export async function insertCoach(db: Db, values: NewCoach): Promise<CoachRow> {
  const [row] = await db.insert(coaches).values(values).returning();
  return row!;
}

/** The coach's row, locked until the transaction ends: changes of one coach's links take turns. */
export async function lockCoach(db: Db, id: number): Promise<CoachRow | undefined> {
  const [row] = await db.select().from(coaches).where(eq(coaches.id, id)).for('update');
  return row;
}

/** Moves the coach's version on (its snapshot changed); the coach as it now is. */
export async function touchCoach(db: Db, id: number, now: Date): Promise<CoachRow> {
  const [row] = await db
    .update(coaches)
    .set({ version: sql`${coaches.version} + 1`, updatedAt: now })
    .where(eq(coaches.id, id))
    .returning();
  return row!;
}

/** Deletes a coach (the venue links go with it); the version its deletion carries. */
export async function deleteCoach(db: Db, id: number): Promise<{ id: number; version: number } | undefined> {
  const [row] = await db
    .delete(coaches)
    .where(eq(coaches.id, id))
    .returning({ id: coaches.id, version: sql<number>`${coaches.version} + 1` });
  return row;
}

/** Of the given venue ids, those that exist. */
export async function existingVenueIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: venues.id }).from(venues).where(inArray(venues.id, ids));
  return rows.map((r) => r.id);
}

/**
 * Links a coach to a venue (not primary: `setPrimaryVenue` makes it so). A second link to the same
 * venue is refused by `coach_venues_pair_key`, a second primary by `coach_venues_one_primary_key`.
 */
export async function addCoachVenue(
  db: Db,
  link: { coachId: number; venueId: number; isPrimary?: boolean },
): Promise<CoachVenueRow> {
  const [row] = await db.insert(coachVenues).values(link).returning();
  return row!;
}

/** The coach's primary venue id, if any. */
export async function primaryVenueIdOf(db: Db, coachId: number): Promise<number | null> {
  const [row] = await db
    .select({ venueId: coachVenues.venueId })
    .from(coachVenues)
    .where(and(eq(coachVenues.coachId, coachId), coachVenues.isPrimary));
  return row?.venueId ?? null;
}

/**
 * Makes the coach's link to `venueId` the primary one: the old primary is unset first, then the new
 * one set, since the partial unique index allows one primary per coach at every moment. Run it in a
 * transaction that holds the coach's row (`lockCoach`), so two switches cannot interleave.
 */
export async function setPrimaryVenue(
  db: Db,
  coachId: number,
  venueId: number,
): Promise<'changed' | 'unchanged' | 'not_linked'> {
  const [link] = await db
    .select({ id: coachVenues.id, isPrimary: coachVenues.isPrimary })
    .from(coachVenues)
    .where(and(eq(coachVenues.coachId, coachId), eq(coachVenues.venueId, venueId)));
  if (!link) return 'not_linked';
  if (link.isPrimary) return 'unchanged';
  await db
    .update(coachVenues)
    .set({ isPrimary: false })
    .where(and(eq(coachVenues.coachId, coachId), coachVenues.isPrimary));
  await db.update(coachVenues).set({ isPrimary: true }).where(eq(coachVenues.id, link.id));
  return 'changed';
}

// ── The admin area (spec 3) ─────────────────────────────────────────────────

export async function coachOfUser(db: Db, userId: number): Promise<CoachRow | undefined> {
  const [row] = await db.select().from(coaches).where(eq(coaches.userId, userId)).limit(1);
  return row;
}

export async function coachByEmail(db: Db, email: string): Promise<CoachRow | undefined> {
  const [row] = await db
    .select()
    .from(coaches)
    .where(sql`lower(${coaches.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Applies a change and moves the coach's version on; the coach as it now is, or undefined. */
export async function updateCoach(
  db: Db,
  id: number,
  changes: Partial<NewCoach>,
  now: Date,
): Promise<CoachRow | undefined> {
  const [row] = await db
    .update(coaches)
    .set({ ...changes, version: sql`${coaches.version} + 1`, updatedAt: now })
    .where(eq(coaches.id, id))
    .returning();
  return row;
}

/** Where the coach teaches, primary first, with each venue's name and address. */
export function linksOf(db: Db, coachId: number) {
  return db
    .select({
      id: coachVenues.id,
      venueId: coachVenues.venueId,
      venueName: venues.name,
      address: venues.address,
      isPrimary: coachVenues.isPrimary,
    })
    .from(coachVenues)
    .innerJoin(venues, eq(venues.id, coachVenues.venueId))
    .where(eq(coachVenues.coachId, coachId))
    .orderBy(sql`${coachVenues.isPrimary} desc`, asc(coachVenues.createdAt), asc(coachVenues.id));
}

export async function linkById(db: Db, coachId: number, linkId: number): Promise<CoachVenueRow | undefined> {
  const [row] = await db
    .select()
    .from(coachVenues)
    .where(and(eq(coachVenues.coachId, coachId), eq(coachVenues.id, linkId)));
  return row;
}

/** Removes the link; what it was, or undefined when there was none. */
export async function unlinkVenue(
  db: Db,
  coachId: number,
  venueId: number,
): Promise<CoachVenueRow | undefined> {
  const [row] = await db
    .delete(coachVenues)
    .where(and(eq(coachVenues.coachId, coachId), eq(coachVenues.venueId, venueId)))
    .returning();
  return row;
}

/** The coach's oldest remaining link, to become primary when the primary one is removed. */
export async function oldestLinkOf(db: Db, coachId: number): Promise<CoachVenueRow | undefined> {
  const [row] = await db
    .select()
    .from(coachVenues)
    .where(eq(coachVenues.coachId, coachId))
    .orderBy(asc(coachVenues.createdAt), asc(coachVenues.id))
    .limit(1);
  return row;
}

/** Makes a link primary (the caller has made sure no other one is). */
export async function markLinkPrimary(db: Db, linkId: number): Promise<void> {
  await db.update(coachVenues).set({ isPrimary: true }).where(eq(coachVenues.id, linkId));
}

/** Coach profiles held by the account, let go (back to unclaimed); the coaches as they now are. */
export async function releaseCoachesOf(db: Db, userId: number, now: Date): Promise<CoachRow[]> {
  return db
    .update(coaches)
    .set({ userId: null, version: sql`${coaches.version} + 1`, updatedAt: now })
    .where(eq(coaches.userId, userId))
    .returning();
}

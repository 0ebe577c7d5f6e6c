import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { courseTees, teeHoles, venueCourses, venues } from '../../db/schema';
import type { CourseRow, Db, TeeHoleRow, TeeRow } from '../../db/types';

/** A course with its tees in order, each with its holes in order. */
export interface CourseRecord extends CourseRow {
  tees: Array<TeeRow & { holes: TeeHoleRow[] }>;
}

/** The values of a course as saved: its tees (an id keeps an existing tee) with every hole. */
export interface CourseValues {
  name: string;
  holes: number;
  tees: Array<{
    id?: number;
    name: string;
    gender: 'men' | 'women';
    par: number;
    courseRating: number;
    slopeRating: number;
    holes: Array<{ number: number; par: number; strokeIndex: number }>;
  }>;
}

/** The courses `where` picks, with their tees and holes: three reads however many. */
async function coursesWhere(db: Db, where: SQL | undefined): Promise<CourseRecord[]> {
  const courses = await db
    .select()
    .from(venueCourses)
    .where(where)
    .orderBy(asc(venueCourses.name), asc(venueCourses.id));
  if (courses.length === 0) return [];
  const tees = await db
    .select()
    .from(courseTees)
    .where(
      inArray(
        courseTees.courseId,
        courses.map((c) => c.id),
      ),
    )
    .orderBy(asc(courseTees.position), asc(courseTees.id));
  const holes = tees.length
    ? await db
        .select()
        .from(teeHoles)
        .where(
          inArray(
            teeHoles.teeId,
            tees.map((t) => t.id),
          ),
        )
        .orderBy(asc(teeHoles.teeId), asc(teeHoles.number))
    : [];
  return courses.map((course) => ({
    ...course,
    tees: tees
      .filter((tee) => tee.courseId === course.id)
      .map((tee) => ({ ...tee, holes: holes.filter((hole) => hole.teeId === tee.id) })),
  }));
}

export const coursesOfVenue = (db: Db, venueId: number) =>
  coursesWhere(db, eq(venueCourses.venueId, venueId));

export async function courseOfVenue(
  db: Db,
  venueId: number,
  courseId: number,
): Promise<CourseRecord | undefined> {
  const [course] = await coursesWhere(
    db,
    and(eq(venueCourses.venueId, venueId), eq(venueCourses.id, courseId)),
  );
  return course;
}

/** A tee with its course, for a round (`GET /internal/tees/{id}`). */
export async function teeWithCourse(
  db: Db,
  teeId: number,
): Promise<{ course: CourseRow; venueName: string; tee: TeeRow & { holes: TeeHoleRow[] } } | undefined> {
  const [row] = await db
    .select({ course: venueCourses, tee: courseTees, venueName: venues.name })
    .from(courseTees)
    .innerJoin(venueCourses, eq(venueCourses.id, courseTees.courseId))
    .innerJoin(venues, eq(venues.id, venueCourses.venueId))
    .where(eq(courseTees.id, teeId));
  if (!row) return undefined;
  const holes = await db
    .select()
    .from(teeHoles)
    .where(eq(teeHoles.teeId, teeId))
    .orderBy(asc(teeHoles.number));
  return { course: row.course, venueName: row.venueName, tee: { ...row.tee, holes } };
}

export async function countCourses(db: Db, venueId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(venueCourses)
    .where(eq(venueCourses.venueId, venueId));
  return row?.n ?? 0;
}

/** The venues among `venueIds` that have a course already. */
export async function venuesWithCourses(db: Db, venueIds: number[]): Promise<Set<number>> {
  if (venueIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ venueId: venueCourses.venueId })
    .from(venueCourses)
    .where(inArray(venueCourses.venueId, venueIds));
  return new Set(rows.map((r) => r.venueId));
}

/**
 * Inserts courses with their tees and holes: one statement per table, however many courses (the
 * demo's typical courses for every venue at once, docs/product.md#courses).
 */
export async function insertCourses(
  tx: Db,
  courses: Array<CourseValues & { venueId: number; typicalValues: boolean }>,
  now: Date,
): Promise<number[]> {
  if (courses.length === 0) return [];
  const made = await tx
    .insert(venueCourses)
    .values(
      courses.map((c) => ({
        venueId: c.venueId,
        name: c.name,
        holes: c.holes,
        typicalValues: c.typicalValues,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: venueCourses.id });
  // Rows come back in the order of the values given.
  const tees = courses.flatMap((course, c) =>
    course.tees.map((tee, position) => ({ tee, row: teeRow(made[c]!.id, tee, position) })),
  );
  await insertTees(tx, tees);
  return made.map((m) => m.id);
}

const teeRow = (courseId: number, tee: CourseValues['tees'][number], position: number) => ({
  courseId,
  name: tee.name,
  gender: tee.gender,
  par: tee.par,
  courseRating: tee.courseRating,
  slopeRating: tee.slopeRating,
  position,
});

async function insertTees(
  tx: Db,
  tees: Array<{ tee: CourseValues['tees'][number]; row: ReturnType<typeof teeRow> }>,
): Promise<void> {
  if (tees.length === 0) return;
  const teeIds = await tx
    .insert(courseTees)
    .values(tees.map((t) => t.row))
    .returning({ id: courseTees.id });
  await insertHoles(
    tx,
    tees.flatMap(({ tee }, i) => tee.holes.map((hole) => ({ ...hole, teeId: teeIds[i]!.id }))),
  );
}

async function insertHoles(tx: Db, holes: Array<typeof teeHoles.$inferInsert>): Promise<void> {
  if (holes.length > 0) await tx.insert(teeHoles).values(holes);
}

/**
 * Saves a course whole: its name and holes; the tees sent with an id are changed in place (a round
 * refers to them), the others added, and those not sent removed; every tee's holes are written anew.
 * Whether the course was there (false: nothing written).
 */
export async function replaceCourse(
  tx: Db,
  venueId: number,
  courseId: number,
  values: CourseValues,
  now: Date,
): Promise<boolean> {
  const [changed] = await tx
    .update(venueCourses)
    .set({ name: values.name, holes: values.holes, typicalValues: false, updatedAt: now })
    .where(and(eq(venueCourses.id, courseId), eq(venueCourses.venueId, venueId)))
    .returning({ id: venueCourses.id });
  if (!changed) return false;
  const kept = values.tees.flatMap((tee) => (tee.id === undefined ? [] : [tee.id]));
  await tx
    .delete(courseTees)
    .where(and(eq(courseTees.courseId, courseId), kept.length ? notInArray(courseTees.id, kept) : sql`true`));
  if (kept.length) await tx.delete(teeHoles).where(inArray(teeHoles.teeId, kept));
  const added: Parameters<typeof insertTees>[1] = [];
  const keptHoles: Array<typeof teeHoles.$inferInsert> = [];
  for (const [position, tee] of values.tees.entries()) {
    const row = teeRow(courseId, tee, position);
    if (tee.id === undefined) {
      added.push({ tee, row });
      continue;
    }
    await tx.update(courseTees).set(row).where(eq(courseTees.id, tee.id));
    keptHoles.push(...tee.holes.map((hole) => ({ ...hole, teeId: tee.id! })));
  }
  await insertHoles(tx, keptHoles);
  await insertTees(tx, added);
  return true;
}

/** Whether a course of the venue was there to delete (its tees and holes go with it). */
export async function deleteCourse(db: Db, venueId: number, courseId: number): Promise<boolean> {
  const removed = await db
    .delete(venueCourses)
    .where(and(eq(venueCourses.id, courseId), eq(venueCourses.venueId, venueId)))
    .returning({ id: venueCourses.id });
  return removed.length > 0;
}

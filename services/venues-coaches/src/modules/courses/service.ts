import { forbidden, invalidFields, isUniqueViolation, notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  COURSE_LIMITS,
  COURSE_MESSAGES,
  type Course,
  type CourseBody,
  type CourseReply,
  type CoursesReply,
  courseErrors,
  type ImportCoursesBody,
  type ImportCoursesReply,
  type InternalTeeReply,
  isSiteAdminRole,
  type Tee,
  type TeeGender,
  VENUE_MESSAGES,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { CourseRow, Db } from '../../db/types';
import type { VenuesService } from '../venues/service';
import {
  type CourseRecord,
  type CourseValues,
  countCourses,
  courseOfVenue,
  coursesOfVenue,
  deleteCourse,
  insertCourses,
  replaceCourse,
  teeWithCourse,
  venuesWithCourses,
} from './repository';

const NAME_KEY = 'venue_courses_name_key';

const toTee = (tee: CourseRecord['tees'][number]): Tee => ({
  id: tee.id,
  course_id: tee.courseId,
  name: tee.name,
  gender: tee.gender,
  par: tee.par,
  course_rating: tee.courseRating,
  slope_rating: tee.slopeRating,
  holes: tee.holes.map((hole) => ({ number: hole.number, par: hole.par, stroke_index: hole.strokeIndex })),
});

const toCourse = (course: CourseRecord): Course => ({
  id: course.id,
  venue_id: course.venueId,
  name: course.name,
  holes: course.holes as Course['holes'],
  typical_values: course.typicalValues,
  tees: course.tees.map(toTee),
  updated_at: course.updatedAt.toISOString(),
});

/**
 * A course as the rules judge it (docs/product.md#courses): every problem at once, keyed by its
 * path under `prefix`, or its values ready to save.
 */
function judged(
  body: CourseBody,
  prefix = '',
): { values: CourseValues } | { errors: Record<string, string> } {
  const errors = courseErrors(body);
  if (Object.keys(errors).length > 0)
    return {
      errors: Object.fromEntries(Object.entries(errors).map(([key, message]) => [prefix + key, message])),
    };
  return {
    values: {
      name: body.name.trim(),
      holes: body.holes,
      // Every number below was judged present and in range by the rules.
      tees: body.tees.map((tee) => ({
        ...(tee.id === undefined ? {} : { id: tee.id }),
        name: tee.name.trim(),
        gender: tee.gender as TeeGender,
        par: tee.par!,
        courseRating: tee.course_rating!,
        slopeRating: tee.slope_rating!,
        holes: tee.holes.map((hole) => ({
          number: hole.number,
          par: hole.par!,
          strokeIndex: hole.stroke_index!,
        })),
      })),
    },
  };
}

function valuesOrRefusal(body: CourseBody): CourseValues {
  const result = judged(body);
  if ('errors' in result) throw invalidFields(result.errors);
  return result.values;
}

/**
 * A venue's courses, tees and holes (docs/product.md#courses): read by everyone for a listed venue;
 * kept by site admins for any venue and by facility admins for the venues they run, as its media
 * are. No event is published: nothing consumes courses yet, and a round will read its tee when it
 * is entered (`GET /internal/tees/{id}`, docs/architecture.md#courses-are-read-not-projected).
 */
export class CoursesService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly venues: VenuesService,
  ) {}

  private get db(): Db {
    return this.ctx.runtime.db;
  }

  /** A listed venue's courses; an unlisted or missing venue is not found, as its page is. */
  async listed(venueId: number): Promise<CoursesReply> {
    if (!(await this.venues.isListed(venueId))) throw notFound(VENUE_MESSAGES.notFound, 'venue_not_found');
    return { courses: (await coursesOfVenue(this.db, venueId)).map(toCourse) };
  }

  async list(user: AccessTokenClaims, venueId: number): Promise<CoursesReply> {
    await this.authorize(user, venueId);
    return { courses: (await coursesOfVenue(this.db, venueId)).map(toCourse) };
  }

  async create(user: AccessTokenClaims, venueId: number, body: CourseBody): Promise<CourseReply> {
    await this.authorize(user, venueId);
    const values = valuesOrRefusal(body);
    // Tees are new on a new course: an id sent along names nothing here.
    const withId = body.tees.findIndex((tee) => tee.id !== undefined);
    if (withId >= 0) throw invalidFields({ [`tees.${withId}.id`]: COURSE_MESSAGES.teeUnknown });
    const id = await this.named(() =>
      this.db.transaction(async (tx) => {
        if ((await countCourses(tx, venueId)) >= COURSE_LIMITS.maxCourses)
          throw invalidFields({ name: COURSE_MESSAGES.tooManyCourses });
        const [made] = await insertCourses(
          tx,
          [{ ...values, venueId, typicalValues: false }],
          this.ctx.clock(),
        );
        return made!;
      }),
    );
    return { course: toCourse((await courseOfVenue(this.db, venueId, id))!) };
  }

  /** The course saved whole; it is the venue's own values from now on, no longer typical ones. */
  async update(
    user: AccessTokenClaims,
    venueId: number,
    courseId: number,
    body: CourseBody,
  ): Promise<CourseReply> {
    await this.authorize(user, venueId);
    const course = await courseOfVenue(this.db, venueId, courseId);
    if (!course) throw notFound(COURSE_MESSAGES.notFound, 'course_not_found');
    const values = valuesOrRefusal(body);
    const own = new Set(course.tees.map((tee) => tee.id));
    const stranger = values.tees.findIndex((tee) => tee.id !== undefined && !own.has(tee.id));
    if (stranger >= 0) throw invalidFields({ [`tees.${stranger}.id`]: COURSE_MESSAGES.teeUnknown });
    const saved = await this.named(() =>
      this.db.transaction((tx) => replaceCourse(tx, venueId, courseId, values, this.ctx.clock())),
    );
    if (!saved) throw notFound(COURSE_MESSAGES.notFound, 'course_not_found');
    return { course: toCourse((await courseOfVenue(this.db, venueId, courseId))!) };
  }

  async remove(user: AccessTokenClaims, venueId: number, courseId: number): Promise<{ message: string }> {
    await this.authorize(user, venueId);
    if (!(await deleteCourse(this.db, venueId, courseId)))
      throw notFound(COURSE_MESSAGES.notFound, 'course_not_found');
    return { message: 'Course deleted successfully' };
  }

  /**
   * The demo's typical courses (docs/product.md#courses), for the venues given that have none yet,
   * in one insert per table; judged by the same rules, keyed `venues.i.courses.j.…`.
   */
  async importTypical(body: ImportCoursesBody): Promise<ImportCoursesReply> {
    const errors: Record<string, string> = {};
    const courses: Parameters<typeof insertCourses>[1] = [];
    const taken = await venuesWithCourses(
      this.db,
      body.venues.map((v) => v.venue_id),
    );
    body.venues.forEach((venue, v) => {
      if (taken.has(venue.venue_id)) return;
      venue.courses.forEach((course, c) => {
        const result = judged(course, `venues.${v}.courses.${c}.`);
        if ('errors' in result) Object.assign(errors, result.errors);
        else courses.push({ ...result.values, venueId: venue.venue_id, typicalValues: true });
      });
    });
    if (Object.keys(errors).length > 0) throw invalidFields(errors);
    const made = await this.db.transaction((tx) => insertCourses(tx, courses, this.ctx.clock()));
    return { courses: made.length };
  }

  /** What a round needs of its tee: where it is, its ratings and its holes. */
  async tee(teeId: number): Promise<InternalTeeReply> {
    const found = await teeWithCourse(this.db, teeId);
    if (!found) throw notFound(COURSE_MESSAGES.teeNotFound, 'tee_not_found');
    const course: CourseRow = found.course;
    return {
      venue_id: course.venueId,
      venue_name: found.venueName,
      course: { id: course.id, name: course.name, holes: course.holes },
      tee: toTee(found.tee),
    };
  }

  /** A second course of the same name: the name's own message, not a bare conflict. */
  private async named<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (err) {
      if (isUniqueViolation(err, NAME_KEY)) throw invalidFields({ name: COURSE_MESSAGES.nameTaken });
      throw err;
    }
  }

  /** 404 for a venue that is not there, 403 for someone who may not manage it (as its media). */
  private async authorize(user: AccessTokenClaims, venueId: number): Promise<void> {
    if (!(await this.venues.find(venueId))) throw notFound(VENUE_MESSAGES.notFound, 'venue_not_found');
    if (!isSiteAdminRole(user.role) && !(await this.venues.runBy(user.user_id)).includes(venueId))
      throw forbidden(VENUE_MESSAGES.notAllowed, 'not_venue_admin');
  }
}

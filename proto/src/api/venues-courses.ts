import Type from 'typebox';
import { COURSE_HOLE_COUNTS, COURSE_LIMITS, TEE_GENDERS } from '../rules/courses';
import { Id, IdParam, Int, Nullable, Text, Timestamp } from '../schema';

/**
 * A venue's courses with their tees and holes (docs/product.md#courses), owned by venues-coaches:
 * read by everyone (`GET /venues/{id}/courses`), kept by site admins and the venue's facility
 * admins (`/admin/venues/{id}/courses`), and read by other services for a round's tee
 * (`GET /internal/tees/{id}`).
 */

export const TeeHole = Type.Object({
  number: Int({ minimum: 1, maximum: 18 }),
  par: Int({ minimum: COURSE_LIMITS.holePar.min, maximum: COURSE_LIMITS.holePar.max }),
  /** 1 to the course's holes, each once (a 9-hole course's 1–9: see proto's `playedTee`). */
  stroke_index: Int({ minimum: 1, maximum: 18 }),
});
export type TeeHole = Type.Static<typeof TeeHole>;

export const Tee = Type.Object({
  id: Id,
  course_id: Id,
  name: Type.String(),
  gender: Type.Enum(TEE_GENDERS),
  par: Int({ minimum: 1 }),
  /** Strokes, to one decimal. */
  course_rating: Type.Number(),
  slope_rating: Int({ minimum: COURSE_LIMITS.slope.min, maximum: COURSE_LIMITS.slope.max }),
  holes: Type.Array(TeeHole),
});
export type Tee = Type.Static<typeof Tee>;

export const Course = Type.Object({
  id: Id,
  venue_id: Id,
  name: Type.String(),
  holes: Type.Union([Type.Literal(COURSE_HOLE_COUNTS[0]), Type.Literal(COURSE_HOLE_COUNTS[1])]),
  /** The demo's typical values for a course of its kind, not the club's official ratings. */
  typical_values: Type.Boolean(),
  tees: Type.Array(Tee),
  updated_at: Timestamp,
});
export type Course = Type.Static<typeof Course>;

export const CoursesReply = Type.Object({ courses: Type.Array(Course) });
export type CoursesReply = Type.Static<typeof CoursesReply>;
export const CourseReply = Type.Object({ course: Course });
export type CourseReply = Type.Static<typeof CourseReply>;

/**
 * Numbers and choices may come as typed, blank included: the rules (proto's `courseErrors`) judge
 * them and the service answers 422 with their words, where a bound here would answer a bare 400.
 */
const TypedNumber = Nullable(Type.Number());
/** Far above the rules' own lengths, which answer 422 with a message. */
const TypedText = Text({ maxLength: 1000 });

export const TeeHoleBody = Type.Object({
  number: Type.Number(),
  par: TypedNumber,
  stroke_index: TypedNumber,
});
export const TeeBody = Type.Object({
  /** A tee already on the course keeps its id (rounds refer to it); without one it is added. */
  id: Type.Optional(Id),
  name: TypedText,
  gender: Text({ maxLength: 20 }),
  par: TypedNumber,
  course_rating: TypedNumber,
  slope_rating: TypedNumber,
  holes: Type.Array(TeeHoleBody, { maxItems: 18 }),
});
export type TeeBody = Type.Static<typeof TeeBody>;

/**
 * A whole course saved at once, as its editor has it: its name, holes and every tee with its holes.
 * On `PUT`, tees sent with their id are changed, tees without are added, and tees not sent removed.
 */
export const CourseBody = Type.Object({
  name: TypedText,
  holes: Type.Number(),
  tees: Type.Array(TeeBody, { maxItems: 50 }),
});
export type CourseBody = Type.Static<typeof CourseBody>;

export const VenueCourseParams = Type.Object({ id: IdParam, courseId: IdParam });

/** `POST /internal/venues/courses`: the demo's typical courses, for venues that have none yet. */
export const ImportCoursesBody = Type.Object({
  venues: Type.Array(
    Type.Object({ venue_id: Id, courses: Type.Array(CourseBody, { maxItems: COURSE_LIMITS.maxCourses }) }),
    { maxItems: 5000 },
  ),
});
export type ImportCoursesBody = Type.Static<typeof ImportCoursesBody>;
export const ImportCoursesReply = Type.Object({ courses: Int({ minimum: 0 }) });
export type ImportCoursesReply = Type.Static<typeof ImportCoursesReply>;

/**
 * `GET /internal/tees/{id}`: what a round needs of its tee (docs/product.md#courses): where it is,
 * and the tee's ratings and holes; proto's `playedTee` takes the nine a round plays.
 */
export const InternalTeeReply = Type.Object({
  venue_id: Id,
  /** The venue's name as it is now: a round keeps it as played. */
  venue_name: Type.Optional(Type.String()),
  course: Type.Object({ id: Id, name: Type.String(), holes: Int({ minimum: 9, maximum: 18 }) }),
  tee: Tee,
});
export type InternalTeeReply = Type.Static<typeof InternalTeeReply>;

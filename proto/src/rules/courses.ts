/**
 * A venue's courses, their tees and holes (docs/product.md#courses): the rules golfers know from a
 * scorecard, judged alike by the admin form and by venues-coaches, which answers 422 with these
 * words keyed by the field's path (`tees.0.slope_rating`, `tees.0.holes.3.stroke_index`).
 */
import { COURSE_RATING_MAX_FROM_PAR, SLOPE_RATING } from './handicap/tee';

/** A course is played over 9 or 18 holes. */
export const COURSE_HOLE_COUNTS = [9, 18] as const;
export type CourseHoleCount = (typeof COURSE_HOLE_COUNTS)[number];

/**
 * Golf Australia rates every tee for men and for women separately (a tee both play has two
 * ratings), so a tee here is one set of markers rated for one of them.
 */
export const TEE_GENDERS = ['men', 'women'] as const;
export type TeeGender = (typeof TEE_GENDERS)[number];
export const TEE_GENDER_LABELS: Record<TeeGender, string> = { men: 'Men', women: 'Women' };

export const COURSE_LIMITS = {
  nameMaxLength: 100,
  teeNameMaxLength: 40,
  /** Tees a course may have: the usual four or five sets, each rated for men and women. */
  maxTees: 12,
  /** Courses a venue may have (Royal Melbourne has four: West, East, Composite, Presidents Cup). */
  maxCourses: 10,
  /** The World Handicap System's slope range: the handicap rules' own, so a saved tee is one they accept. */
  slope: { min: SLOPE_RATING.min, max: SLOPE_RATING.max },
  /** A course rating this far from the tee's par at most. */
  ratingFromPar: COURSE_RATING_MAX_FROM_PAR,
  holePar: { min: 3, max: 6 },
} as const;

export const COURSE_MESSAGES = {
  notFound: 'Course not found',
  teeNotFound: 'Tee not found',
  nameRequired: 'Course name is required',
  nameTooLong: `Course name must be at most ${COURSE_LIMITS.nameMaxLength} characters`,
  nameTaken: 'This venue already has a course with this name',
  holesInvalid: 'A course has 9 or 18 holes',
  tooManyCourses: `A venue has at most ${COURSE_LIMITS.maxCourses} courses`,
  teesRequired: 'Add at least one tee',
  tooManyTees: `A course has at most ${COURSE_LIMITS.maxTees} tees`,
  teeNameRequired: 'Tee name is required',
  teeNameTooLong: `Tee name must be at most ${COURSE_LIMITS.teeNameMaxLength} characters`,
  teeTaken: 'This course already has a tee with this name for the same gender',
  genderInvalid: 'Choose men or women',
  teeUnknown: 'This tee is not on this course',
  ratingRequired: 'Course rating is required',
  ratingOneDecimal: 'Course rating has at most one decimal place, e.g. 71.4',
  ratingNearPar: `Course rating must be within ${COURSE_LIMITS.ratingFromPar} of the tee's par`,
  slopeRequired: 'Slope rating is required',
  slopeWhole: 'Slope rating must be a whole number',
  slopeRange: `Slope rating must be between ${COURSE_LIMITS.slope.min} and ${COURSE_LIMITS.slope.max}`,
  parRequired: 'Par is required',
  parIsSumOfHoles: "The tee's par must be the sum of its holes' pars",
  holeCount: (holes: number) => `A tee on a ${holes}-hole course has ${holes} holes`,
  holeNumber: 'Holes are numbered from 1 in order',
  holeParRange: `Par must be between ${COURSE_LIMITS.holePar.min} and ${COURSE_LIMITS.holePar.max}`,
  strokeIndexRange: (holes: number) => `Stroke index must be between 1 and ${holes}`,
  strokeIndexRepeated: (holes: number) => `Each stroke index from 1 to ${holes} is used once`,
} as const;

/** How the demo's typical tees are marked wherever they show (docs/product.md#courses). */
export const TYPICAL_VALUES_NOTE = "Typical values, not the club's official ratings.";

/** What a course form sends, and what the rules judge: numbers may be missing while it is typed. */
export interface CourseInput {
  name: string;
  holes: number;
  tees: TeeInput[];
}
export interface TeeInput {
  id?: number;
  name: string;
  gender: string;
  par: number | null;
  course_rating: number | null;
  slope_rating: number | null;
  holes: HoleInput[];
}
export interface HoleInput {
  number: number;
  par: number | null;
  stroke_index: number | null;
}

const isWhole = (value: number) => Number.isInteger(value);
const hasOneDecimalAtMost = (value: number) => Math.abs(Math.round(value * 10) - value * 10) < 1e-6;

/** The problems of one tee, keyed from `prefix` (e.g. `tees.0.`). */
function teeErrors(tee: TeeInput, holeCount: number, prefix: string, errors: Record<string, string>): void {
  const name = tee.name.trim();
  if (!name) errors[`${prefix}name`] = COURSE_MESSAGES.teeNameRequired;
  else if (name.length > COURSE_LIMITS.teeNameMaxLength)
    errors[`${prefix}name`] = COURSE_MESSAGES.teeNameTooLong;
  if (!(TEE_GENDERS as readonly string[]).includes(tee.gender))
    errors[`${prefix}gender`] = COURSE_MESSAGES.genderInvalid;

  if (tee.slope_rating === null) errors[`${prefix}slope_rating`] = COURSE_MESSAGES.slopeRequired;
  else if (!isWhole(tee.slope_rating)) errors[`${prefix}slope_rating`] = COURSE_MESSAGES.slopeWhole;
  else if (tee.slope_rating < COURSE_LIMITS.slope.min || tee.slope_rating > COURSE_LIMITS.slope.max)
    errors[`${prefix}slope_rating`] = COURSE_MESSAGES.slopeRange;

  if (tee.holes.length !== holeCount) errors[`${prefix}holes`] = COURSE_MESSAGES.holeCount(holeCount);
  const indexes = new Map<number, number>();
  tee.holes.forEach((hole, i) => {
    const at = `${prefix}holes.${i}.`;
    if (hole.number !== i + 1) errors[`${at}number`] = COURSE_MESSAGES.holeNumber;
    if (
      hole.par === null ||
      !isWhole(hole.par) ||
      hole.par < COURSE_LIMITS.holePar.min ||
      hole.par > COURSE_LIMITS.holePar.max
    )
      errors[`${at}par`] = COURSE_MESSAGES.holeParRange;
    const index = hole.stroke_index;
    if (index === null || !isWhole(index) || index < 1 || index > holeCount)
      errors[`${at}stroke_index`] = COURSE_MESSAGES.strokeIndexRange(holeCount);
    else indexes.set(index, (indexes.get(index) ?? 0) + 1);
  });
  // A repeated index is marked on every hole that carries it, so the form shows both.
  tee.holes.forEach((hole, i) => {
    if (hole.stroke_index !== null && (indexes.get(hole.stroke_index) ?? 0) > 1)
      errors[`${prefix}holes.${i}.stroke_index`] = COURSE_MESSAGES.strokeIndexRepeated(holeCount);
  });

  const holePars = tee.holes.map((hole) => hole.par);
  const sum = holePars.every((par) => par !== null)
    ? holePars.reduce<number>((a, b) => a + (b ?? 0), 0)
    : null;
  if (tee.par === null) errors[`${prefix}par`] = COURSE_MESSAGES.parRequired;
  else if (sum !== null && tee.holes.length === holeCount && tee.par !== sum)
    errors[`${prefix}par`] = COURSE_MESSAGES.parIsSumOfHoles;

  if (tee.course_rating === null) errors[`${prefix}course_rating`] = COURSE_MESSAGES.ratingRequired;
  else if (!hasOneDecimalAtMost(tee.course_rating))
    errors[`${prefix}course_rating`] = COURSE_MESSAGES.ratingOneDecimal;
  else if (tee.par !== null && Math.abs(tee.course_rating - tee.par) > COURSE_LIMITS.ratingFromPar)
    errors[`${prefix}course_rating`] = COURSE_MESSAGES.ratingNearPar;
}

/**
 * Every problem of a course at once, keyed by field path (empty when it may be saved): name, 9 or
 * 18 holes, one to `maxTees` tees, each named once per gender with slope 55–155, a rating within 20
 * of its par (one decimal), and one hole per hole of the course: par 3–6, the tee's par their sum,
 * stroke indexes 1 to the course's holes each once.
 */
export function courseErrors(course: CourseInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = course.name.trim();
  if (!name) errors.name = COURSE_MESSAGES.nameRequired;
  else if (name.length > COURSE_LIMITS.nameMaxLength) errors.name = COURSE_MESSAGES.nameTooLong;
  const holeCount = (COURSE_HOLE_COUNTS as readonly number[]).includes(course.holes) ? course.holes : null;
  if (holeCount === null) errors.holes = COURSE_MESSAGES.holesInvalid;
  if (course.tees.length === 0) errors.tees = COURSE_MESSAGES.teesRequired;
  else if (course.tees.length > COURSE_LIMITS.maxTees) errors.tees = COURSE_MESSAGES.tooManyTees;
  const seen = new Set<string>();
  course.tees.forEach((tee, i) => {
    teeErrors(tee, holeCount ?? 18, `tees.${i}.`, errors);
    const key = `${tee.name.trim().toLowerCase()}|${tee.gender}`;
    if (seen.has(key) && !errors[`tees.${i}.name`]) errors[`tees.${i}.name`] = COURSE_MESSAGES.teeTaken;
    seen.add(key);
  });
  return errors;
}

/** The holes of a new tee: numbered, par 4, stroke indexes in hole order, for the form to start from. */
export function blankHoles(holes: number): Array<{ number: number; par: number; stroke_index: number }> {
  return Array.from({ length: holes }, (_, i) => ({ number: i + 1, par: 4, stroke_index: i + 1 }));
}

/** Which holes a round plays: all of them, or the front or back nine of an 18-hole course. */
export type PlayedHoles = 'all' | 'front' | 'back';

/**
 * What a round needs of a tee for the holes it plays (docs/product.md#courses). The clubs' 9-hole
 * ratings are not stored: a nine of an 18-hole tee is rated at half its course rating (to one
 * decimal), its own holes' par and the same slope, the common approximation. A 9-hole course's
 * stroke indexes 1–9 rank its holes; when it is played twice for 18, the first pass takes the odd
 * indexes (2·si − 1) and the second the even (2·si), as Golf Australia allocates them.
 */
export function playedTee<
  H extends { number: number; par: number; stroke_index: number },
  T extends { par: number; course_rating: number; slope_rating: number; holes: H[] },
>(tee: T, played: PlayedHoles): { par: number; course_rating: number; slope_rating: number; holes: H[] } {
  if (played === 'all' || tee.holes.length !== 18) return tee;
  const holes = tee.holes.filter((hole) => (played === 'front' ? hole.number <= 9 : hole.number > 9));
  return {
    par: holes.reduce((sum, hole) => sum + hole.par, 0),
    course_rating: Math.round(tee.course_rating * 5) / 10,
    slope_rating: tee.slope_rating,
    holes,
  };
}

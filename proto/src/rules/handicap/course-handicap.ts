/**
 * From a Handicap Index to the strokes a player receives: Course Handicap (Rule 6.1), Playing
 * Handicap (Rule 6.2 and Appendix C) and where the strokes fall (Appendix E). Rules of Handicapping,
 * 2024 edition (docs/product.md#handicap).
 */
import { HANDICAP } from '../profile';
import { refuse } from './refusals';
import { type HolesPlayed, type PlayedLayout, playedLayout, type RatedTee, SLOPE_RATING } from './tee';
import { roundHalfUp, wholeTenths } from './tenths';

/** A Handicap Index as whole tenths, refused outside the limits: 54.0 at most (Rule 5.3), +10.0 at best. */
export function indexTenths(index: number, field = 'index'): number {
  const tenths = wholeTenths(index);
  if (tenths === null) {
    return refuse(Number.isFinite(index) ? 'indexDecimals' : 'indexOutOfRange', field);
  }
  if (tenths < HANDICAP.min * 10 || tenths > HANDICAP.max * 10) return refuse('indexOutOfRange', field);
  return tenths;
}

/**
 * The unrounded Course Handicap in units of 1/1130 of a stroke:
 * Handicap Index × Slope Rating ÷ 113 + (Course Rating − par) (Rule 6.1a). Over nine holes the
 * index is first halved and rounded to a tenth (Rule 6.1b; the USGA's Rule 6 guidance: 8.7 → 4.35 → 4.4).
 */
function unroundedCourseHandicap(indexInTenths: number, layout: PlayedLayout): number {
  const index = layout.played === 'all' ? indexInTenths : roundHalfUp(indexInTenths, 2);
  return index * layout.slopeRating + SLOPE_RATING.standard * (layout.courseRatingTenths - 10 * layout.par);
}

const COURSE_HANDICAP_UNIT = 10 * SLOPE_RATING.standard;

/**
 * Course Handicap from an index in tenths, unchecked: a record may work out an index better than
 * the +10.0 a player can enter, as the Rules set no lower limit.
 */
export function courseHandicapOfTenths(indexInTenths: number, layout: PlayedLayout): number {
  return roundHalfUp(unroundedCourseHandicap(indexInTenths, layout), COURSE_HANDICAP_UNIT);
}

/** Course Handicap for the holes played, rounded to a whole number, .5 upward (Rule 6.1a, 6.1b). */
export function courseHandicap(index: number, tee: RatedTee, played: HolesPlayed = 'all'): number {
  return courseHandicapOfTenths(indexTenths(index), playedLayout(tee, played));
}

/** Appendix C's recommended allowances, as percentages of the Course Handicap. */
export const HANDICAP_ALLOWANCES = {
  individualStrokePlay: 95,
  individualStableford: 95,
  individualParBogey: 95,
  individualMatchPlay: 100,
  fourBallStrokePlay: 85,
  fourBallStableford: 85,
  fourBallMatchPlay: 90,
} as const;

/**
 * Playing Handicap = Course Handicap × allowance, the allowance applied to the unrounded Course
 * Handicap and the result rounded once, .5 upward (Rule 6.2; Appendix C: "applied to the unrounded
 * Course Handicap").
 */
export function playingHandicap(
  index: number,
  tee: RatedTee,
  played: HolesPlayed = 'all',
  allowancePercent: number = HANDICAP_ALLOWANCES.individualStrokePlay,
): number {
  return playingHandicapOfTenths(indexTenths(index), tee, played, allowancePercent);
}

/**
 * Playing Handicap from an index in tenths, the index unchecked (as `courseHandicapOfTenths`): for an
 * index a record worked out, which may be better than the +10.0 a player can enter.
 */
export function playingHandicapOfTenths(
  indexInTenths: number,
  tee: RatedTee,
  played: HolesPlayed = 'all',
  allowancePercent: number = HANDICAP_ALLOWANCES.individualStrokePlay,
): number {
  if (!Number.isInteger(allowancePercent) || allowancePercent < 1 || allowancePercent > 100) {
    refuse('allowance', 'allowance');
  }
  const unrounded = unroundedCourseHandicap(indexInTenths, playedLayout(tee, played));
  return roundHalfUp(unrounded * allowancePercent, COURSE_HANDICAP_UNIT * 100);
}

/**
 * The strokes received on each hole, in the holes' order, for a Course or Playing Handicap spread
 * over holes with these stroke indexes (Appendix E). Strokes fall in ascending stroke index; past
 * one a hole, stroke index 1 comes round again (as 19, 37, 55 over 18 holes). Over a nine the
 * published 18-hole indexes are taken in ascending order. A plus handicap gives strokes back from
 * the highest stroke index down, so those holes receive -1.
 */
export function strokesReceived(handicap: number, strokeIndexes: readonly number[]): number[] {
  if (!Number.isInteger(handicap)) refuse('playingHandicap', 'handicap');
  const holeCount = strokeIndexes.length;
  const order = [...strokeIndexes].sort((a, b) => a - b);
  const given = Math.abs(handicap);
  const everyHole = Math.floor(given / holeCount);
  const extra = given % holeCount;
  return strokeIndexes.map((strokeIndex) => {
    const rank = order.indexOf(strokeIndex) + 1;
    const extraHere = handicap >= 0 ? rank <= extra : rank > holeCount - extra;
    const strokes = everyHole + (extraHere ? 1 : 0);
    return handicap >= 0 || strokes === 0 ? strokes : -strokes;
  });
}

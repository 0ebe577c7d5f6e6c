/**
 * A set of tees as the Course Rating System describes it, and the checks every rating must pass
 * before a score is measured against it (docs/product.md#handicap). Rules cited are the Rules of
 * Handicapping, 2024 edition.
 */
import { refuse } from './refusals';
import { wholeTenths } from './tenths';

export interface RatedHole {
  par: number;
  /** The order in which handicap strokes fall on this hole: 1 is the first of 18 (Appendix E). */
  strokeIndex: number;
}

/** A Course Rating and Slope Rating over 18 holes, or over one nine. */
export interface TeeRating {
  courseRating: number;
  slopeRating: number;
}

/**
 * A set of tees: the 18-hole ratings, the 18 holes in order (a 9-hole course lists its nine twice,
 * as its card does), and the ratings of each nine when the association has issued them; a 9-hole
 * score needs its nine's own ratings (Rule 2.2b, Rule 6.1b/1). Par is not stored: it is the holes'.
 */
export interface RatedTee extends TeeRating {
  holes: readonly RatedHole[];
  front?: TeeRating;
  back?: TeeRating;
}

/** Which holes of the tee a round was played over: all 18, holes 1–9 or holes 10–18. */
export type HolesPlayed = 'all' | 'front' | 'back';
export const HOLES_PLAYED: readonly HolesPlayed[] = ['all', 'front', 'back'];

export const SLOPE_RATING = { min: 55, max: 155, standard: 113 } as const;
/** How far a Course Rating may be from par over 18 holes; half of it over nine. */
export const COURSE_RATING_MAX_FROM_PAR = 20;
export const HOLE_PARS = [3, 4, 5, 6] as const;

/** The part of a tee a round is measured against, checked: its holes, their par, and the ratings over them. */
export interface PlayedLayout {
  played: HolesPlayed;
  holes: readonly RatedHole[];
  par: number;
  courseRatingTenths: number;
  slopeRating: number;
}

function checkRating(rating: TeeRating, par: number, holeCount: number, field: string): number {
  const { slopeRating } = rating;
  if (!Number.isInteger(slopeRating) || slopeRating < SLOPE_RATING.min || slopeRating > SLOPE_RATING.max) {
    refuse('slopeRating', `${field}.slopeRating`);
  }
  const ratingTenths = wholeTenths(rating.courseRating);
  if (ratingTenths === null) return refuse('courseRatingDecimals', `${field}.courseRating`);
  const maxFromParTenths = (COURSE_RATING_MAX_FROM_PAR * 10 * holeCount) / 18;
  if (Math.abs(ratingTenths - par * 10) > maxFromParTenths) {
    refuse('courseRatingFarFromPar', `${field}.courseRating`);
  }
  return ratingTenths;
}

function checkHoles(holes: readonly RatedHole[]): void {
  if (!Array.isArray(holes) || holes.length !== 18) refuse('holeCount', 'tee.holes');
  const indexes = new Set<number>();
  holes.forEach((hole, i) => {
    if (!(HOLE_PARS as readonly number[]).includes(hole.par)) refuse('holePar', `tee.holes.${i}.par`);
    const { strokeIndex } = hole;
    if (!Number.isInteger(strokeIndex) || strokeIndex < 1 || strokeIndex > 18 || indexes.has(strokeIndex)) {
      refuse('strokeIndexes', `tee.holes.${i}.strokeIndex`);
    }
    indexes.add(strokeIndex);
  });
}

const sumOfPars = (holes: readonly RatedHole[]) => holes.reduce((sum, hole) => sum + hole.par, 0);

/** Checks the whole tee and returns the holes and ratings a round over `played` is measured against. */
export function playedLayout(tee: RatedTee, played: HolesPlayed): PlayedLayout {
  if (!HOLES_PLAYED.includes(played)) refuse('holesPlayed', 'holesPlayed');
  checkHoles(tee.holes);
  const holes =
    played === 'all' ? tee.holes : played === 'front' ? tee.holes.slice(0, 9) : tee.holes.slice(9);
  const par = sumOfPars(holes);
  const rating = played === 'all' ? tee : tee[played];
  if (!rating) return refuse('nineNotRated', `tee.${played}`);
  const courseRatingTenths = checkRating(
    rating,
    par,
    holes.length,
    played === 'all' ? 'tee' : `tee.${played}`,
  );
  return { played, holes, par, courseRatingTenths, slopeRating: rating.slopeRating };
}

/** Refuses a tee outside the limits golfers know (docs/product.md#handicap); quiet when it is sound. */
export function checkTee(tee: RatedTee): void {
  playedLayout(tee, 'all');
  if (tee.front) playedLayout(tee, 'front');
  if (tee.back) playedLayout(tee, 'back');
}

/** Par over the holes played. */
export function parOf(tee: RatedTee, played: HolesPlayed = 'all'): number {
  return playedLayout(tee, played).par;
}

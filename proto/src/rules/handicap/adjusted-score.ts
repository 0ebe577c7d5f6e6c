/**
 * The adjusted gross score: each hole score limited to the maximum for handicap purposes (Rule 3.1,
 * Rules of Handicapping 2024 edition; docs/product.md#handicap).
 */
import { courseHandicapOfTenths, indexTenths, strokesReceived } from './course-handicap';
import { refuse } from './refusals';
import { type HolesPlayed, type PlayedLayout, playedLayout, type RatedTee } from './tee';

export const HOLE_STROKES = { min: 1, max: 20 } as const;
/** Rule 3.1a: before a player has a Handicap Index, no hole counts for more than par + 5. */
const PAR_PLUS_BEFORE_INDEX = 5;
/**
 * Rule 3.1b: net double bogey (par + 2 + strokes received), and par + 5 where a Course Handicap
 * over 54 gives 4 or more strokes on a hole. Strokes received on a hole reach 4 only past 54 (past
 * 27 over nine), so both read as: at most 3 received strokes count toward the maximum.
 */
const DOUBLE_BOGEY = 2;
const MOST_STROKES_COUNTED = 3;

/** The most a hole counts for handicap purposes; `received` null when the player has no index yet. */
export function maximumHoleScore(par: number, received: number | null): number {
  if (received === null) return par + PAR_PLUS_BEFORE_INDEX;
  return par + DOUBLE_BOGEY + Math.min(received, MOST_STROKES_COUNTED);
}

export interface HoleAdjustment {
  strokes: number;
  maximum: number;
  /** The strokes counted: the hole score, or the maximum when the score was higher. */
  adjusted: number;
}

/** Each hole's maximum over the holes played, for an index in effect given in tenths (null: none yet). */
export function holeMaximums(layout: PlayedLayout, indexInTenths: number | null): number[] {
  const { holes } = layout;
  const received =
    indexInTenths === null
      ? null
      : strokesReceived(
          courseHandicapOfTenths(indexInTenths, layout),
          holes.map((hole) => hole.strokeIndex),
        );
  return holes.map((hole, i) => maximumHoleScore(hole.par, received?.[i] ?? null));
}

/** Refuses a card with the wrong number of holes or a hole score outside 1–20. */
function checkHoleStrokes(strokes: readonly number[], holeCount: number): void {
  if (!Array.isArray(strokes) || strokes.length !== holeCount) refuse('holeScoreCount', 'strokes');
  strokes.forEach((score, i) => {
    if (!Number.isInteger(score) || score < HOLE_STROKES.min || score > HOLE_STROKES.max) {
      refuse('holeStrokes', `strokes.${i}`);
    }
  });
}

export interface AdjustedCard {
  total: number;
  holes: HoleAdjustment[];
}

/** A card adjusted for an index in effect given in tenths (null: none yet). */
export function adjustedCard(
  layout: PlayedLayout,
  strokes: readonly number[],
  indexInTenths: number | null,
): AdjustedCard {
  const maximums = holeMaximums(layout, indexInTenths);
  checkHoleStrokes(strokes, maximums.length);
  const holes = strokes.map((score, i) => {
    const maximum = maximums[i]!;
    return { strokes: score, maximum, adjusted: Math.min(score, maximum) };
  });
  return { total: holes.reduce((sum, hole) => sum + hole.adjusted, 0), holes };
}

/**
 * The adjusted gross score of a hole-by-hole card (Rule 3.1) for a player whose index in effect is
 * `index` (null: none yet), with each hole's maximum and what it counted for, so a card can mark its
 * net double bogey adjustments.
 */
export function adjustedGrossScore(
  tee: RatedTee,
  played: HolesPlayed,
  strokes: readonly number[],
  index: number | null,
): AdjustedCard {
  return adjustedCard(playedLayout(tee, played), strokes, index === null ? null : indexTenths(index));
}

/**
 * A quick entry's total is the adjusted gross score as the player gives it: with no holes there is
 * nothing to adjust, so a total beyond every hole's maximum, or under a stroke a hole, is refused.
 */
export function checkAdjustedTotal(total: number, maximums: readonly number[]): number {
  const most = maximums.reduce((sum, maximum) => sum + maximum, 0);
  if (!Number.isInteger(total) || total < maximums.length * HOLE_STROKES.min || total > most) {
    refuse('totalOutOfRange', 'total');
  }
  return total;
}

/**
 * Score Differentials (Rule 5.1, Rules of Handicapping 2024 edition; docs/product.md#handicap).
 * Every differential is an 18-hole one: a 9-hole score is scaled up with the player's expected
 * score over the other nine (Rule 5.1b as revised in 2024; the 2020 edition instead joined two
 * 9-hole scores, which the 2024 edition dropped).
 */
import { indexTenths } from './course-handicap';
import { refuse } from './refusals';
import { type HolesPlayed, type PlayedLayout, playedLayout, type RatedTee, SLOPE_RATING } from './tee';
import { type Fraction, fromTenths, roundHalfUp } from './tenths';

export const PCC = { min: -1, max: 3 } as const;

/** A differential as calculated: `value` rounded to a tenth, and the unrounded value in tenths (Rule 5.9 uses it). */
export interface ScoreDifferential {
  value: number;
  unroundedTenths: Fraction;
}

function checkPcc(pcc: number): number {
  if (!Number.isInteger(pcc) || pcc < PCC.min || pcc > PCC.max) refuse('pcc', 'pcc');
  return pcc;
}

/**
 * The expected Score Differential over nine holes for a Handicap Index, in tenths. The Rules define
 * expected score (the score a player of that index is expected to achieve over a course of standard
 * difficulty) without printing the figures; the German Golf Association's published 9-hole table is
 * (index × 1.04 + 2.4) ÷ 2 = 0.52 × index + 1.2 (index 18 → 10.56, 24 → 13.68, 36 → 19.92), and it
 * gives the USGA's own 2024 example back: index 14.0, 9-hole differential 7.2 → 7.2 + 8.48 = 15.7.
 */
function expectedNineHoleTenths(indexInTenths: number): Fraction {
  return { numerator: 52 * indexInTenths + 1200, denominator: 100 };
}

/** The expected 9-hole Score Differential for an index (0.52 × index + 1.2), unrounded: 14.0 → 8.48. */
export function expectedNineHoleDifferential(index: number): number {
  const { numerator, denominator } = expectedNineHoleTenths(indexTenths(index));
  return numerator / denominator / 10;
}

/**
 * (113 ÷ Slope Rating) × (adjusted gross score − Course Rating − PCC), unrounded, in tenths. Over
 * nine holes it uses the nine's ratings and half the PCC (Rule 5.1b), and stays unrounded until it
 * is combined with the expected score.
 */
export function playedDifferentialTenths(layout: PlayedLayout, adjusted: number, pcc: number): Fraction {
  const { courseRatingTenths, slopeRating, played } = layout;
  const pccTenths = (played === 'all' ? 10 : 5) * checkPcc(pcc);
  return {
    numerator: SLOPE_RATING.standard * (10 * adjusted - courseRatingTenths - pccTenths),
    denominator: slopeRating,
  };
}

/** The 18-hole differential made of a 9-hole one and the expected score of the index in effect. */
export function scaledUpNine(nine: Fraction, indexInTenths: number): Fraction {
  const expected = expectedNineHoleTenths(indexInTenths);
  return {
    numerator: nine.numerator * expected.denominator + expected.numerator * nine.denominator,
    denominator: nine.denominator * expected.denominator,
  };
}

export interface DifferentialInput {
  adjustedGrossScore: number;
  tee: RatedTee;
  holesPlayed: HolesPlayed;
  /** The day's playing conditions calculation, -1 to +3 (Rule 5.6); 0 when none was made. */
  pcc?: number;
  /** The player's Handicap Index when the round was played; null before they have one. */
  indexInEffect: number | null;
}

/**
 * The 18-hole Score Differential, rounded to the nearest tenth, .5 upward (Rules 5.1a, 5.1c): an
 * 18-hole score's own, or a 9-hole score's scaled up with the expected score (Rule 5.1b). Null for
 * a 9-hole score of a player with no index yet: its expected score waits for the initial index.
 */
export function scoreDifferential(input: DifferentialInput): ScoreDifferential | null {
  const { adjustedGrossScore, tee, holesPlayed, pcc = 0, indexInEffect } = input;
  let unroundedTenths = playedDifferentialTenths(playedLayout(tee, holesPlayed), adjustedGrossScore, pcc);
  if (holesPlayed !== 'all') {
    if (indexInEffect === null) return null;
    unroundedTenths = scaledUpNine(unroundedTenths, indexTenths(indexInEffect, 'indexInEffect'));
  }
  const tenths = roundHalfUp(unroundedTenths.numerator, unroundedTenths.denominator);
  return { value: fromTenths(tenths), unroundedTenths };
}

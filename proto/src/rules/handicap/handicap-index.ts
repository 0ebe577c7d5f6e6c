/**
 * A Handicap Index from Score Differentials (Rule 5.2), its limit (Rule 5.3), the caps on its rise
 * (Rule 5.8) and the reduction after an exceptional score (Rule 5.9). Rules of Handicapping, 2024
 * edition (docs/product.md#handicap). Values are whole tenths here; the record turns them back.
 */
import { HANDICAP } from '../profile';
import { compareFractions, type Fraction, roundHalfUp } from './tenths';

/** Rule 5.2b: the lowest 8 of the most recent 20. */
export const RECENT_SCORES = 20;
/** Rule 5.3: no Handicap Index is higher than 54.0. */
export const MAXIMUM_INDEX_TENTHS = HANDICAP.max * 10;
/** Rule 4.5 (and Rule 2.2): an index is first issued once scores over 54 holes are in the record. */
export const HOLES_FOR_AN_INDEX = 54;

/**
 * Rule 5.2a, the table for fewer than 20 differentials: how many of the lowest are averaged and the
 * adjustment (tenths) made to the average. With 20 or more, the lowest 8 of the most recent 20
 * (Rule 5.2b). With 1 or 2 there is no index (54 holes make at least 3 differentials).
 */
export function differentialsToAverage(count: number): { lowest: number; adjustmentTenths: number } | null {
  if (count < 3) return null;
  if (count === 3) return { lowest: 1, adjustmentTenths: -20 };
  if (count === 4) return { lowest: 1, adjustmentTenths: -10 };
  if (count === 5) return { lowest: 1, adjustmentTenths: 0 };
  if (count === 6) return { lowest: 2, adjustmentTenths: -10 };
  if (count <= 8) return { lowest: 2, adjustmentTenths: 0 };
  if (count <= 11) return { lowest: 3, adjustmentTenths: 0 };
  if (count <= 14) return { lowest: 4, adjustmentTenths: 0 };
  if (count <= 16) return { lowest: 5, adjustmentTenths: 0 };
  if (count <= 18) return { lowest: 6, adjustmentTenths: 0 };
  if (count === 19) return { lowest: 7, adjustmentTenths: 0 };
  return { lowest: 8, adjustmentTenths: 0 };
}

/**
 * Rule 5.2: the average of the lowest differentials of the most recent 20 (given oldest first, in
 * tenths, with any exceptional-score adjustments already made), rounded to the nearest tenth, plus
 * the table's adjustment. Null with fewer than 3. Neither the caps nor the 54.0 limit applied yet.
 */
export function averageOfLowestTenths(differentialTenths: readonly number[]): number | null {
  const recent = differentialTenths.slice(-RECENT_SCORES);
  const rule = differentialsToAverage(recent.length);
  if (!rule) return null;
  const lowest = [...recent].sort((a, b) => a - b).slice(0, rule.lowest);
  const sum = lowest.reduce((total, tenths) => total + tenths, 0);
  return roundHalfUp(sum, rule.lowest) + rule.adjustmentTenths;
}

/** Rule 5.8: the rise above the Low Handicap Index past which half is taken away, and the most it may rise. */
export const SOFT_CAP_TENTHS = 30;
export const HARD_CAP_TENTHS = 50;

export type IndexCap = 'soft' | 'hard' | null;

/**
 * Rule 5.8: a calculated index more than 3.0 above the Low Handicap Index keeps only half of the
 * rise beyond 3.0 (the soft cap, rounded to the nearest tenth), and never ends more than 5.0 above
 * it (the hard cap). USGA worked example: average 11.6, Low 6.5 → 11.6 − 2.1 ÷ 2 = 10.55 → 10.6.
 */
export function capTenths(calculated: number, low: number | null): { tenths: number; cap: IndexCap } {
  if (low === null || calculated - low <= SOFT_CAP_TENTHS) return { tenths: calculated, cap: null };
  const soft = roundHalfUp(2 * (low + SOFT_CAP_TENTHS) + (calculated - low - SOFT_CAP_TENTHS), 2);
  if (soft - low > HARD_CAP_TENTHS) return { tenths: low + HARD_CAP_TENTHS, cap: 'hard' };
  return { tenths: soft, cap: 'soft' };
}

/** Rule 5.3: an index calculated above 54.0 is 54.0. */
export function withinMaximum(tenths: number): number {
  return Math.min(tenths, MAXIMUM_INDEX_TENTHS);
}

/**
 * Rule 5.9: a differential 7.0 to 9.9 strokes below the Handicap Index in effect when the round was
 * played takes 1.0 off each of the most recent 20 differentials; 10.0 or more below takes 2.0. The
 * gap is measured on the unrounded differential (Rule 5.9 as the USGA prints it). Returns tenths.
 */
export function exceptionalScoreReductionTenths(indexInEffectTenths: number, unrounded: Fraction): number {
  const gap = (strokesBelow: number): boolean =>
    compareFractions({ numerator: indexInEffectTenths - strokesBelow * 10, denominator: 1 }, unrounded) >= 0;
  if (gap(10)) return -20;
  if (gap(7)) return -10;
  return 0;
}

/**
 * What the handicap module refuses, each with a named reason a service can turn into a field error
 * (docs/product.md#handicap). Nothing outside the limits is clamped: a slope of 160 is refused, not
 * read as 155.
 */

export const HANDICAP_REFUSALS = {
  slopeRating: 'Slope rating must be a whole number from 55 to 155.',
  courseRatingDecimals: 'Course rating can have at most one decimal place.',
  courseRatingFarFromPar: 'Course rating must be within 20 strokes of par (10 for nine holes).',
  holeCount: 'A tee has 18 holes.',
  holePar: 'A hole’s par must be 3, 4, 5 or 6.',
  strokeIndexes: 'Stroke indexes must be 1 to 18, each used once.',
  nineNotRated: 'This tee has no rating for that nine, so a 9-hole score cannot be used.',
  holesPlayed: 'Holes played must be all 18, the front nine or the back nine.',
  scoreEntry: 'Enter hole-by-hole strokes or a total, not both and not neither.',
  holeScoreCount: 'A round needs one score for each hole played (18, or 9 for a nine).',
  holeStrokes: 'A hole score must be a whole number from 1 to 20 strokes.',
  totalOutOfRange:
    'A total must be at least one stroke a hole and no more than net double bogey on every hole allows.',
  pcc: 'The playing conditions calculation is a whole number from -1 to +3.',
  date: 'A date is a calendar day written YYYY-MM-DD.',
  indexOutOfRange: 'A handicap index is from +10.0 (written -10.0) to 54.0.',
  indexDecimals: 'A handicap index has at most one decimal place.',
  allowance: 'A handicap allowance is a whole percentage from 1 to 100.',
  playingHandicap: 'A playing handicap is a whole number of strokes.',
} as const;

export type HandicapRefusalReason = keyof typeof HANDICAP_REFUSALS;

/** An input outside the WHS limits: `reason` names the rule broken, `field` the input that broke it. */
export class HandicapInputError extends Error {
  constructor(
    readonly reason: HandicapRefusalReason,
    readonly field: string,
  ) {
    super(HANDICAP_REFUSALS[reason]);
    this.name = 'HandicapInputError';
  }
}

export function refuse(reason: HandicapRefusalReason, field: string): never {
  throw new HandicapInputError(reason, field);
}

/**
 * A handicap index by the World Handicap System's method, and the scores of a competition from it
 * (docs/product.md#handicap). Pure: no I/O and no clock.
 */
export { adjustedGrossScore, type HoleAdjustment, maximumHoleScore } from './adjusted-score';
export {
  courseHandicap,
  HANDICAP_ALLOWANCES,
  playingHandicap,
  playingHandicapOfTenths,
  strokesReceived,
} from './course-handicap';
export {
  type DifferentialInput,
  expectedNineHoleDifferential,
  type ScoreDifferential,
  scoreDifferential,
} from './differential';
export type { IndexCap } from './handicap-index';
export {
  type HandicapRecord,
  handicapRecord,
  type IndexRevision,
  type RecordedRound,
  type ScoredRound,
} from './record';
export { HANDICAP_REFUSALS, HandicapInputError, type HandicapRefusalReason } from './refusals';
export {
  type CompetitionCard,
  type CompetitionCardScore,
  type RankedResult,
  type ResultEntry,
  type ResultFormat,
  rankResults,
  scoreCard,
  stablefordPoints,
} from './scoring';
export {
  checkTee,
  HOLES_PLAYED,
  type HolesPlayed,
  parOf,
  type RatedHole,
  type RatedTee,
  SLOPE_RATING,
  type TeeRating,
} from './tee';

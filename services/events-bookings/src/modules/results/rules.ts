import {
  type HolesPlayed,
  playingHandicapOfTenths,
  type RankedResult,
  type RatedTee,
  type ResultFormat,
  rankResults,
  scoreCard,
} from '@linksmate/proto';
import { RESULT_FORMATS, RESULTS_ALLOWANCE_PERCENT } from '@linksmate/proto/rules/results';
import type { ScoringTeeCopy } from '../../db/schema';
import type { ScoreCardRow, ScoringRow } from '../../db/types';

/**
 * A scoring tee as the handicap module rates it, and the holes a card covers. A 9-hole course is
 * played as its nine: its card lays the nine out twice, the first pass taking the odd indexes
 * (2·si − 1) as Golf Australia allocates them, and the nine's own rating is the one stored
 * (docs/product.md#courses), so its Playing Handicap is the 9-hole one (Rule 6.1b).
 */
export function ratedTee(tee: ScoringTeeCopy): {
  rated: RatedTee;
  played: HolesPlayed;
  strokeIndexes: number[];
} {
  if (tee.holes.length === 18) {
    return {
      rated: {
        courseRating: tee.course_rating,
        slopeRating: tee.slope_rating,
        holes: tee.holes.map((hole) => ({ par: hole.par, strokeIndex: hole.stroke_index })),
      },
      played: 'all',
      strokeIndexes: tee.holes.map((hole) => hole.stroke_index),
    };
  }
  const first = tee.holes.map((hole) => ({ par: hole.par, strokeIndex: 2 * hole.stroke_index - 1 }));
  const second = tee.holes.map((hole) => ({ par: hole.par, strokeIndex: 2 * hole.stroke_index }));
  return {
    rated: {
      courseRating: tee.course_rating * 2,
      slopeRating: tee.slope_rating,
      holes: [...first, ...second],
      front: { courseRating: tee.course_rating, slopeRating: tee.slope_rating },
    },
    played: 'front',
    strokeIndexes: first.map((hole) => hole.strokeIndex),
  };
}

/**
 * The Playing Handicap off this tee: 95% of the Course Handicap; scratch (0) without an index. The
 * index is a tenth-exact figure (a LinksMate index, or the profile's handicap), taken unchecked: a
 * record may work out an index better than the +10.0 a player can enter.
 */
export function playingHandicapOn(tee: ScoringTeeCopy, index: number | null): number {
  if (index === null) return 0;
  const { rated, played } = ratedTee(tee);
  return playingHandicapOfTenths(Math.round(index * 10), rated, played, RESULTS_ALLOWANCE_PERCENT);
}

export const isResultFormat = (value: unknown): value is ResultFormat =>
  (RESULT_FORMATS as readonly unknown[]).includes(value);

/** The tee a card is scored from: the one named, else the men's when the game has one, else the first. */
export function teeOf(scoring: ScoringRow, gender: string | undefined): ScoringTeeCopy | undefined {
  if (gender !== undefined) return scoring.tees.find((tee) => tee.gender === gender);
  return scoring.tees.find((tee) => tee.gender === 'men') ?? scoring.tees[0];
}

function cardEntry(scoring: ScoringRow, card: ScoreCardRow) {
  const tee = teeOf(scoring, card.tee)!;
  return {
    id: String(card.userId),
    pars: tee.holes.map((hole) => hole.par),
    strokeIndexes: ratedTee(tee).strokeIndexes,
    strokes: card.strokes,
    playingHandicap: card.playingHandicap,
  };
}

/** A card's gross, net and Stableford points, with the strokes received and points per hole. */
export function scoreOf(scoring: ScoringRow, card: ScoreCardRow) {
  return scoreCard(cardEntry(scoring, card));
}

/** Every entered card ranked in each format, countback splitting ties (docs/product.md#handicap). */
export function rankingsOf(
  scoring: ScoringRow,
  cards: ScoreCardRow[],
): Record<ResultFormat, Array<RankedResult & { userId: number }>> {
  const entries = cards.map((card) => cardEntry(scoring, card));
  const rank = (format: ResultFormat) =>
    rankResults(entries, format).map((row) => ({ ...row, userId: Number(row.id) }));
  return { stableford: rank('stableford'), gross: rank('gross'), net: rank('net') };
}

/**
 * A competition's scores from each player's Playing Handicap: gross, net and Stableford points, and
 * the ranking with countback on ties (docs/product.md#handicap). Strokes fall as Appendix E of the
 * Rules of Handicapping places them; points are the Rules of Golf's (Rule 21.1b); the countback is
 * the Rules of Golf's recommended matching of cards (Committee Procedures 5A(7)).
 */
import { HOLE_STROKES } from './adjusted-score';
import { strokesReceived } from './course-handicap';
import { refuse } from './refusals';
import { HOLE_PARS } from './tee';

/** One player's card: the holes' pars and stroke indexes, and their strokes (null: no score on the hole). */
export interface CompetitionCard {
  pars: readonly number[];
  strokeIndexes: readonly number[];
  strokes: readonly (number | null)[];
  playingHandicap: number;
}

/** Rule 21.1b: points for a hole from its net score; nothing for no score or net double bogey and worse. */
export function stablefordPoints(par: number, strokes: number | null, received: number): number {
  if (strokes === null) return 0;
  return Math.max(0, par + received + 2 - strokes);
}

export interface CompetitionCardScore {
  received: number[];
  points: number[];
  /** Gross and net stroke totals; null when a hole has no score (no return in stroke play, Rule 3.3c). */
  gross: number | null;
  net: number | null;
  stableford: number;
}

/** Refuses a card that is not 9 or 18 holes of sound pars, stroke indexes and hole scores. */
function checkCard(card: CompetitionCard): void {
  const holeCount = card.pars.length;
  if ((holeCount !== 9 && holeCount !== 18) || card.strokes.length !== holeCount) {
    refuse('holeScoreCount', 'strokes');
  }
  card.pars.forEach((par, i) => {
    if (!(HOLE_PARS as readonly number[]).includes(par)) refuse('holePar', `pars.${i}`);
  });
  const indexes = new Set(card.strokeIndexes);
  const sound = card.strokeIndexes.every((index) => Number.isInteger(index) && index >= 1 && index <= 18);
  if (card.strokeIndexes.length !== holeCount || indexes.size !== holeCount || !sound) {
    refuse('strokeIndexes', 'strokeIndexes');
  }
  card.strokes.forEach((score, i) => {
    const outside =
      score !== null && (!Number.isInteger(score) || score < HOLE_STROKES.min || score > HOLE_STROKES.max);
    if (outside) refuse('holeStrokes', `strokes.${i}`);
  });
}

export function scoreCard(card: CompetitionCard): CompetitionCardScore {
  checkCard(card);
  const received = strokesReceived(card.playingHandicap, card.strokeIndexes);
  const points = card.pars.map((par, i) => stablefordPoints(par, card.strokes[i]!, received[i]!));
  const complete = card.strokes.every((score) => score !== null);
  const gross = complete ? (card.strokes as number[]).reduce((sum, score) => sum + score, 0) : null;
  return {
    received,
    points,
    gross,
    net: gross === null ? null : gross - card.playingHandicap,
    stableford: points.reduce((sum, point) => sum + point, 0),
  };
}

export type ResultFormat = 'gross' | 'net' | 'stableford';

export interface ResultEntry extends CompetitionCard {
  id: string;
}

export interface RankedResult {
  id: string;
  /** 1 for the winner; players still level after the countback share a position. Null: no return. */
  position: number | null;
  /** Gross or net strokes, or Stableford points. */
  total: number | null;
  /** The last holes (9, 6, 3 or 1) that placed this player below the one above on the same total. */
  countback: number | null;
}

/** The last 9, 6, 3 and 1 holes (holes 10–18, 13–18, 16–18 and 18, whichever hole a player started at). */
const COUNTBACK_HOLES = [9, 6, 3, 1] as const;

/**
 * How good a stretch of holes was, larger being better, compared exactly: in net stroke play the
 * stretch's strokes less its share of the Playing Handicap (a half for 9 of 18 holes, a third for 6,
 * a sixth for 3, an eighteenth for 1), fractions kept; all values are scaled by the hole count.
 */
function merit(
  format: ResultFormat,
  card: CompetitionCard,
  score: CompetitionCardScore,
  from: number,
): number {
  const holeCount = card.pars.length;
  if (format === 'stableford')
    return holeCount * score.points.slice(from).reduce((sum, point) => sum + point, 0);
  const strokes = (card.strokes.slice(from) as number[]).reduce((sum, stroke) => sum + stroke, 0);
  const share = format === 'net' ? card.playingHandicap * (holeCount - from) : 0;
  return -(holeCount * strokes - share);
}

interface Standing {
  id: string;
  total: number | null;
  /** The whole round's merit, then each countback stretch's, larger being better. */
  merits: number[];
}

function standing(entry: ResultEntry, format: ResultFormat, holeCount: number): Standing {
  const score = scoreCard(entry);
  const total = format === 'stableford' ? score.stableford : format === 'gross' ? score.gross : score.net;
  const starts = [0, ...countbackHoles(holeCount).map((holes) => holeCount - holes)];
  return {
    id: entry.id,
    total,
    merits: total === null ? [] : starts.map((from) => merit(format, entry, score, from)),
  };
}

const countbackHoles = (holeCount: number) => COUNTBACK_HOLES.filter((holes) => holes < holeCount);

/** Where two standings first differ: 0 on the total, 1… on the countback's stretches, -1 nowhere. */
const firstDifference = (a: Standing, b: Standing) => a.merits.findIndex((value, i) => value !== b.merits[i]);

/**
 * Ranks a field: fewest strokes (gross or net) or most Stableford points, a tie split by the last 9,
 * 6, 3 and 1 holes in turn (over a 9-hole round, the last 6, 3 and 1); players level after all of
 * them share the position. Players with no return in stroke play come last, unplaced.
 */
export function rankResults(entries: readonly ResultEntry[], format: ResultFormat): RankedResult[] {
  const holeCount = entries[0]?.pars.length ?? 18;
  if (entries.some((entry) => entry.pars.length !== holeCount)) refuse('holeScoreCount', 'entries');
  const standings = entries.map((entry) => standing(entry, format, holeCount));
  const placed = standings
    .filter((entry) => entry.total !== null)
    .sort((a, b) => {
      const i = firstDifference(a, b);
      return i === -1 ? 0 : b.merits[i]! - a.merits[i]!;
    });
  let position = 0;
  const ranked = placed.map((entry, i): RankedResult => {
    const above = placed[i - 1];
    const differsAt = above ? firstDifference(above, entry) : 0;
    if (differsAt !== -1) position = i + 1;
    const countback = differsAt > 0 ? countbackHoles(holeCount)[differsAt - 1]! : null;
    return { id: entry.id, position, total: entry.total, countback };
  });
  const unplaced = standings.filter((entry) => entry.total === null);
  return [...ranked, ...unplaced.map(({ id }) => ({ id, position: null, total: null, countback: null }))];
}

/**
 * A member's scoring record worked through in the order the rounds were played, giving each round
 * its adjusted gross score and differential and each day played its Handicap Index revision
 * (Rules of Handicapping, 2024 edition; docs/product.md#handicap). Pure: the dates are the rounds'
 * own, never the clock's, so the same rounds always give the same record.
 */
import { adjustedCard, checkAdjustedTotal, type HoleAdjustment, holeMaximums } from './adjusted-score';
import { playedDifferentialTenths, scaledUpNine } from './differential';
import {
  averageOfLowestTenths,
  capTenths,
  differentialsToAverage,
  exceptionalScoreReductionTenths,
  HOLES_FOR_AN_INDEX,
  type IndexCap,
  MAXIMUM_INDEX_TENTHS,
  RECENT_SCORES,
  withinMaximum,
} from './handicap-index';
import { HandicapInputError, refuse } from './refusals';
import { type HolesPlayed, type PlayedLayout, playedLayout, type RatedTee } from './tee';
import { dayNumber, type Fraction, fromTenths, roundHalfUp } from './tenths';

export interface RecordedRound {
  id: string;
  /** The day it was played, YYYY-MM-DD. */
  date: string;
  holesPlayed: HolesPlayed;
  tee: RatedTee;
  /** Hole-by-hole strokes, in the order of the holes played… */
  strokes?: readonly number[];
  /** …or, for a quick entry, the adjusted gross score as a total. */
  total?: number;
  /** The day's playing conditions calculation, -1 to +3 (Rule 5.6); 0 when none was made. */
  pcc?: number;
}

export interface ScoredRound {
  id: string;
  date: string;
  holesPlayed: HolesPlayed;
  /** The Handicap Index in effect when it was played: the one revised after the last earlier day (Rule 5.4). */
  indexInEffect: number | null;
  adjustedGrossScore: number;
  /** Each hole's strokes, maximum and what it counted for; null for a quick entry. */
  holes: HoleAdjustment[] | null;
  /** The 18-hole Score Differential; null for a 9-hole score still waiting for the initial index. */
  differential: number | null;
  /** What this score itself took off as an exceptional score: 0, -1 or -2 (Rule 5.9). */
  exceptionalReduction: number;
  /** The exceptional-score reductions this differential carries, its own and later ones' (≤ 0). */
  adjustment: number;
  /** Whether it is among the lowest differentials that make the current index. */
  usedInIndex: boolean;
}

export interface IndexRevision {
  /** The day played whose scores revised the index. */
  date: string;
  index: number;
  /** Rule 5.2's average before the caps and the 54.0 limit. */
  calculated: number;
  /** The Low Handicap Index it was held against (Rule 5.7); null before 20 scores. */
  lowIndex: number | null;
  cap: IndexCap;
}

export interface HandicapRecord {
  /** Every round, in the order played. */
  rounds: ScoredRound[];
  /** The index after each day played, once there is one: a history to draw. */
  revisions: IndexRevision[];
  /** The current Handicap Index; null until 54 holes are in the record. */
  index: number | null;
  /** The Low Handicap Index the current index was held against; null before 20 scores. */
  lowIndex: number | null;
}

/** Rule 5.7: the Low Handicap Index is the lowest index of the 365 days up to the most recent score's day. */
const LOW_INDEX_DAYS = 365;

interface Entry {
  round: RecordedRound;
  day: number;
  holeCount: number;
  indexInEffectTenths: number | null;
  adjusted: number;
  holes: HoleAdjustment[] | null;
  /** A held 9-hole differential (unrounded tenths), until the initial index gives it an expected score. */
  heldNine: Fraction | null;
  differentialTenths: number | null;
  exceptionalTenths: number;
  adjustmentTenths: number;
}

interface DayRevision {
  day: number;
  date: string;
  tenths: number;
  calculatedTenths: number;
  lowTenths: number | null;
  cap: IndexCap;
}

function adjustedScore(
  round: RecordedRound,
  layout: PlayedLayout,
  indexInTenths: number | null,
): { adjusted: number; holes: HoleAdjustment[] | null } {
  const hasStrokes = round.strokes !== undefined;
  if (hasStrokes === (round.total !== undefined)) return refuse('scoreEntry', 'strokes');
  if (hasStrokes) {
    const { total, holes } = adjustedCard(layout, round.strokes!, indexInTenths);
    return { adjusted: total, holes };
  }
  return { adjusted: checkAdjustedTotal(round.total!, holeMaximums(layout, indexInTenths)), holes: null };
}

function scoreRound(
  round: RecordedRound,
  layout: PlayedLayout,
  day: number,
  indexInEffectTenths: number | null,
): Entry {
  const { adjusted, holes } = adjustedScore(round, layout, indexInEffectTenths);
  const played = playedDifferentialTenths(layout, adjusted, round.pcc ?? 0);
  const isNine = round.holesPlayed !== 'all';
  const unrounded = !isNine
    ? played
    : indexInEffectTenths === null
      ? null
      : scaledUpNine(played, indexInEffectTenths);
  const exceptionalTenths =
    unrounded && indexInEffectTenths !== null
      ? exceptionalScoreReductionTenths(indexInEffectTenths, unrounded)
      : 0;
  return {
    round,
    day,
    holeCount: isNine ? 9 : 18,
    indexInEffectTenths,
    adjusted,
    holes,
    heldNine: unrounded ? null : played,
    differentialTenths: unrounded && roundHalfUp(unrounded.numerator, unrounded.denominator),
    exceptionalTenths,
    adjustmentTenths: 0,
  };
}

const counted = (entry: Entry) => entry.differentialTenths! + entry.adjustmentTenths;

/**
 * Gives the held 9-hole scores their differentials once 54 holes make an initial index. The Rules
 * scale a 9-hole score up with the expected score of the player's index, which a new player does
 * not have yet; the USGA says only that expected score "does not come into play until" 54 holes are
 * posted. We take the index that reproduces itself: scaling each held nine with that index's
 * expected score and applying Rules 5.2 and 5.3 gives the same index back. Starting from 54.0, each
 * pass can only lower it (Rule 5.2 moves by at most 0.52 of the index), so it settles on the highest
 * such index: the one that errs toward more strokes for a beginner, not fewer.
 */
function resolveHeldNines(entries: readonly Entry[]): void {
  const differentialWith = (entry: Entry, index: number) => {
    if (!entry.heldNine) return counted(entry);
    const scaled = scaledUpNine(entry.heldNine, index);
    return roundHalfUp(scaled.numerator, scaled.denominator);
  };
  const indexWith = (index: number) =>
    withinMaximum(averageOfLowestTenths(entries.map((entry) => differentialWith(entry, index)))!);
  let index = MAXIMUM_INDEX_TENTHS;
  for (let next = indexWith(index); next !== index; next = indexWith(index)) index = next;
  for (const entry of entries) {
    entry.differentialTenths = differentialWith(entry, index);
    entry.heldNine = null;
  }
}

/** Rule 5.7 (with Interpretation 5.7/1): the lowest index revised within 365 days up to `lastScoreDay`. */
function lowIndexTenths(revisions: readonly DayRevision[], lastScoreDay: number): number | null {
  let low: number | null = null;
  for (let i = revisions.length - 1; i >= 0 && revisions[i]!.day >= lastScoreDay - LOW_INDEX_DAYS; i--) {
    low = low === null ? revisions[i]!.tenths : Math.min(low, revisions[i]!.tenths);
  }
  return low;
}

/** The differentials that make the current index: the lowest of the most recent 20, the newer first on a tie. */
function markUsed(entries: readonly Entry[]): Set<Entry> {
  const recent = entries.slice(-RECENT_SCORES).filter((entry) => entry.differentialTenths !== null);
  const rule = differentialsToAverage(recent.length);
  if (!rule) return new Set();
  const byValue = recent
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => counted(a.entry) - counted(b.entry) || b.i - a.i);
  return new Set(byValue.slice(0, rule.lowest).map(({ entry }) => entry));
}

function scoreRounds(rounds: readonly RecordedRound[]): { entries: Entry[]; revisions: DayRevision[] } {
  const ordered = rounds
    .map((round, i) => ({ round, i, day: dayNumber(round.date, `rounds.${i}.date`) }))
    .sort((a, b) => a.day - b.day || a.i - b.i);
  // A member plays the same few tees again and again: each is checked once per record.
  const layouts = new Map<RatedTee, Map<HolesPlayed, PlayedLayout>>();
  const layoutOf = ({ tee, holesPlayed }: RecordedRound) => {
    const ofTee = layouts.get(tee) ?? layouts.set(tee, new Map()).get(tee)!;
    return ofTee.get(holesPlayed) ?? ofTee.set(holesPlayed, playedLayout(tee, holesPlayed)).get(holesPlayed)!;
  };
  const entries: Entry[] = [];
  const revisions: DayRevision[] = [];
  let indexTenths: number | null = null;
  let holes = 0;
  for (let next = 0; next < ordered.length; ) {
    const { day, round: firstOfDay } = ordered[next]!;
    const lastScoreDay = entries.at(-1)?.day ?? null;
    for (; ordered[next]?.day === day; next++) {
      const { round, i } = ordered[next]!;
      const entry = withRoundField(i, () => scoreRound(round, layoutOf(round), day, indexTenths));
      entries.push(entry);
      holes += entry.holeCount;
      // Rule 5.9: the reduction goes onto each of the most recent 20 differentials, this one among them.
      if (entry.exceptionalTenths) {
        for (const recent of entries.slice(-RECENT_SCORES))
          recent.adjustmentTenths += entry.exceptionalTenths;
      }
    }
    if (indexTenths === null) {
      if (holes < HOLES_FOR_AN_INDEX) continue;
      resolveHeldNines(entries);
    }
    const calculatedTenths = averageOfLowestTenths(entries.slice(-RECENT_SCORES).map(counted))!;
    const lowTenths =
      entries.length >= RECENT_SCORES && lastScoreDay !== null
        ? lowIndexTenths(revisions, lastScoreDay)
        : null;
    const { tenths, cap } = capTenths(calculatedTenths, lowTenths);
    indexTenths = withinMaximum(tenths);
    revisions.push({ day, date: firstOfDay.date, tenths: indexTenths, calculatedTenths, lowTenths, cap });
  }
  return { entries, revisions };
}

/** A refusal from deep in one round, named by that round's place in the list given. */
function withRoundField<T>(i: number, score: () => T): T {
  try {
    return score();
  } catch (error) {
    if (error instanceof HandicapInputError)
      throw new HandicapInputError(error.reason, `rounds.${i}.${error.field}`);
    throw error;
  }
}

const strokesOrNull = (tenths: number | null) => (tenths === null ? null : fromTenths(tenths));

/**
 * Works through every round, oldest first (rounds of one day in the order given), and returns each
 * round's adjusted gross score and differential, and the index revised after each day played.
 */
export function handicapRecord(rounds: readonly RecordedRound[]): HandicapRecord {
  const { entries, revisions } = scoreRounds(rounds);
  const used = markUsed(entries);
  const last = revisions.at(-1);
  return {
    rounds: entries.map((entry) => ({
      id: entry.round.id,
      date: entry.round.date,
      holesPlayed: entry.round.holesPlayed,
      indexInEffect: strokesOrNull(entry.indexInEffectTenths),
      adjustedGrossScore: entry.adjusted,
      holes: entry.holes,
      differential: strokesOrNull(entry.differentialTenths),
      exceptionalReduction: fromTenths(entry.exceptionalTenths),
      adjustment: fromTenths(entry.adjustmentTenths),
      usedInIndex: used.has(entry),
    })),
    revisions: revisions.map((revision) => ({
      date: revision.date,
      index: fromTenths(revision.tenths),
      calculated: fromTenths(revision.calculatedTenths),
      lowIndex: strokesOrNull(revision.lowTenths),
      cap: revision.cap,
    })),
    index: strokesOrNull(last?.tenths ?? null),
    lowIndex: strokesOrNull(last?.lowTenths ?? null),
  };
}

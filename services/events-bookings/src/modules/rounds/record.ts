import {
  HandicapInputError,
  type HandicapRecord,
  handicapRecord,
  type RatedTee,
  type RecordedRound,
  ratedTeeOf,
} from '@linksmate/proto';
import type { HandicapRow, RoundFigures, RoundRow } from './repository';

// The WHS record of a person's stored rounds (proto's handicapRecord over the rows).

/**
 * Rated tees by what the round copied: a player's rounds are on a few tees, and the handicap rules
 * check each tee once per record when it is the same object.
 */
export class RatedTees {
  private readonly tees = new Map<string, RatedTee>();

  of(row: Pick<RoundRow, 'teeId' | 'courseRating' | 'slopeRating' | 'teeHoles'>): RatedTee {
    const key = `${row.teeId}|${row.courseRating}|${row.slopeRating}|${JSON.stringify(row.teeHoles)}`;
    let tee = this.tees.get(key);
    if (!tee) {
      tee = ratedTeeOf({
        course_rating: row.courseRating,
        slope_rating: row.slopeRating,
        holes: row.teeHoles,
      });
      this.tees.set(key, tee);
    }
    return tee;
  }
}

/** A stored round as the handicap rules read it. */
export function recordedRound(row: RoundRow, tees: RatedTees = new RatedTees()): RecordedRound {
  return {
    id: String(row.id),
    date: row.playedOn,
    holesPlayed: row.holesPlayed,
    tee: tees.of(row),
    ...(row.strokes ? { strokes: row.strokes } : { total: row.total ?? undefined }),
    pcc: row.pcc,
  };
}

/**
 * A person's handicap record over their counting rounds (oldest first): the record, the rounds whose
 * stored figures it changes, and the handicap row it gives.
 */
export function handicapOfRounds(
  userId: number,
  rows: RoundRow[],
  now: Date,
): { record: HandicapRecord; changed: RoundFigures[]; handicap: HandicapRow } {
  const record = scoreRows(rows);
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const changed: RoundFigures[] = [];
  for (const scored of record.rounds) {
    const row = byId.get(scored.id)!;
    const figures = {
      id: row.id,
      adjustedGrossScore: scored.adjustedGrossScore,
      differential: scored.differential,
      indexInEffect: scored.indexInEffect,
      usedInIndex: scored.usedInIndex,
    };
    if (
      row.adjustedGrossScore !== figures.adjustedGrossScore ||
      row.differential !== figures.differential ||
      row.indexInEffect !== figures.indexInEffect ||
      row.usedInIndex !== figures.usedInIndex
    )
      changed.push(figures);
  }
  const last = record.revisions.at(-1);
  return {
    record,
    changed,
    handicap: {
      userId,
      handicapIndex: record.index,
      lowIndex: record.lowIndex,
      cap: last?.cap ?? null,
      roundsCounted: rows.length,
      holesCounted: rows.reduce((sum, row) => sum + (row.holesPlayed === 'all' ? 18 : 9), 0),
      history: record.revisions.map((revision) => ({ date: revision.date, index: revision.index })),
      updatedAt: now,
    },
  };
}

/** A refusal of the handicap rules that came from one stored (or candidate, id 0) round. */
export class RoundRefused extends Error {
  constructor(
    readonly roundId: number,
    /** The field within that round: `total`, `strokes.3`, `tee.front.courseRating`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RoundRefused';
  }
}

/** The WHS record of rows in the order played; a refusal names the row it came from (RoundRefused). */
export function scoreRows(rows: readonly RoundRow[]): HandicapRecord {
  const tees = new RatedTees();
  try {
    return handicapRecord(rows.map((row) => recordedRound(row, tees)));
  } catch (err) {
    const match = err instanceof HandicapInputError ? /^rounds\.(\d+)\.(.+)$/.exec(err.field) : null;
    if (!match) throw err;
    throw new RoundRefused(rows[Number(match[1])]!.id, match[2]!, (err as Error).message);
  }
}

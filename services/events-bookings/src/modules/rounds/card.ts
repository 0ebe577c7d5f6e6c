import type { FieldErrors } from '@linksmate/platform';
import { type InternalTeeReply, ROUND_MESSAGES, type RoundSummary, type RoundTee } from '@linksmate/proto';
import type { NewRound, RoundRow } from './repository';

// A round's card as the rules and the replies read it.

/** A card as the handicap rules take it: strokes hole by hole, a total, or nothing entered. */
export interface Card {
  strokes: number[] | null;
  total: number | null;
}

export function cardOf(body: {
  holes?: Array<{ strokes: number | null }> | null;
  total?: number | null;
}): Card {
  if (body.holes) return { strokes: body.holes.map((hole) => hole.strokes!), total: null };
  if (body.total !== undefined && body.total !== null) return { strokes: null, total: body.total };
  return { strokes: null, total: null };
}

export const hasCard = (row: Pick<RoundRow, 'strokes' | 'total'>) =>
  row.strokes !== null || row.total !== null;

export const grossOf = (row: Pick<RoundRow, 'strokes' | 'total'>) =>
  row.strokes ? row.strokes.reduce((sum, strokes) => sum + strokes, 0) : row.total;

/** What a round's card and tee are before it is stored: the columns of a new row. */
export type RoundDraft = Omit<
  NewRound,
  'userId' | 'recordedByUserId' | 'status' | 'attested' | 'originRoundId'
>;

/** The venue, course and tee a round copies at entry from venues-coaches' tee (docs/product.md#rounds). */
export const teeColumns = (tee: InternalTeeReply, venueName: string) => ({
  venueId: tee.venue_id,
  venueName,
  courseId: tee.course.id,
  courseName: tee.course.name,
  teeId: tee.tee.id,
  teeName: tee.tee.name,
  teeGender: tee.tee.gender,
  courseRating: tee.tee.course_rating,
  slopeRating: tee.tee.slope_rating,
  teeHoles: tee.tee.holes.map(({ number, par, stroke_index }) => ({ number, par, stroke_index })),
});

export const teeOfRow = (row: RoundRow): RoundTee => ({
  course_rating: row.courseRating,
  slope_rating: row.slopeRating,
  holes: row.teeHoles,
});

/** A card's refusal as the round's field errors, under `prefix` (a partner's card). */
export function cardRefusal(
  { field, message }: { field: string; message: string },
  prefix: string,
): FieldErrors {
  if (field.startsWith('tee')) return { tee_id: ROUND_MESSAGES.teeNotRated };
  if (field === 'total') return { [`${prefix}total`]: ROUND_MESSAGES.totalTooHigh };
  if (field === 'pcc') return { pcc: ROUND_MESSAGES.pccRange };
  return { [`${prefix}holes`]: message };
}

/** A round as its list shows it. */
export function summaryOf(row: RoundRow, recorderName: string): RoundSummary {
  return {
    id: row.id,
    venue_id: row.venueId,
    venue_name: row.venueName,
    course_name: row.courseName,
    tee_name: row.teeName,
    tee_gender: row.teeGender as RoundSummary['tee_gender'],
    played_on: row.playedOn,
    holes_played: row.holesPlayed,
    status: row.status,
    attested: row.attested,
    has_card: hasCard(row),
    gross: grossOf(row),
    adjusted_gross_score: row.adjustedGrossScore,
    differential: row.differential,
    used_in_index: row.usedInIndex,
    recorded_by: { user_id: row.recordedByUserId, name: recorderName },
  };
}

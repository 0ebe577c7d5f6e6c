import { describe, expect, it } from 'vitest';
import { checkTee } from '../src/rules/handicap';
import {
  holesEntered,
  latestRoundDay,
  playedHoles,
  ROUND_MESSAGES,
  ratedTeeOf,
  roundErrors,
} from '../src/rules/rounds';

const card = (n: number, strokes = 5) => Array.from({ length: n }, () => ({ strokes }));
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];
const SI = [7, 3, 15, 11, 1, 13, 17, 5, 9, 8, 2, 16, 12, 4, 14, 18, 6, 10];
const tee18 = {
  course_rating: 71.3,
  slope_rating: 128,
  holes: PARS.map((par, i) => ({ number: i + 1, par, stroke_index: SI[i]! })),
};
const tee9 = {
  course_rating: 35.4,
  slope_rating: 120,
  holes: PARS.slice(0, 9).map((par, i) => ({
    number: i + 1,
    par,
    stroke_index: [4, 2, 8, 6, 1, 7, 9, 3, 5][i]!,
  })),
};

describe('rounds rules', () => {
  const today = '2026-11-28';
  const valid = { played_on: '2026-11-20', holes_played: 'all', holes: card(18) };

  it('when a round is whole, then it has no errors', () => {
    expect(roundErrors(valid, { today, recorderId: 1 })).toEqual({});
    expect(roundErrors({ ...valid, holes: null, total: 90, pcc: -1 }, { today })).toEqual({});
  });

  it('when the day is after today on the east coast, then it is in the future', () => {
    expect(roundErrors({ ...valid, played_on: '2026-11-29' }, { today }).played_on).toBe(
      ROUND_MESSAGES.dateInFuture,
    );
    expect(roundErrors({ ...valid, played_on: today }, { today })).toEqual({});
    // 20:00 UTC on the 27th is already the 28th in Sydney.
    expect(latestRoundDay(new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-28');
  });

  it('when a hole is outside 1–20, blank or the card is short, then the hole or the card says so', () => {
    const holes = card(18);
    holes[0] = { strokes: 0 };
    holes[17] = { strokes: 21 };
    expect(roundErrors({ ...valid, holes }, { today })).toEqual({
      'holes.0.strokes': ROUND_MESSAGES.strokesRange,
      'holes.17.strokes': ROUND_MESSAGES.strokesRange,
    });
    expect(roundErrors({ ...valid, holes_played: 'front' }, { today }).holes).toBe(
      ROUND_MESSAGES.holeCount(9),
    );
  });

  it('when a partner is the recorder or repeated, then their field says so', () => {
    const errors = roundErrors(
      { ...valid, partners: [{ user_id: 1 }, { user_id: 2 }, { user_id: 2 }] },
      { today, recorderId: 1 },
    );
    expect(errors).toEqual({
      'partners.0.user_id': ROUND_MESSAGES.partnerSelf,
      'partners.2.user_id': ROUND_MESSAGES.partnerRepeated,
    });
  });

  it('when an 18-hole tee is rated, then its nines take half the rating and the slope', () => {
    const rated = ratedTeeOf(tee18);
    expect(() => checkTee(rated)).not.toThrow();
    expect(rated.front).toEqual({ courseRating: 35.7, slopeRating: 128 });
    expect(playedHoles(tee18, 'back').map((h) => h.number)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(holesEntered('back')).toBe(9);
  });

  it('when a 9-hole course is played twice round, then the first pass takes the odd indexes and the second the even', () => {
    const rated = ratedTeeOf(tee9);
    expect(() => checkTee(rated)).not.toThrow();
    expect(rated.courseRating).toBe(70.8);
    const holes = playedHoles(tee9, 'all');
    expect(holes.map((h) => h.stroke_index)).toEqual([
      7, 3, 15, 11, 1, 13, 17, 5, 9, 8, 4, 16, 12, 2, 14, 18, 6, 10,
    ]);
    expect(
      roundErrors({ ...valid, holes_played: 'back', holes: card(9) }, { today, courseHoles: 9 }),
    ).toEqual({
      holes_played: ROUND_MESSAGES.backNineOfNine,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkTee,
  courseHandicap,
  HANDICAP_ALLOWANCES,
  parOf,
  playingHandicap,
  strokesReceived,
} from '../src/rules/handicap';
import { aTee, refusalOf, STROKE_INDEXES } from './handicap-fixtures';

describe('tees: the limits golfers know', () => {
  it('when a tee is sound, then it passes and its par is the sum of its holes (72, 36 a nine)', () => {
    expect(() => checkTee(aTee())).not.toThrow();
    expect(parOf(aTee())).toBe(72);
    expect(parOf(aTee(), 'front')).toBe(36);
    expect(parOf(aTee(), 'back')).toBe(36);
  });

  it('when a slope rating is outside 55–155 or not whole, then the tee is refused for its slope', () => {
    for (const slopeRating of [54, 156, 120.5]) {
      expect(refusalOf(() => checkTee(aTee({ slopeRating })))).toEqual(['slopeRating', 'tee.slopeRating']);
    }
    expect(() => checkTee(aTee({ slopeRating: 55 }))).not.toThrow();
    expect(() => checkTee(aTee({ slopeRating: 155 }))).not.toThrow();
    expect(refusalOf(() => checkTee(aTee({ front: { courseRating: 35.8, slopeRating: 160 } })))).toEqual([
      'slopeRating',
      'tee.front.slopeRating',
    ]);
  });

  it('when a course rating is more than 20 from par (10 over a nine), then it is refused, and 20 itself is allowed', () => {
    expect(refusalOf(() => checkTee(aTee({ courseRating: 92.1 })))?.[0]).toBe('courseRatingFarFromPar');
    expect(refusalOf(() => checkTee(aTee({ courseRating: 51.9 })))?.[0]).toBe('courseRatingFarFromPar');
    expect(() => checkTee(aTee({ courseRating: 92 }))).not.toThrow();
    expect(refusalOf(() => checkTee(aTee({ back: { courseRating: 46.1, slopeRating: 120 } })))).toEqual([
      'courseRatingFarFromPar',
      'tee.back.courseRating',
    ]);
  });

  it('when a course rating has two decimals, then it is refused rather than rounded', () => {
    expect(refusalOf(() => checkTee(aTee({ courseRating: 71.45 })))?.[0]).toBe('courseRatingDecimals');
  });

  it('when a tee has 17 holes, a par of 7, or a stroke index twice, then each is refused by name', () => {
    const tee = aTee();
    expect(refusalOf(() => checkTee({ ...tee, holes: tee.holes.slice(1) }))?.[0]).toBe('holeCount');
    const parSeven = tee.holes.map((hole, i) => (i === 4 ? { ...hole, par: 7 } : hole));
    expect(refusalOf(() => checkTee({ ...tee, holes: parSeven }))).toEqual(['holePar', 'tee.holes.4.par']);
    const twice = tee.holes.map((hole, i) => (i === 9 ? { ...hole, strokeIndex: 7 } : hole));
    expect(refusalOf(() => checkTee({ ...tee, holes: twice }))).toEqual([
      'strokeIndexes',
      'tee.holes.9.strokeIndex',
    ]);
    const nineteen = tee.holes.map((hole, i) => (i === 0 ? { ...hole, strokeIndex: 19 } : hole));
    expect(refusalOf(() => checkTee({ ...tee, holes: nineteen }))?.[0]).toBe('strokeIndexes');
  });
});

describe('Course Handicap (Rule 6.1)', () => {
  it('when the tee is of standard difficulty, then the index rounds to the Course Handicap (Dean Knuth, Golf Digest: 15.2 at slope 127 → 17)', () => {
    expect(courseHandicap(15.2, aTee({ courseRating: 72, slopeRating: 127 }))).toBe(17);
  });

  it('when the course rating differs from par, then the difference is added: index × slope ÷ 113 + (rating − par)', () => {
    // 10.0 × 121 ÷ 113 + (70.0 − 72) = 8.71 → 9.
    expect(courseHandicap(10, aTee({ courseRating: 70, slopeRating: 121 }))).toBe(9);
    // 18.0 × 135 ÷ 113 + (73.1 − 72) = 22.60 → 23.
    expect(courseHandicap(18, aTee({ courseRating: 73.1, slopeRating: 135 }))).toBe(23);
  });

  it('when a 9-hole Course Handicap is asked for, then half the index is rounded to a tenth first (USGA Rule 6 guidance: 8.7 at 35.3 / 121, par 36 → 4)', () => {
    const tee = aTee({ front: { courseRating: 35.3, slopeRating: 121 } });
    expect(courseHandicap(8.7, tee, 'front')).toBe(4);
  });

  it('when a Course Handicap lands on a half, then it rounds upward, and a plus one toward zero (-2.5 → -2)', () => {
    // 0.0 × 113 ÷ 113 + (74.5 − 72) = 2.5 → 3; and 69.5 − 72 = -2.5 → -2.
    expect(courseHandicap(0, aTee({ courseRating: 74.5, slopeRating: 113 }))).toBe(3);
    expect(courseHandicap(0, aTee({ courseRating: 69.5, slopeRating: 113 }))).toBe(-2);
  });

  it('when an index is outside +10.0 to 54.0 or has two decimals, then it is refused by name', () => {
    expect(refusalOf(() => courseHandicap(54.1, aTee()))?.[0]).toBe('indexOutOfRange');
    expect(refusalOf(() => courseHandicap(-10.1, aTee()))?.[0]).toBe('indexOutOfRange');
    expect(refusalOf(() => courseHandicap(12.34, aTee()))?.[0]).toBe('indexDecimals');
    expect(courseHandicap(54, aTee({ courseRating: 72, slopeRating: 113 }))).toBe(54);
  });

  it('when a nine has no rating of its own, then a 9-hole Course Handicap is refused', () => {
    expect(refusalOf(() => courseHandicap(10, aTee({ back: undefined }), 'back'))).toEqual([
      'nineNotRated',
      'tee.back',
    ]);
  });
});

describe('Playing Handicap (Rule 6.2, Appendix C)', () => {
  it('when individual stroke play or Stableford is played, then the allowance is 95% of the unrounded Course Handicap', () => {
    expect(HANDICAP_ALLOWANCES.individualStrokePlay).toBe(95);
    expect(HANDICAP_ALLOWANCES.individualStableford).toBe(95);
    // 20.4 × 128 ÷ 113 + (71.4 − 72) = 22.508… (Course Handicap 23); × 95% = 21.38 → 21.
    expect(courseHandicap(20.4, aTee())).toBe(23);
    expect(playingHandicap(20.4, aTee())).toBe(21);
    expect(playingHandicap(20.4, aTee(), 'all', HANDICAP_ALLOWANCES.individualMatchPlay)).toBe(23);
  });

  it('when the allowance is applied, then it is to the unrounded Course Handicap, not the rounded one', () => {
    // Unrounded 11.4 (Course Handicap 11): 85% of 11.4 = 9.69 → 10, where 85% of 11 = 9.35 → 9.
    const tee = aTee({ courseRating: 72, slopeRating: 113 });
    expect(playingHandicap(11.4, tee, 'all', HANDICAP_ALLOWANCES.fourBallStrokePlay)).toBe(10);
  });

  it('when a plus Course Handicap gets an allowance, then it moves toward zero, rounding included', () => {
    // -2.5 × 95% = -2.375 → -2.
    expect(playingHandicap(0, aTee({ courseRating: 69.5, slopeRating: 113 }))).toBe(-2);
  });

  it('when an allowance is not a whole percentage from 1 to 100, then it is refused', () => {
    for (const allowance of [0, 101, 92.5]) {
      expect(refusalOf(() => playingHandicap(10, aTee(), 'all', allowance))?.[0]).toBe('allowance');
    }
  });
});

describe('where handicap strokes fall (Appendix E)', () => {
  const strokesOn = (handicap: number, strokeIndex: number, indexes = STROKE_INDEXES) =>
    strokesReceived(handicap, indexes)[indexes.indexOf(strokeIndex)];

  it('when a Course Handicap is 15, then stroke indexes 1–15 receive a stroke and 16–18 none', () => {
    const received = strokesReceived(15, STROKE_INDEXES);
    expect(received.reduce((sum, strokes) => sum + strokes, 0)).toBe(15);
    expect(strokesOn(15, 15)).toBe(1);
    expect(strokesOn(15, 16)).toBe(0);
  });

  it('when a handicap is above 18 or 36, then stroke index 1 comes round again as 19 and 37', () => {
    expect(strokesOn(20, 1)).toBe(2);
    expect(strokesOn(20, 2)).toBe(2);
    expect(strokesOn(20, 3)).toBe(1);
    expect(strokesOn(40, 4)).toBe(3);
    expect(strokesOn(40, 5)).toBe(2);
    expect(strokesReceived(40, STROKE_INDEXES).reduce((sum, strokes) => sum + strokes, 0)).toBe(40);
  });

  it('when a plus handicap of 2 is played, then strokes are given back at stroke indexes 18 and 17 (Appendix C)', () => {
    expect(strokesOn(-2, 18)).toBe(-1);
    expect(strokesOn(-2, 17)).toBe(-1);
    expect(strokesOn(-2, 16)).toBe(0);
    expect(strokesReceived(-2, STROKE_INDEXES).filter((strokes) => strokes !== 0)).toHaveLength(2);
  });

  it('when nine holes are played, then strokes go in ascending order of their 18-hole indexes, and back from the highest', () => {
    const front = STROKE_INDEXES.slice(0, 9); // 7, 3, 15, 11, 1, 9, 17, 5, 13
    expect(strokesReceived(3, front)).toEqual([0, 1, 0, 0, 1, 0, 0, 1, 0]);
    expect(strokesReceived(-1, front)).toEqual([0, 0, 0, 0, 0, 0, -1, 0, 0]);
    expect(strokesReceived(10, front)).toEqual([1, 1, 1, 1, 2, 1, 1, 1, 1]);
  });
});

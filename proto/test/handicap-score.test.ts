import { describe, expect, it } from 'vitest';
import {
  adjustedGrossScore,
  expectedNineHoleDifferential,
  maximumHoleScore,
  scoreDifferential,
  strokesReceived,
} from '../src/rules/handicap';
import { roundHalfUp } from '../src/rules/handicap/tenths';
import { aTee, PARS, refusalOf, STROKE_INDEXES } from './handicap-fixtures';

describe('the maximum hole score (Rule 3.1)', () => {
  it('when a player has no index yet, then no hole counts for more than par + 5 (Rule 3.1a)', () => {
    expect(maximumHoleScore(4, null)).toBe(9);
    expect(maximumHoleScore(3, null)).toBe(8);
  });

  it('when a Course Handicap of 15 plays a par 4 of stroke index 10, then the most it counts for is 7 (USGA FAQ: double bogey 6 + 1 stroke)', () => {
    const received = strokesReceived(15, STROKE_INDEXES)[STROKE_INDEXES.indexOf(10)]!;
    expect(maximumHoleScore(4, received)).toBe(7);
    expect(maximumHoleScore(4, 0)).toBe(6);
  });

  it('when a plus handicap gives a stroke back on a hole, then net double bogey there is par + 1', () => {
    expect(maximumHoleScore(4, -1)).toBe(5);
  });

  it('when a Course Handicap over 54 gives 4 or more strokes on a hole, then the maximum is par + 5, not more', () => {
    // 54.0 at slope 155, rating 74.0: 54 × 155 ÷ 113 + 2 = 76.07 → 76, so 4 or 5 strokes a hole.
    const tee = aTee({ courseRating: 74, slopeRating: 155 });
    const { holes } = adjustedGrossScore(tee, 'all', Array(18).fill(20), 54);
    expect(holes.map((hole) => hole.maximum)).toEqual(PARS.map((par) => par + 5));
  });

  it('when a card is adjusted, then each hole counts for the lower of its strokes and its maximum, and the total is theirs', () => {
    // Course Handicap 0 on a par 72 rated 72.0 / 113: every maximum is a double bogey.
    const tee = aTee({ courseRating: 72, slopeRating: 113 });
    const strokes = PARS.map((par, i) => (i === 0 ? par + 5 : i === 1 ? par + 2 : par));
    const { total, holes } = adjustedGrossScore(tee, 'all', strokes, 0);
    expect(holes[0]).toEqual({ strokes: 9, maximum: 6, adjusted: 6 });
    expect(holes[1]).toEqual({ strokes: 6, maximum: 6, adjusted: 6 });
    expect(total).toBe(72 + 2 + 2);
  });

  it('when a card has a hole under 1 or over 20 strokes, or the wrong number of holes, then it is refused by name', () => {
    const tee = aTee();
    expect(refusalOf(() => adjustedGrossScore(tee, 'all', [...Array(17).fill(4), 0], 10))).toEqual([
      'holeStrokes',
      'strokes.17',
    ]);
    expect(refusalOf(() => adjustedGrossScore(tee, 'all', [21, ...Array(17).fill(4)], 10))).toEqual([
      'holeStrokes',
      'strokes.0',
    ]);
    expect(refusalOf(() => adjustedGrossScore(tee, 'all', Array(9).fill(4), 10))?.[0]).toBe('holeScoreCount');
    expect(refusalOf(() => adjustedGrossScore(tee, 'front', Array(18).fill(4), 10))?.[0]).toBe(
      'holeScoreCount',
    );
  });
});

describe('the Score Differential (Rule 5.1)', () => {
  const eighteen = (adjustedGrossScore: number, courseRating: number, slopeRating: number, pcc = 0) =>
    scoreDifferential({
      adjustedGrossScore,
      tee: aTee({ courseRating, slopeRating }),
      holesPlayed: 'all',
      pcc,
      indexInEffect: null,
    })!.value;

  it('when 94 is scored on a course rated 73.0 / 125, then the differential is 113 ÷ 125 × 21 = 18.98 → 19.0 (Pecan Grove WGA, WHS 2020)', () => {
    expect(eighteen(94, 73, 125)).toBe(19);
  });

  it('when 95 is scored at 71.5 / 125, then it is 21.2, and 69 there is -2.3 (USGA Handicap System manual examples)', () => {
    expect(eighteen(95, 71.5, 125)).toBe(21.2);
    expect(eighteen(69, 71.5, 125)).toBe(-2.3);
  });

  it('when the day’s PCC is +3, then it comes off before the slope is applied: 90 at 70.0 / 130 is 17.4, or 14.8 with PCC 3 (Rule 5.6)', () => {
    expect(eighteen(90, 70, 130)).toBe(17.4);
    expect(eighteen(90, 70, 130, 3)).toBe(14.8);
    expect(eighteen(90, 70, 130, -1)).toBe(18.3);
  });

  it('when a PCC is outside -1 to +3 or not whole, then it is refused', () => {
    for (const pcc of [-2, 4, 0.5]) {
      expect(refusalOf(() => eighteen(90, 70, 130, pcc))).toEqual(['pcc', 'pcc']);
    }
  });

  it('when a differential is exactly half a tenth, then it rounds upward for either sign (Rule 5.1c: -1.55 → -1.5)', () => {
    // 6.5 over the rating at slope 130 is 113 ÷ 130 × 6.5 = 5.65 exactly; 6.5 under it is -5.65.
    expect(eighteen(79, 72.5, 130)).toBe(5.7);
    expect(eighteen(66, 72.5, 130)).toBe(-5.6);
    expect([roundHalfUp(-154, 10), roundHalfUp(-155, 10), roundHalfUp(-156, 10)]).toEqual([-15, -15, -16]);
  });

  it('when a differential is calculated, then its unrounded value is kept as an exact fraction of tenths', () => {
    const differential = scoreDifferential({
      adjustedGrossScore: 94,
      tee: aTee({ courseRating: 73, slopeRating: 125 }),
      holesPlayed: 'all',
      indexInEffect: null,
    })!;
    expect(differential.unroundedTenths).toEqual({ numerator: 113 * 210, denominator: 125 });
  });
});

describe('9-hole scores and the expected score (Rule 5.1b, 2024 edition)', () => {
  const front = (courseRating: number, slopeRating: number) => aTee({ front: { courseRating, slopeRating } });

  it('when an index is 14.0, then the expected 9-hole differential is 8.48, and a 9-hole differential of 7.2 makes 15.7 (USGA 2024 9-hole FAQ)', () => {
    expect(expectedNineHoleDifferential(14)).toBeCloseTo(8.48, 10);
    const differential = scoreDifferential({
      adjustedGrossScore: 41,
      tee: front(33.8, 113),
      holesPlayed: 'front',
      indexInEffect: 14,
    });
    expect(differential?.value).toBe(15.7);
  });

  it('when the German Golf Association’s 9-hole table is read, then 18 → 10.56, 24 → 13.68 and 36 → 19.92 (0.52 × index + 1.2)', () => {
    expect(expectedNineHoleDifferential(18)).toBeCloseTo(10.56, 10);
    expect(expectedNineHoleDifferential(24)).toBeCloseTo(13.68, 10);
    expect(expectedNineHoleDifferential(36)).toBeCloseTo(19.92, 10);
  });

  it('when a 9-hole score is made, then the nine’s own ratings and half the PCC are used, and it is rounded only once combined', () => {
    // (113 ÷ 126) × (44 − 35.8 − 1.0) = 6.457…; + 0.52 × 10.0 + 1.2 = 12.857… → 12.9.
    const differential = scoreDifferential({
      adjustedGrossScore: 44,
      tee: aTee(),
      holesPlayed: 'front',
      pcc: 2,
      indexInEffect: 10,
    });
    expect(differential?.value).toBe(12.9);
  });

  it('when a player with no index yet makes a 9-hole score, then it has no differential until the initial index exists', () => {
    expect(
      scoreDifferential({ adjustedGrossScore: 44, tee: aTee(), holesPlayed: 'back', indexInEffect: null }),
    ).toBeNull();
  });

  it('when a 9-hole score is made on a nine without its own rating, then it is refused', () => {
    expect(
      refusalOf(() =>
        scoreDifferential({
          adjustedGrossScore: 44,
          tee: aTee({ front: undefined }),
          holesPlayed: 'front',
          indexInEffect: 10,
        }),
      ),
    ).toEqual(['nineNotRated', 'tee.front']);
  });
});

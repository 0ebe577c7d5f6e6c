import { describe, expect, it } from 'vitest';
import { handicapRecord, type RecordedRound } from '../src/rules/handicap';
import {
  averageOfLowestTenths,
  capTenths,
  differentialsToAverage,
  exceptionalScoreReductionTenths,
} from '../src/rules/handicap/handicap-index';
import {
  aTee,
  dayAfter,
  refusalOf,
  roundsWithDifferentials,
  roundWithDifferential,
} from './handicap-fixtures';

const indexOf = (differentials: number[]) =>
  handicapRecord(roundsWithDifferentials(differentials, '2024-01-01')).index;

describe('the Handicap Index from the lowest differentials (Rule 5.2)', () => {
  it('when three scores give 15.3, 15.2 and 16.6, then the initial index is the lowest less 2.0: 13.2 (R&A Interpretation 5.2a)', () => {
    expect(indexOf([15.3, 15.2, 16.6])).toBe(13.2);
  });

  it('when 40.7, 42.4 and 36.1 are followed by 45.9, 43.6 and 45.0, then the index goes 34.1, then 37.4 after six (R&A Interpretation 5.2a)', () => {
    const record = handicapRecord(roundsWithDifferentials([40.7, 42.4, 36.1, 45.9, 43.6, 45], '2024-01-01'));
    expect(record.revisions[0]?.index).toBe(34.1);
    // Six scores: the average of the lowest two, (36.1 + 40.7) ÷ 2 = 38.4, less 1.0.
    expect(record.index).toBe(37.4);
  });

  it('when six and then twelve scores are in the record, then 21.1 and 20.3 (Danish Golf Union, handicap calculation for fewer than 20 scores)', () => {
    const twelve = [25.3, 26.4, 23.2, 20.9, 27.8, 30.5, 25.3, 20.4, 22.3, 19.8, 20.1, 26.3];
    expect(indexOf(twelve.slice(0, 6))).toBe(21.1);
    expect(indexOf(twelve)).toBe(20.3);
  });

  it('when the record holds 3 to 20 differentials, then the table of Rule 5.2a picks how many of the lowest count and the adjustment', () => {
    const table = [
      [3, 1, -20],
      [4, 1, -10],
      [5, 1, 0],
      [6, 2, -10],
      [7, 2, 0],
      [8, 2, 0],
      [9, 3, 0],
      [11, 3, 0],
      [12, 4, 0],
      [14, 4, 0],
      [15, 5, 0],
      [16, 5, 0],
      [17, 6, 0],
      [18, 6, 0],
      [19, 7, 0],
      [20, 8, 0],
    ];
    for (const [count, lowest, adjustmentTenths] of table) {
      expect(differentialsToAverage(count!), `${count} scores`).toEqual({ lowest, adjustmentTenths });
    }
    expect(differentialsToAverage(2)).toBeNull();
  });

  it('when more than 20 scores are in the record, then the lowest 8 of the most recent 20 make the index (Rule 5.2b)', () => {
    // Five old scores of 0.0 have left the most recent 20 (10.0, 11.0 … 29.0): the lowest 8 are 10.0 to 17.0.
    const recent = Array.from({ length: 20 }, (_, i) => 100 + 10 * i);
    expect(averageOfLowestTenths([0, 0, 0, 0, 0, ...recent])).toBe(135);
    expect(indexOf(Array.from({ length: 25 }, (_, i) => 10 + (i % 5)))).toBe(10.5);
  });

  it('when the average of the lowest is a half tenth, then it rounds upward before the adjustment', () => {
    // (20.9 + 23.2) ÷ 2 = 22.05 → 22.1, less 1.0 = 21.1.
    expect(averageOfLowestTenths([209, 232, 300, 300, 300, 300])).toBe(211);
  });

  it('when the calculation gives more than 54.0, then the index is 54.0 (Rule 5.3)', () => {
    const record = handicapRecord(roundsWithDifferentials([60, 61, 62, 63], '2024-01-01'));
    expect(record.revisions.map((revision) => revision.index)).toEqual([54, 54]);
    expect(record.revisions[0]?.calculated).toBe(58);
  });

  it('when fewer than 54 holes are in the record, then there is no index yet (Rule 4.5)', () => {
    const record = handicapRecord(roundsWithDifferentials([15, 16], '2024-01-01'));
    expect(record.index).toBeNull();
    expect(record.revisions).toEqual([]);
  });
});

describe('the caps on a rising index (Rule 5.8)', () => {
  it('when the average is 11.6 against a Low Handicap Index of 6.5, then the soft cap halves the rise past 3.0: 10.6 (USGA cap examples)', () => {
    expect(capTenths(116, 65)).toEqual({ tenths: 106, cap: 'soft' });
  });

  it('when the average is 18.2 against a Low of 10.2, then the soft cap gives 15.7 and the hard cap stops it at 15.2 (USGA cap examples)', () => {
    expect(capTenths(182, 102)).toEqual({ tenths: 152, cap: 'hard' });
  });

  it('when the average is 17.1 against a Low of 13.1, then half of the 1.0 past 3.0 is kept: 16.6 (Louisiana Golf Association)', () => {
    expect(capTenths(171, 131)).toEqual({ tenths: 166, cap: 'soft' });
  });

  it('when the rise is 3.0 or less, or the index falls, or there is no Low yet, then nothing is capped', () => {
    expect(capTenths(95, 65)).toEqual({ tenths: 95, cap: null });
    expect(capTenths(40, 65)).toEqual({ tenths: 40, cap: null });
    expect(capTenths(300, null)).toEqual({ tenths: 300, cap: null });
  });

  it('when a player with 20 scores at 10.0 then scores badly, then the index rises no more than 5.0 above the Low', () => {
    const good = roundsWithDifferentials(Array(20).fill(10), '2024-01-01');
    const bad = Array.from({ length: 20 }, (_, i) => roundWithDifferential(30, dayAfter('2024-03-01', i)));
    const record = handicapRecord([...good, ...bad]);
    // The revisions of 1–20 January: 8.0 (three scores, less 2.0), 9.0, 10.0, 9.0, then 10.0.
    expect(record.revisions.slice(0, 5).map((revision) => revision.index)).toEqual([8, 9, 10, 9, 10]);
    expect(record.lowIndex).toBe(8);
    expect(record.index).toBe(13);
    expect(record.revisions.at(-1)).toMatchObject({ calculated: 30, cap: 'hard' });
    const softOnly = record.revisions.find((revision) => revision.cap === 'soft');
    expect(softOnly).toBeDefined();
  });
});

describe('the Low Handicap Index (Rule 5.7)', () => {
  it('when the Low is more than a year before the new score but within a year of the last one, then it still counts (Interpretation 5.7/1), and after a break the current index becomes the Low (5.7/2)', () => {
    const rounds: RecordedRound[] = [
      ...roundsWithDifferentials(Array(20).fill(10), '2020-01-01'), // revisions 8.0 on 3 January 2020, then 9.0 and 10.0
      ...Array.from({ length: 20 }, (_, i) => roundWithDifferential(30, '2021-01-01', `a${i}`)),
      roundWithDifferential(30, '2021-04-01'),
      roundWithDifferential(30, '2022-07-01'),
      roundWithDifferential(30, '2022-08-01'),
    ];
    const revisions = handicapRecord(rounds).revisions.slice(-4);
    expect(revisions.map(({ date, lowIndex, index }) => ({ date, lowIndex, index }))).toEqual([
      // Against the 365 days up to 20 January 2020, the last day played before: Low 8.0, index 8.0 + 5.0.
      { date: '2021-01-01', lowIndex: 8, index: 13 },
      // The days up to 1 January 2021 still hold 3 January 2020, over a year before 1 April 2021.
      { date: '2021-04-01', lowIndex: 8, index: 13 },
      // Up to 1 April 2021: only 2021's revisions, 13.0.
      { date: '2022-07-01', lowIndex: 13, index: 18 },
      // Up to 1 July 2022: only that day's revision, the index itself.
      { date: '2022-08-01', lowIndex: 18, index: 23 },
    ]);
  });

  it('when fewer than 20 scores are in the record, then there is no Low and no cap', () => {
    const record = handicapRecord(
      roundsWithDifferentials([5, 5, 5, 30, 30, 30, 30, 30, 30, 30], '2024-01-01'),
    );
    expect(record.lowIndex).toBeNull();
    expect(record.revisions.every((revision) => revision.cap === null)).toBe(true);
  });
});

describe('an exceptional score (Rule 5.9)', () => {
  it('when a differential is 7.0 to 9.9 below the index in effect, then -1; 10.0 or more, -2; 6.9, nothing', () => {
    const tenths = (value: number) => ({ numerator: Math.round(value * 10), denominator: 1 });
    expect(exceptionalScoreReductionTenths(200, tenths(13))).toBe(-10);
    expect(exceptionalScoreReductionTenths(200, tenths(10.1))).toBe(-10);
    expect(exceptionalScoreReductionTenths(200, tenths(10))).toBe(-20);
    expect(exceptionalScoreReductionTenths(200, tenths(13.1))).toBe(0);
  });

  it('when the gap is measured, then it is to the unrounded differential: 13.04 (shown 13.0) is 6.96 below 20.0, not exceptional', () => {
    expect(exceptionalScoreReductionTenths(200, { numerator: 1304, denominator: 10 })).toBe(0);
    expect(exceptionalScoreReductionTenths(200, { numerator: 1300, denominator: 10 })).toBe(-10);
  });

  it('when an exceptional score is posted, then 2.0 comes off each of the 20 most recent differentials, and later scores do not carry it', () => {
    const steady = roundsWithDifferentials(Array(20).fill(20), '2024-01-01');
    const exceptional = roundWithDifferential(10, '2024-02-01', 'exceptional');
    const after = roundWithDifferential(20, '2024-02-02', 'after');
    const record = handicapRecord([...steady, exceptional, after]);
    const byId = new Map(record.rounds.map((round) => [round.id, round]));
    expect(byId.get('exceptional')).toMatchObject({
      indexInEffect: 20,
      differential: 10,
      exceptionalReduction: -2,
    });
    expect(byId.get('r0')?.adjustment).toBe(0); // older than the 20 most recent when it came
    expect(byId.get('r1')?.adjustment).toBe(-2);
    expect(byId.get('after')?.adjustment).toBe(0);
    // Lowest 8 of the 20 most recent: 10.0 − 2.0 and seven of 20.0 − 2.0 → (8.0 + 126.0) ÷ 8 = 16.75 → 16.8.
    expect(record.revisions.at(-2)?.index).toBe(16.8);
    expect(record.index).toBe(16.8);
  });

  it('when a player has no index yet, then no score is exceptional', () => {
    const record = handicapRecord(roundsWithDifferentials([40, 40, 5], '2024-01-01'));
    expect(record.rounds.every((round) => round.exceptionalReduction === 0)).toBe(true);
  });
});

describe('a scoring record worked through in date order', () => {
  it('when rounds are given out of order, then they are worked through by the day played, and each uses the index revised before its day (Rule 5.4)', () => {
    const rounds = roundsWithDifferentials([12, 14, 16, 8], '2024-05-01').reverse();
    const record = handicapRecord(rounds);
    expect(record.rounds.map((round) => round.date)).toEqual([
      '2024-05-01',
      '2024-05-02',
      '2024-05-03',
      '2024-05-04',
    ]);
    expect(record.rounds.map((round) => round.indexInEffect)).toEqual([null, null, null, 10]);
    // Four scores: the lowest, 8.0, less 1.0.
    expect(record.index).toBe(7);
  });

  it('when two rounds are played on one day, then both use the index from before that day, and the index is revised once', () => {
    const rounds = [
      ...roundsWithDifferentials([12, 14, 16], '2024-05-01'),
      roundWithDifferential(9, '2024-05-10', 'morning'),
      roundWithDifferential(11, '2024-05-10', 'afternoon'),
    ];
    const record = handicapRecord(rounds);
    expect(record.rounds.slice(-2).map((round) => round.indexInEffect)).toEqual([10, 10]);
    expect(record.revisions.map((revision) => revision.date)).toEqual(['2024-05-03', '2024-05-10']);
  });

  it('when the current index is worked out, then the differentials it used are marked', () => {
    const record = handicapRecord(roundsWithDifferentials([15, 12, 18, 11, 19, 14, 16], '2024-05-01'));
    // Seven scores: the lowest two, 11.0 and 12.0.
    expect(record.rounds.filter((round) => round.usedInIndex).map((round) => round.differential)).toEqual([
      12, 11,
    ]);
    expect(record.index).toBe(11.5);
  });

  it('when a round is hole by hole, then its card shows each hole’s net double bogey adjustment', () => {
    const tee = aTee({ courseRating: 72, slopeRating: 113 });
    const rounds: RecordedRound[] = [
      ...roundsWithDifferentials([0, 0, 0], '2024-05-01'),
      { id: 'card', date: '2024-06-01', holesPlayed: 'all', tee, strokes: [10, ...Array(17).fill(4)] },
    ];
    const card = handicapRecord(rounds).rounds.at(-1)!;
    // Index -2.0 in effect: Course Handicap -2, so the first hole (stroke index 7) counts for at most 6.
    expect(card.indexInEffect).toBe(-2);
    expect(card.holes?.[0]).toEqual({ strokes: 10, maximum: 6, adjusted: 6 });
    expect(card.adjustedGrossScore).toBe(6 + 17 * 4);
  });

  it('when a round gives strokes and a total, neither, a total beyond net double bogey, or a bad date, then it is refused and named by its place', () => {
    const tee = aTee();
    const base = { id: 'x', date: '2024-05-01', holesPlayed: 'all' as const, tee };
    const refused = (round: RecordedRound) =>
      refusalOf(() => handicapRecord([roundWithDifferential(10, '2024-01-01'), round]));
    expect(refused({ ...base, strokes: Array(18).fill(4), total: 72 })).toEqual([
      'scoreEntry',
      'rounds.1.strokes',
    ]);
    expect(refused(base)).toEqual(['scoreEntry', 'rounds.1.strokes']);
    // No index yet: at most par + 5 a hole, 72 + 90 = 162.
    expect(refused({ ...base, total: 163 })).toEqual(['totalOutOfRange', 'rounds.1.total']);
    expect(refused({ ...base, total: 17 })).toEqual(['totalOutOfRange', 'rounds.1.total']);
    expect(refused({ ...base, total: 162 })).toBeNull();
    expect(refused({ ...base, total: 80, date: '2024-02-30' })).toEqual(['date', 'rounds.1.date']);
    expect(refused({ ...base, total: 80, holesPlayed: 'middle' as 'all' })).toEqual([
      'holesPlayed',
      'rounds.1.holesPlayed',
    ]);
    expect(refused({ ...base, strokes: [...Array(17).fill(4), 21] })).toEqual([
      'holeStrokes',
      'rounds.1.strokes.17',
    ]);
    expect(refused({ ...base, tee: aTee({ slopeRating: 160 }), total: 80 })).toEqual([
      'slopeRating',
      'rounds.1.tee.slopeRating',
    ]);
  });
});

describe('9-hole scores in the record (Rule 5.1b, 2024 edition)', () => {
  it('when a player with an index of 14.0 posts a nine with a 9-hole differential of 7.2, then it counts at once as 15.7 (USGA 2024 9-hole FAQ)', () => {
    const settled = roundsWithDifferentials(Array(20).fill(14), '2024-01-01');
    const nine: RecordedRound = {
      id: 'nine',
      date: '2024-03-01',
      holesPlayed: 'front',
      tee: aTee({ front: { courseRating: 33.8, slopeRating: 113 } }),
      total: 41,
    };
    const scored = handicapRecord([...settled, nine]).rounds.at(-1);
    expect(scored).toMatchObject({ id: 'nine', indexInEffect: 14, differential: 15.7 });
  });

  it('when a new player’s first 54 holes include nines, then they wait, and the initial index is the one their expected scores reproduce', () => {
    const totals = [52, 55, 49, 58, 51, 54];
    const rounds: RecordedRound[] = totals.map((total, i) => ({
      id: `n${i}`,
      date: dayAfter('2024-03-01', i),
      holesPlayed: 'front',
      tee: aTee(),
      total,
    }));
    expect(handicapRecord(rounds.slice(0, 5)).rounds.every((round) => round.differential === null)).toBe(
      true,
    );
    const record = handicapRecord(rounds);
    // Front nine 35.8 / 126, expected score of 27.0 = 15.24: 49 → 11.84 + 15.24 = 27.1, 51 → 13.63 + 15.24 = 28.9,
    // and six scores average the lowest two less 1.0: (27.1 + 28.9) ÷ 2 − 1.0 = 27.0, the same index.
    expect(record.rounds.map((round) => round.differential)).toEqual([29.8, 32.5, 27.1, 35.1, 28.9, 31.6]);
    expect(record.index).toBe(27);
    expect(record.revisions).toHaveLength(1);
    expect(record.rounds.every((round) => round.indexInEffect === null)).toBe(true);
  });

  it('when 18 + 18 + 9 holes are in the record, then there is no index; the next nine makes 54 holes and one', () => {
    const eighteens = roundsWithDifferentials([20, 22], '2024-04-01');
    const nine = (date: string, total: number): RecordedRound => ({
      id: date,
      date,
      holesPlayed: 'back',
      tee: aTee(),
      total,
    });
    expect(handicapRecord([...eighteens, nine('2024-04-05', 50)]).index).toBeNull();
    const record = handicapRecord([...eighteens, nine('2024-04-05', 50), nine('2024-04-06', 48)]);
    expect(record.index).not.toBeNull();
    expect(record.rounds.every((round) => round.differential !== null)).toBe(true);
  });
});

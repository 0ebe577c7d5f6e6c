import { describe, expect, it } from 'vitest';
import { type ResultEntry, rankResults, scoreCard, stablefordPoints } from '../src/rules/handicap';
import { PARS, refusalOf, STROKE_INDEXES } from './handicap-fixtures';

/** A card on the fixture's par 72 whose strokes are par on every hole but those given. */
function entry(
  id: string,
  playingHandicap: number,
  changes: Record<number, number | null> = {},
): ResultEntry {
  const strokes = PARS.map((par, i) => (i + 1 in changes ? changes[i + 1]! : par));
  return { id, pars: PARS, strokeIndexes: STROKE_INDEXES, strokes, playingHandicap };
}

describe('Stableford points (Rules of Golf 21.1b)', () => {
  it('when a hole is played, then its net score earns 4 for an eagle, 3 a birdie, 2 par, 1 bogey, 0 for a double bogey or worse', () => {
    expect([2, 3, 4, 5, 6, 9].map((strokes) => stablefordPoints(4, strokes, 0))).toEqual([4, 3, 2, 1, 0, 0]);
    expect(stablefordPoints(4, 5, 1)).toBe(2); // a net par with a stroke received
    expect(stablefordPoints(4, 4, -1)).toBe(1); // a plus player's net bogey where a stroke is given back
  });

  it('when a player picks up, then the hole scores no points', () => {
    expect(stablefordPoints(5, null, 2)).toBe(0);
  });
});

describe('a card’s gross, net and points from the Playing Handicap', () => {
  it('when every hole is scored, then gross is the strokes, net is gross less the Playing Handicap, and points follow the strokes received', () => {
    // Par everywhere with 18 received: a stroke a hole, so 3 points a hole.
    const score = scoreCard(entry('a', 18));
    expect(score).toMatchObject({ gross: 72, net: 54, stableford: 54 });
    expect(score.received.every((strokes) => strokes === 1)).toBe(true);
  });

  it('when a hole has no score, then there is no gross or net (no return) but the points still count', () => {
    const score = scoreCard(entry('a', 0, { 5: null }));
    expect(score.gross).toBeNull();
    expect(score.net).toBeNull();
    expect(score.stableford).toBe(34);
  });

  it('when a plus handicap plays, then its net is above its gross', () => {
    expect(scoreCard(entry('plus', -2))).toMatchObject({ gross: 72, net: 74, stableford: 34 });
  });

  it('when a card has a hole over 20 strokes, the wrong holes, or a stroke index twice, then it is refused by name', () => {
    const reason = (card: ResultEntry) => refusalOf(() => scoreCard(card))?.[0];
    expect(reason(entry('a', 10, { 3: 21 }))).toBe('holeStrokes');
    expect(reason({ ...entry('a', 10), strokes: PARS.slice(1) })).toBe('holeScoreCount');
    expect(reason({ ...entry('a', 10), strokeIndexes: [1, ...STROKE_INDEXES.slice(1)] })).toBe(
      'strokeIndexes',
    );
    expect(reason({ ...entry('a', 10), pars: [7, ...PARS.slice(1)] })).toBe('holePar');
  });
});

describe('results ranked with countback on ties (last 9, 6, 3, 1)', () => {
  it('when totals differ, then fewest net strokes win and most points win', () => {
    const field = [entry('high', 20, { 1: 6, 2: 6 }), entry('low', 2, { 1: 3 })];
    expect(rankResults(field, 'net').map(({ id, position, total }) => ({ id, position, total }))).toEqual([
      { id: 'high', position: 1, total: 56 },
      { id: 'low', position: 2, total: 69 },
    ]);
    expect(rankResults(field, 'stableford').map(({ id }) => id)).toEqual(['high', 'low']);
    expect(rankResults(field, 'gross').map(({ id, total }) => [id, total])).toEqual([
      ['low', 71],
      ['high', 76],
    ]);
  });

  it('when net totals tie, then the last nine decides with half of each Playing Handicap', () => {
    // Both net 70, both 40 over the last nine: A (10) 40 − 5 = 35 there, B (12) 40 − 6 = 34, so B.
    const a = entry('A', 10, { 1: 5, 2: 5, 3: 4, 4: 6, 10: 5, 11: 4, 12: 6, 13: 5 });
    const b = entry('B', 12, { 1: 5, 2: 5, 3: 4, 4: 6, 5: 5, 6: 5, 10: 5, 11: 4, 12: 6, 13: 5 });
    expect(rankResults([a, b], 'net')).toEqual([
      { id: 'B', position: 1, total: 70, countback: null },
      { id: 'A', position: 2, total: 70, countback: 9 },
    ]);
  });

  it('when the last nine ties too, then the last six decides with a third of each handicap, fractions kept', () => {
    // Both net 65. Last nine: C (11) 37 − 5.5 = 31.5, D (9) 36 − 4.5 = 31.5, level.
    // Last six: C 25 − 3⅔ = 21⅓, D 24 − 3 = 21, so D.
    const c = entry('C', 11, { 1: 5, 2: 5, 3: 4, 18: 6 });
    const d = entry('D', 9, { 1: 5, 2: 5 });
    expect(rankResults([c, d], 'net')).toEqual([
      { id: 'D', position: 1, total: 65, countback: null },
      { id: 'C', position: 2, total: 65, countback: 6 },
    ]);
  });

  it('when Stableford points tie, then points over the last 9, 6, 3 and the 18th hole decide in turn', () => {
    // All on 36 points. E: a birdie on 18, a bogey on 1. F: a birdie on 17, a bogey on 1. G: a birdie on 13, a bogey on 1.
    const e = entry('E', 0, { 1: 5, 18: 4 });
    const f = entry('F', 0, { 1: 5, 17: 3 });
    const g = entry('G', 0, { 1: 5, 13: 3 });
    const h = entry('H', 0, { 1: 5, 9: 4 });
    const ranked = rankResults([h, g, f, e], 'stableford');
    expect(ranked.map(({ id, position, countback }) => [id, position, countback])).toEqual([
      ['E', 1, null],
      ['F', 2, 1],
      ['G', 3, 3],
      ['H', 4, 9],
    ]);
  });

  it('when players are level after the last hole, then they share the position and the next is placed after both', () => {
    const ranked = rankResults([entry('I', 0), entry('J', 0), entry('K', 0, { 1: 5 })], 'stableford');
    expect(ranked.map(({ id, position }) => [id, position])).toEqual([
      ['I', 1],
      ['J', 1],
      ['K', 3],
    ]);
  });

  it('when a 9-hole competition ties, then the last 6, 3 and 1 holes decide', () => {
    const nine = (id: string, strokes: number[]): ResultEntry => ({
      id,
      pars: PARS.slice(0, 9),
      strokeIndexes: STROKE_INDEXES.slice(0, 9),
      strokes,
      playingHandicap: 4,
    });
    // Both 36, and 25 over the last six; over the last three (7–9) early has 13 and late 11.
    const early = nine('early', [4, 4, 3, 4, 4, 4, 3, 5, 5]);
    const late = nine('late', [4, 4, 3, 6, 4, 4, 3, 3, 5]);
    expect(rankResults([early, late], 'gross').map(({ id, countback }) => [id, countback])).toEqual([
      ['late', null],
      ['early', 3],
    ]);
  });

  it('when a stroke-play card has a hole without a score, then it is unplaced after the others', () => {
    const ranked = rankResults([entry('NR', 10, { 4: null }), entry('L', 10)], 'net');
    expect(ranked).toEqual([
      { id: 'L', position: 1, total: 62, countback: null },
      { id: 'NR', position: null, total: null, countback: null },
    ]);
  });

  it('when a field mixes 9- and 18-hole cards, then it is refused', () => {
    const nineHoles: ResultEntry = {
      ...entry('n', 0),
      pars: PARS.slice(0, 9),
      strokeIndexes: STROKE_INDEXES.slice(0, 9),
      strokes: PARS.slice(0, 9),
    };
    expect(refusalOf(() => rankResults([entry('a', 0), nineHoles], 'gross'))).toEqual([
      'holeScoreCount',
      'entries',
    ]);
  });
});

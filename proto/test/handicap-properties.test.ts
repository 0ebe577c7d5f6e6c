import { describe, expect, it } from 'vitest';
import { type HolesPlayed, handicapRecord, type RatedTee, type RecordedRound } from '../src/rules/handicap';
import { dayAfter, PARS, STROKE_INDEXES } from './handicap-fixtures';

/** A small seeded generator (mulberry32), so every run checks the same histories and a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return { next, between };
}

type Generator = ReturnType<typeof generator>;

function randomTee(random: Generator): RatedTee {
  const rating = (par: number, spread: number) => (par * 10 + random.between(-spread, spread)) / 10;
  return {
    courseRating: rating(72, 60),
    slopeRating: random.between(95, 150),
    holes: PARS.map((par, i) => ({ par, strokeIndex: STROKE_INDEXES[i]! })),
    front: { courseRating: rating(36, 30), slopeRating: random.between(95, 150) },
    back: { courseRating: rating(36, 30), slopeRating: random.between(95, 150) },
  };
}

/** A golfer whose form drifts: hole scores around par plus their current form, with the odd disaster. */
function randomHistory(seed: number): RecordedRound[] {
  const random = generator(seed);
  const tees = [randomTee(random), randomTee(random), randomTee(random)];
  let form = random.between(0, 3);
  let date = '2022-01-01';
  return Array.from({ length: random.between(1, 70) }, (_, i) => {
    form = Math.max(0, Math.min(6, form + random.between(-1, 1)));
    date = dayAfter(date, random.between(0, 25));
    const holesPlayed: HolesPlayed = (['all', 'all', 'all', 'front', 'back'] as const)[random.between(0, 4)]!;
    const pars = holesPlayed === 'all' ? PARS : holesPlayed === 'front' ? PARS.slice(0, 9) : PARS.slice(9);
    const strokes = pars.map((par) =>
      random.next() < 0.03 ? random.between(10, 20) : Math.max(1, par + random.between(-1, form)),
    );
    const pcc = random.next() < 0.2 ? random.between(-1, 3) : 0;
    return { id: `s${seed}r${i}`, date, holesPlayed, tee: tees[random.between(0, 2)]!, strokes, pcc };
  });
}

const SEEDS = Array.from({ length: 150 }, (_, i) => i + 1);

describe('properties of the record over many made-up golfers', () => {
  it('when any history is worked through, then no index is ever above 54.0 or more than 5.0 above its Low Handicap Index', () => {
    const seen = { soft: 0, hard: 0, exceptional: 0, nines: 0 };
    for (const seed of SEEDS) {
      const record = handicapRecord(randomHistory(seed));
      for (const round of record.rounds) {
        if (round.exceptionalReduction) seen.exceptional++;
        if (round.holesPlayed !== 'all' && round.differential !== null) seen.nines++;
      }
      for (const revision of record.revisions) {
        if (revision.cap) seen[revision.cap]++;
        expect(revision.index, `seed ${seed} on ${revision.date}`).toBeLessThanOrEqual(54);
        if (revision.lowIndex !== null) {
          expect(revision.index - revision.lowIndex, `seed ${seed} on ${revision.date}`).toBeLessThanOrEqual(
            5 + 1e-9,
          );
        }
      }
    }
    // The made-up golfers do reach what the property is about: both caps, exceptional scores, nines.
    expect(Math.min(seen.soft, seen.hard, seen.exceptional, seen.nines)).toBeGreaterThan(10);
  });

  it('when more scores come, then once 20 are in the record the hard cap holds on every later revision', () => {
    for (const seed of SEEDS) {
      const { revisions, rounds } = handicapRecord(randomHistory(seed));
      if (rounds.length < 20) continue;
      const twentiethDay = rounds[19]!.date;
      for (const revision of revisions.filter((r) => r.date > twentiethDay)) {
        expect(revision.lowIndex, `seed ${seed} on ${revision.date}`).not.toBeNull();
      }
    }
  });

  it('when the same rounds come in another order, then the record is the same (only the days played order them)', () => {
    for (const seed of SEEDS.slice(0, 40)) {
      const history = randomHistory(seed);
      const onDistinctDays = history.filter((round, i) => history[i - 1]?.date !== round.date);
      const shuffled = [...onDistinctDays].sort((a, b) => (a.id < b.id ? 1 : -1));
      expect(handicapRecord(shuffled), `seed ${seed}`).toEqual(handicapRecord(onDistinctDays));
    }
  });

  it('when one hole of one round is played a stroke better, then the index never goes up', () => {
    for (const seed of SEEDS.slice(0, 60)) {
      const history = randomHistory(seed);
      const before = handicapRecord(history).index;
      const random = generator(seed * 7919);
      const which = random.between(0, history.length - 1);
      const strokes = [...history[which]!.strokes!];
      const hole = random.between(0, strokes.length - 1);
      if (strokes[hole]! === 1) continue;
      strokes[hole]! -= 1;
      const better = history.map((round, i) => (i === which ? { ...round, strokes } : round));
      const after = handicapRecord(better).index;
      if (before === null) continue;
      expect(after, `seed ${seed}, round ${which}, hole ${hole}`).not.toBeNull();
      expect(after!, `seed ${seed}, round ${which}, hole ${hole}`).toBeLessThanOrEqual(before);
    }
  });
});

import type { ImportRoundsBody } from '@linksmate/proto';
import { seededRandom } from './demo-media';

/**
 * The demo's season of rounds (docs/product.md#rounds): each demo golfer with a handicap on their
 * profile plays 12 to 20 rounds over the past six months, mostly at a home course, with scores a
 * player of that handicap makes (net par plus a few, a birdie now and then, the odd blow-up hole that
 * net double bogey takes down), so their LinksMate index lands near their profile's handicap. Drawn
 * from the person's username, so every run makes the same season.
 */

/** A tee as the demo plays it: its id, ratings and holes. */
export interface DemoTee {
  id: number;
  course_rating: number;
  slope_rating: number;
  par: number;
  holes: ReadonlyArray<{ par: number; stroke_index: number }>;
}

export interface DemoGolfer {
  userId: number;
  username: string;
  handicap: number;
}

export type DemoRound = ImportRoundsBody['rounds'][number];

const SEASON_DAYS = 180;

const dayBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Strokes over net par on one hole: mostly net par or a bogey more, sometimes a birdie, sometimes worse. */
function overNetPar(random: () => number): number {
  const r = random();
  if (r < 0.2) return -1;
  if (r < 0.7) return 0;
  if (r < 0.92) return 1;
  return 2;
}

/** A card for a player of `handicap` on `tee`: each hole par + strokes received + how the hole went. */
export function demoCard(handicap: number, tee: DemoTee, random: () => number): number[] {
  const courseHandicap = Math.max(
    0,
    Math.round((handicap * tee.slope_rating) / 113 + (tee.course_rating - tee.par)),
  );
  const blowUp = random() < 0.1 ? Math.floor(random() * tee.holes.length) : -1;
  return tee.holes.map((hole, i) => {
    const received = Math.floor(courseHandicap / 18) + (hole.stroke_index <= courseHandicap % 18 ? 1 : 0);
    const strokes = hole.par + received + (i === blowUp ? 4 : overNetPar(random));
    return Math.min(20, Math.max(2, strokes));
  });
}

/** One golfer's season, oldest first, on their home tee most days and the others now and then. */
export function demoSeason(golfer: DemoGolfer, tees: readonly DemoTee[], today: string): DemoRound[] {
  const random = seededRandom(`${golfer.username}:rounds`);
  const home = tees[Math.floor(random() * tees.length)]!;
  const count = 12 + Math.floor(random() * 9);
  const days = Array.from({ length: count }, () => 3 + Math.floor(random() * (SEASON_DAYS - 3))).sort(
    (a, b) => b - a,
  );
  return days.map((daysAgo) => {
    const tee = random() < 0.6 ? home : tees[Math.floor(random() * tees.length)]!;
    return {
      user_id: golfer.userId,
      tee_id: tee.id,
      played_on: dayBefore(today, daysAgo),
      holes_played: 'all' as const,
      strokes: demoCard(golfer.handicap, tee, random),
    };
  });
}

/**
 * The demo's rounds: every golfer's season, and for each pair of `waiting` one more round two days
 * ago, recorded by the first with the second's card, waiting for the second to confirm it.
 */
export function demoRounds(
  golfers: readonly DemoGolfer[],
  waiting: ReadonlyArray<readonly [DemoGolfer, DemoGolfer]>,
  tees: readonly DemoTee[],
  today: string,
): DemoRound[] {
  if (!tees.length) return [];
  const rounds = golfers.flatMap((golfer) => demoSeason(golfer, tees, today));
  for (const [recorder, partner] of waiting) {
    const random = seededRandom(`${recorder.username}:${partner.username}:together`);
    const tee = tees[Math.floor(random() * tees.length)]!;
    rounds.push({
      user_id: recorder.userId,
      tee_id: tee.id,
      played_on: dayBefore(today, 2),
      holes_played: 'all',
      strokes: demoCard(recorder.handicap, tee, random),
      partner: { user_id: partner.userId, strokes: demoCard(partner.handicap, tee, random) },
    });
  }
  return rounds;
}

import { handicapRecord, ImportRoundsBody, ratedTeeOf } from '@linksmate/proto';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { typicalCourses } from '../src/embedded/demo-courses';
import { type DemoTee, demoRounds } from '../src/embedded/demo-rounds';
import { DEMO_VENUES } from '../src/embedded/demo-venues/index';
import { DEMO_ACCOUNTS, DEMO_GOLFERS } from '../src/embedded/seed';

/** The men's tees of the demo's 18-hole typical courses, as venues-coaches would give them. */
const tees: DemoTee[] = DEMO_VENUES.flatMap((venue) => typicalCourses(venue))
  .filter((course) => course.holes === 18)
  .slice(0, 12)
  .map((course, i) => {
    const tee = course.tees.find((t) => t.gender === 'men')!;
    return {
      id: i + 1,
      par: tee.par!,
      course_rating: tee.course_rating!,
      slope_rating: tee.slope_rating!,
      holes: tee.holes.map((h) => ({ par: h.par!, stroke_index: h.stroke_index! })),
    };
  });

describe("the demo's season of rounds", () => {
  const people = [...DEMO_ACCOUNTS, ...DEMO_GOLFERS].filter((p) => typeof p.manual_handicap === 'number');
  const golfers = people.map((p, i) => ({
    userId: i + 1,
    username: p.username ?? p.email,
    handicap: p.manual_handicap!,
  }));
  const rounds = demoRounds(golfers, [[golfers[0]!, golfers[1]!]], tees, '2026-11-28');

  it('when the season is drawn, then it is a valid import, in the past six months, the same every time', () => {
    expect([...Value.Errors(ImportRoundsBody, { rounds })]).toEqual([]);
    expect(rounds.every((r) => r.played_on < '2026-11-28' && r.played_on >= '2026-05-31')).toBe(true);
    expect(demoRounds(golfers, [[golfers[0]!, golfers[1]!]], tees, '2026-11-28')).toEqual(rounds);
    expect(rounds.filter((r) => r.partner)).toHaveLength(1);
  });

  it("when each golfer's season is scored by the WHS rules, then their index lands near their profile's handicap", () => {
    for (const golfer of golfers) {
      const own = rounds.filter((r) => r.user_id === golfer.userId && !r.partner);
      const record = handicapRecord(
        own.map((r, i) => {
          const tee = tees.find((t) => t.id === r.tee_id)!;
          const rated = ratedTeeOf({
            ...tee,
            holes: tee.holes.map((h, n) => ({ number: n + 1, ...h })),
          });
          return {
            id: String(i),
            date: r.played_on,
            holesPlayed: r.holes_played,
            tee: rated,
            strokes: r.strokes,
          };
        }),
      );
      expect(record.index, golfer.username).not.toBeNull();
      expect(Math.abs(record.index! - golfer.handicap), golfer.username).toBeLessThan(
        Math.max(4, golfer.handicap * 0.25),
      );
    }
  });
});

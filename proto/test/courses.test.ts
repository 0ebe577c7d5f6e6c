import { describe, expect, it } from 'vitest';
import { blankHoles, COURSE_MESSAGES, courseErrors, playedTee, type TeeInput } from '../src/rules/courses';

const PARS = [4, 5, 3, 4, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];
const tee = (overrides: Partial<TeeInput> = {}): TeeInput => ({
  name: 'Blue',
  gender: 'men',
  par: 72,
  course_rating: 71.3,
  slope_rating: 128,
  holes: PARS.map((par, i) => ({ number: i + 1, par, stroke_index: ((i * 7) % 18) + 1 })),
  ...overrides,
});

describe('course rules', () => {
  it('when a tee is typical, then it has no problems; when numbers are still blank, then each says it is required', () => {
    expect(courseErrors({ name: 'West', holes: 18, tees: [tee()] })).toEqual({});
    expect(
      courseErrors({
        name: 'West',
        holes: 18,
        tees: [tee({ par: null, course_rating: null, slope_rating: null })],
      }),
    ).toEqual({
      'tees.0.par': COURSE_MESSAGES.parRequired,
      'tees.0.course_rating': COURSE_MESSAGES.ratingRequired,
      'tees.0.slope_rating': COURSE_MESSAGES.slopeRequired,
    });
  });

  it('when a rating has one decimal as floating point writes it, then it is taken; a second decimal is not', () => {
    for (const rating of [70.1, 70.3, 69.7, 72])
      expect(courseErrors({ name: 'W', holes: 18, tees: [tee({ course_rating: rating })] })).toEqual({});
    expect(courseErrors({ name: 'W', holes: 18, tees: [tee({ course_rating: 70.15 })] })).toEqual({
      'tees.0.course_rating': COURSE_MESSAGES.ratingOneDecimal,
    });
  });

  it('when a new tee starts from blank holes, then they satisfy the rules for their course', () => {
    expect(
      courseErrors({
        name: 'Nine',
        holes: 9,
        tees: [tee({ par: 36, course_rating: 35, holes: blankHoles(9) })],
      }),
    ).toEqual({});
  });

  it('when a round plays the back nine, then it gets those holes, their par, half the rating and the same slope', () => {
    const full = {
      par: 72,
      course_rating: 71.3,
      slope_rating: 128,
      holes: tee().holes.map((h) => ({ number: h.number, par: h.par!, stroke_index: h.stroke_index! })),
    };
    const back = playedTee(full, 'back');
    expect(back.holes.map((h) => h.number)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(back).toMatchObject({ par: 36, course_rating: 35.7, slope_rating: 128 });
    expect(playedTee(full, 'front')).toMatchObject({ par: 36, course_rating: 35.7 });
    expect(playedTee(full, 'all')).toBe(full);
  });
});

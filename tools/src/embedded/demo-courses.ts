import type { CourseBody, TeeBody } from '@linksmate/proto';
import { seededRandom } from './demo-media';
import type { DemoVenue } from './demo-venues/index';

/**
 * The demo venues' courses (docs/product.md#courses): typical values for a course of the venue's
 * kind, not the clubs' official ratings (the course is marked so and the venue page says it). Each
 * golf course gets one course with a men's (Blue) and a women's (Red) tee; a venue without a golf
 * course (mini golf) gets none. Par follows the kind: championship and resort 72, private and
 * semi-private 71, public and municipal 70; a 9-hole course 35, a pitch-and-putt nine all par 3s.
 * The layout and stroke indexes are drawn from the venue's slug, so every run makes the same card.
 */

interface Kind {
  /** Par 3s and par 5s on the front and back nine; the rest are par 4s. */
  front: { threes: number; fives: number };
  back: { threes: number; fives: number };
  /** The men's tee: rating above or below par, and slope; the women's is longer relative to par. */
  menRatingOverPar: number;
  menSlope: number;
  womenRatingOverPar: number;
  womenSlope: number;
}

const CHAMPIONSHIP: Kind = {
  front: { threes: 2, fives: 2 },
  back: { threes: 2, fives: 2 },
  menRatingOverPar: 1.8,
  menSlope: 136,
  womenRatingOverPar: 3.6,
  womenSlope: 138,
};
const PRIVATE: Kind = {
  front: { threes: 2, fives: 2 },
  back: { threes: 2, fives: 1 },
  menRatingOverPar: 0.9,
  menSlope: 130,
  womenRatingOverPar: 3.1,
  womenSlope: 133,
};
const RESORT: Kind = {
  ...CHAMPIONSHIP,
  menRatingOverPar: 0.6,
  menSlope: 128,
  womenRatingOverPar: 2.6,
  womenSlope: 130,
};
const PUBLIC: Kind = {
  front: { threes: 2, fives: 1 },
  back: { threes: 2, fives: 1 },
  menRatingOverPar: -0.8,
  menSlope: 121,
  womenRatingOverPar: 1.9,
  womenSlope: 124,
};
const NINE: Kind = {
  front: { threes: 2, fives: 1 },
  back: { threes: 0, fives: 0 },
  menRatingOverPar: -0.6,
  menSlope: 114,
  womenRatingOverPar: 0.9,
  womenSlope: 117,
};
const PITCH_AND_PUTT: Kind = {
  front: { threes: 9, fives: 0 },
  back: { threes: 0, fives: 0 },
  menRatingOverPar: -0.4,
  menSlope: 80,
  womenRatingOverPar: 0.3,
  womenSlope: 82,
};

function kindOf(venue: DemoVenue): Kind {
  if (venue.course_full_length === 9)
    return venue.venue_type?.includes('pitch_and_putt') ? PITCH_AND_PUTT : NINE;
  switch (venue.course_type) {
    case 'championship':
      return CHAMPIONSHIP;
    case 'resort':
      return RESORT;
    case 'private':
    case 'semi_private':
      return PRIVATE;
    default:
      return PUBLIC;
  }
}

/** A nine's pars: its par 3s and 5s placed by `random`, never on its first hole (a par 4 starts). */
function ninePars(mix: { threes: number; fives: number }, random: () => number): number[] {
  const pars = [
    ...Array<number>(mix.threes).fill(3),
    ...Array<number>(mix.fives).fill(5),
    ...Array<number>(9 - mix.threes - mix.fives).fill(4),
  ];
  for (let i = pars.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pars[i], pars[j]] = [pars[j]!, pars[i]!];
  }
  const firstFour = pars.indexOf(4);
  if (firstFour > 0) [pars[0], pars[firstFour]] = [pars[firstFour]!, pars[0]!];
  return pars;
}

/**
 * Stroke indexes as clubs allocate them: the long par 4s hardest, par 3s easiest, with the
 * front nine taking the odd indexes and the back the even (`oddFront`), or the other way round;
 * a 9-hole course ranks its holes 1–9.
 */
function strokeIndexes(pars: number[], random: () => number, oddFront: boolean): number[] {
  const hardness = pars.map((par) => ({ 4: 3, 5: 2, 3: 1 })[par as 3 | 4 | 5]! + random() * 1.5);
  const indexes = Array<number>(pars.length).fill(0);
  const rank = (holes: number[], first: number, step: number) =>
    [...holes]
      .sort((a, b) => hardness[b]! - hardness[a]!)
      .forEach((hole, i) => {
        indexes[hole] = first + i * step;
      });
  const all = pars.map((_, i) => i);
  if (pars.length === 9) rank(all, 1, 1);
  else {
    rank(all.slice(0, 9), oddFront ? 1 : 2, 2);
    rank(all.slice(9), oddFront ? 2 : 1, 2);
  }
  return indexes;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

function tee(
  name: string,
  gender: 'men' | 'women',
  pars: number[],
  indexes: number[],
  ratingOverPar: number,
  slope: number,
): TeeBody {
  const par = pars.reduce((sum, p) => sum + p, 0);
  return {
    name,
    gender,
    par,
    course_rating: tenth(par + ratingOverPar),
    slope_rating: slope,
    holes: pars.map((p, i) => ({ number: i + 1, par: p, stroke_index: indexes[i]! })),
  };
}

/** The typical course of a demo venue, or none for a venue without a golf course. */
export function typicalCourses(venue: DemoVenue): CourseBody[] {
  if (!venue.venue_type?.includes('golf_course')) return [];
  const random = seededRandom(`${venue.slug}:course`);
  const kind = kindOf(venue);
  const holes = venue.course_full_length === 9 ? 9 : 18;
  const pars =
    holes === 9
      ? ninePars(kind.front, random)
      : [...ninePars(kind.front, random), ...ninePars(kind.back, random)];
  // A harder course rates a little higher and slopes steeper; each venue varies a little.
  const hard = venue.difficulty_men === 'expert' ? 1 : 0;
  const spread = () => Math.round((random() - 0.5) * 8) / 10;
  const slopeSpread = () => Math.round((random() - 0.5) * 6);
  return [
    {
      name:
        holes === 9
          ? 'Nine-Hole Course'
          : venue.course_type === 'championship'
            ? 'Championship Course'
            : 'Main Course',
      holes,
      tees: [
        tee(
          'Blue',
          'men',
          pars,
          strokeIndexes(pars, random, true),
          kind.menRatingOverPar + hard + spread(),
          kind.menSlope + hard * 5 + slopeSpread(),
        ),
        tee(
          'Red',
          'women',
          pars,
          strokeIndexes(pars, random, false),
          kind.womenRatingOverPar + hard + spread(),
          kind.womenSlope + hard * 4 + slopeSpread(),
        ),
      ],
    },
  ];
}
